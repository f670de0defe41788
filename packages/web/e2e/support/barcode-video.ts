import { writeFileSync } from 'node:fs';
import { isValidGs1Barcode } from '@shop/shared/rules/gs1-barcode';

/**
 * A barcode in front of Chromium's fake camera (`--use-file-for-fake-video-capture`): an EAN-13
 * drawn into a grey-scale picture and written as a YUV4MPEG2 video (raw 4:2:0 frames).
 */

const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
/** G codes are the R codes reversed; R codes are the L codes inverted. */
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** The first digit is the parity pattern of the left half. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 ('1' black, '0' white). */
export function ean13Modules(code: string): string {
  if (code.length !== 13 || !isValidGs1Barcode(code)) throw new Error(`not an EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  const left = digits
    .slice(1, 7)
    .map((digit, i) => (parity[i] === 'L' ? L_CODES : G_CODES)[digit])
    .join('');
  const right = digits
    .slice(7)
    .map((digit) => R_CODES[digit])
    .join('');
  return `101${left}01010${right}101`;
}

export interface GreyPicture {
  width: number;
  height: number;
  /** One byte of luma per pixel, row by row. */
  pixels: Uint8Array;
}

/** The barcode on white, `moduleWidth` pixels a module, centred, with a wide quiet zone. */
export function ean13Picture(code: string, width = 640, height = 480, moduleWidth = 4): GreyPicture {
  const modules = ean13Modules(code);
  const pixels = new Uint8Array(width * height).fill(235);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const top = Math.floor(height * 0.2);
  const bottom = Math.floor(height * 0.8);
  for (let m = 0; m < modules.length; m += 1) {
    if (modules[m] !== '1') continue;
    for (let y = top; y < bottom; y += 1) {
      pixels.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  return { width, height, pixels };
}

/** Writes the picture as a YUV4MPEG2 video of `frames` identical frames (Chromium loops it). */
export function writeY4m(file: string, picture: GreyPicture, frames = 10): void {
  const { width, height, pixels } = picture;
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), pixels, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
