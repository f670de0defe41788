import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_WIDTHS,
  type PhotoSize,
} from '@shop/shared/contracts/product-photos';
import { AppError } from '../../http/app-error';

/**
 * Decoding and re-encoding of uploaded photos (issue 17, docs/product.md "Product photos"). Every
 * upload goes through sharp: the header is read first (a decompression bomb — a small file that
 * declares a huge image — is refused before any pixel is decoded; `limitInputPixels` guards the
 * decoder too), the EXIF orientation is applied, every metadata block is dropped (sharp writes
 * none unless asked), and the widths of PHOTO_WIDTHS not above the original are written in WebP
 * and JPEG under `<dataDir>/images/photos/<hash>-<width>.webp|jpg`, where the hash is the SHA-256
 * of the uploaded bytes: the same photo uploaded twice shares its files, and a name never changes
 * its content, so the files are served as immutable.
 */

/** The public URL folder of the photo files (app.ts serves `<dataDir>/images` at /images/). */
export const PHOTO_URL_PREFIX = '/images/photos/';

sharp.cache(false);

export interface ProcessedPhoto {
  hash: string;
  /** Of the largest stored size (the oriented original, at most the largest width). */
  width: number;
  height: number;
  widths: number[];
  files: { name: string; data: Buffer }[];
}

const FORMATS = new Set(['jpeg', 'png', 'webp']);

export function photoDir(dataDir: string): string {
  return path.join(dataDir, 'images', 'photos');
}

/** The widths made for an original of this width: those of PHOTO_WIDTHS below it, and the original up to the largest. */
export function widthsFor(originalWidth: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < originalWidth);
  const top = Math.min(originalWidth, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/** The height of a stored width (the resize keeps the aspect ratio and rounds like this). */
export function heightFor(width: number, height: number, stored: number): number {
  return Math.max(1, Math.round((height * stored) / width));
}

export function photoSizes(
  hash: string,
  width: number,
  height: number,
  widths: readonly number[],
): PhotoSize[] {
  return widths.map((w) => ({
    width: w,
    height: heightFor(width, height, w),
    webp: `${PHOTO_URL_PREFIX}${hash}-${w}.webp`,
    jpeg: `${PHOTO_URL_PREFIX}${hash}-${w}.jpg`,
  }));
}

/**
 * Checks and re-encodes one upload. Throws ERR_NOT_AN_IMAGE for anything sharp cannot read as a
 * JPEG, PNG or WebP, ERR_IMAGE_TOO_LARGE beyond 20 MB or 40 megapixels.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > PHOTO_MAX_BYTES)
    throw new AppError('ERR_IMAGE_TOO_LARGE', { maxBytes: PHOTO_MAX_BYTES });
  if (input.length === 0) throw new AppError('ERR_NOT_AN_IMAGE');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('ERR_NOT_AN_IMAGE');
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('ERR_NOT_AN_IMAGE');
  }
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) {
    throw new AppError('ERR_IMAGE_TOO_LARGE', { maxPixels: PHOTO_MAX_PIXELS });
  }
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const originalWidth = turned ? meta.height : meta.width;
  const originalHeight = turned ? meta.width : meta.height;
  const widths = widthsFor(originalWidth);
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 40);
  const files: ProcessedPhoto['files'] = [];
  try {
    // Decoded once, oriented; every size is made from this clean copy (metadata never carried over).
    const base = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' }).rotate();
    for (const w of widths) {
      const resized = base.clone().resize({ width: w, withoutEnlargement: true });
      const [webp, jpeg] = await Promise.all([
        resized.clone().webp({ quality: 80 }).toBuffer(),
        resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      ]);
      files.push({ name: `${hash}-${w}.webp`, data: webp }, { name: `${hash}-${w}.jpg`, data: jpeg });
    }
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw new AppError('ERR_NOT_AN_IMAGE');
  }
  const largest = widths[widths.length - 1]!;
  return {
    hash,
    width: largest,
    height: heightFor(originalWidth, originalHeight, largest),
    widths,
    files,
  };
}

/** Writes the files (each through a temporary name, so a reader never sees half a file). */
export async function storePhotoFiles(dataDir: string, photo: ProcessedPhoto): Promise<void> {
  const dir = photoDir(dataDir);
  await mkdir(dir, { recursive: true });
  for (const file of photo.files) {
    const target = path.join(dir, file.name);
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    const temporary = path.join(dir, `.${file.name}.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, file.data);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }
}

/** Removes the files of a photo hash no row uses any more. */
export async function removePhotoFiles(
  dataDir: string,
  hash: string,
  widths: readonly number[],
): Promise<void> {
  const dir = photoDir(dataDir);
  for (const w of widths) {
    for (const ext of ['webp', 'jpg']) {
      await unlink(path.join(dir, `${hash}-${w}.${ext}`)).catch(() => undefined);
    }
  }
}
