import { DEFAULT_LANGUAGE, type Language } from '@shop/shared/i18n/languages';
import type { PhotoAlt, ProductPhoto } from '@shop/shared/contracts/product-photos';
import { photoSizes } from './photo-images';

/**
 * `products.photos`: a product's photos as JSON, rewritten in the transaction of every photo change,
 * so the catalogue read model (modules/products/catalogue-read-model.ts) reads them with the
 * product row — no query per product, nothing extra per request once the product is cached.
 */
export interface StoredPhoto {
  id: number;
  hash: string;
  width: number;
  height: number;
  widths: number[];
  alt: PhotoAlt;
}

export function storedPhotosJson(photos: readonly StoredPhoto[]): string | null {
  return photos.length === 0 ? null : JSON.stringify(photos);
}

/** The stored JSON, or [] when there is none (or it does not read). */
export function parseStoredPhotos(json: string | null | undefined): StoredPhoto[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as StoredPhoto[]) : [];
  } catch {
    return [];
  }
}

/** The photos as the shop shows them, with the alt text of the language (Hungarian when empty). */
export function shopPhotos(photos: readonly StoredPhoto[], language: Language): ProductPhoto[] {
  return photos.map((photo) => ({
    id: photo.id,
    width: photo.width,
    height: photo.height,
    alt: photo.alt[language] || photo.alt[DEFAULT_LANGUAGE] || '',
    sizes: photoSizes(photo.hash, photo.width, photo.height, photo.widths),
  }));
}
