/**
 * Ends the current task and continues in a new one, so the browser can paint and answer input in
 * between: long start-up work is cut into tasks a buyer's phone runs without a noticeable freeze.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
