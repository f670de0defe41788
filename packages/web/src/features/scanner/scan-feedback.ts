/**
 * A short beep (Web Audio) and a vibration (where the device has one) when a scan lands in the
 * cart (issue 19 point 5). Either is skipped quietly where the browser lacks it.
 */
let audio: AudioContext | null = null;

export function scanFeedback(): void {
  try {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    if (Context) {
      audio ??= new Context();
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = 1760;
      gain.gain.value = 0.08;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + 0.09);
    }
  } catch {
    // No sound device: the toast and the vibration still tell.
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(80);
}
