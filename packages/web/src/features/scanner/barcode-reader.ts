import type { BarcodeDetector as PolyfillDetector } from 'barcode-detector/ponyfill';
// The ZXing WebAssembly file, copied into the build: the shop serves it itself (a shop behind a
// firewall, or offline, cannot reach the polyfill's default CDN).
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The formats on the shop's packs: EAN-13, EAN-8, UPC-A (GS1) and Code 128 (issue 19 point 5). */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128'] as const;

export interface BarcodeReader {
  /** The raw values of the barcodes in the frame (empty when none). */
  detect(source: HTMLVideoElement): Promise<string[]>;
}

type DetectorClass = typeof PolyfillDetector;

/** The browser's BarcodeDetector when it reads every format of the shop, else null. */
async function nativeDetector(): Promise<DetectorClass | null> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!native) return null;
  try {
    const supported = await native.getSupportedFormats();
    return SCAN_FORMATS.every((format) => supported.includes(format)) ? native : null;
  } catch {
    return null;
  }
}

/** The ZXing polyfill, loading its WebAssembly from the shop's own origin. */
async function polyfillDetector(): Promise<DetectorClass> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? new URL(zxingWasmUrl, window.location.href).href : prefix + path,
    },
  });
  return BarcodeDetector;
}

/**
 * A reader of the shop's barcode formats: the BarcodeDetector API where the browser has it (Android
 * Chrome, Safari 17+), the ZXing WebAssembly polyfill elsewhere (desktop Chromium on Linux,
 * Firefox). Loaded only when the camera opens.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Detector = (await nativeDetector()) ?? (await polyfillDetector());
  const detector = new Detector({ formats: [...SCAN_FORMATS] });
  return {
    async detect(source) {
      const found = await detector.detect(source);
      return found.map((barcode) => barcode.rawValue).filter((value) => value.length > 0);
    },
  };
}
