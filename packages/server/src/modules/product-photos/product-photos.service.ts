import type { Kysely } from 'kysely';
import {
  PHOTO_MAX_PER_PRODUCT,
  PHOTO_TYPES,
  type AdminProductPhoto,
  type AdminProductPhotosResponse,
  type PhotoAlt,
  type ZipFileReport,
  type ZipUploadResult,
} from '@shop/shared/contracts/product-photos';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import {
  photoSizes,
  processPhoto,
  removePhotoFiles,
  storePhotoFiles,
  type ProcessedPhoto,
} from './photo-images';
import { type StoredPhoto, storedPhotosJson } from './photo-json';
import { isSkippedEntry, openPhotoZip, skuCandidates } from './photo-zip';
import * as repo from './product-photos.repository';

/**
 * Product photos (issue 17, docs/product.md "Product photos"): upload (back office and ERP), delete,
 * order and alt text. Each change rewrites the product's photo JSON and the catalogue version in
 * its transaction, so every process shows it on its next request. Files are written before the
 * row (a row never points at a missing file) and removed after the commit that dropped their
 * last row.
 */

type Db = Kysely<Database>;
/** Who changes: a staff member (audited) or the ERP integration (null). */
export type PhotoActor = number | null;

function toStored(row: repo.PhotoRow): StoredPhoto {
  return {
    id: row.id,
    hash: row.hash,
    width: Number(row.width),
    height: Number(row.height),
    widths: row.widths.split(',').map(Number),
    alt: { hu: row.alt_hu, en: row.alt_en, vi: row.alt_vi, zh: row.alt_zh },
  };
}

function toAdmin(row: repo.PhotoRow): AdminProductPhoto {
  const stored = toStored(row);
  return {
    id: stored.id,
    width: stored.width,
    height: stored.height,
    position: Number(row.position),
    alt: stored.alt,
    sizes: photoSizes(stored.hash, stored.width, stored.height, stored.widths),
  };
}

async function productOf(db: Db, sku: string): Promise<{ id: number; sku: string }> {
  const product = await repo.findProductBySku(db, sku);
  if (!product) throw new AppError('ERR_PRODUCT_NOT_FOUND');
  return product;
}

/** Renumbers positions 1..n in the given order, rewrites the product's JSON and the catalogue version. */
async function finishChange(
  ctx: AppContext,
  db: Db,
  productId: number,
  rows: repo.PhotoRow[],
): Promise<void> {
  const now = ctx.now();
  for (const [index, row] of rows.entries()) {
    if (Number(row.position) !== index + 1) await repo.setPosition(db, row.id, index + 1);
    row.position = index + 1;
  }
  await repo.setProductPhotosJson(db, productId, storedPhotosJson(rows.map(toStored)), now.toISOString());
  await bumpCatalogueVersion(db, now, [productId]);
}

async function audit(
  ctx: AppContext,
  db: Db,
  actor: PhotoActor,
  action: string,
  sku: string,
  before: unknown,
  after: unknown,
) {
  if (actor === null) return;
  await recordAudit(db, {
    actorUserId: actor,
    action: `product.photo.${action}`,
    entity: 'product',
    entityId: sku,
    before,
    after,
    at: ctx.now(),
  });
}

export async function listPhotos(ctx: AppContext, sku: string): Promise<AdminProductPhotosResponse> {
  const product = await productOf(ctx.database.db, sku);
  const rows = await repo.listPhotos(ctx.database.db, product.id);
  return { sku: product.sku, photos: rows.map(toAdmin) };
}

export function checkPhotoType(contentType: string | undefined): void {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) throw new AppError('ERR_NOT_AN_IMAGE');
}

/** Stores an already processed photo as the product's last one. */
async function insertProcessed(
  ctx: AppContext,
  actor: PhotoActor,
  product: { id: number; sku: string },
  photo: ProcessedPhoto,
): Promise<number> {
  await storePhotoFiles(ctx.config.dataDir, photo);
  try {
    return await ctx.database.db.transaction().execute(async (trx) => {
      // The product row is locked first, so two uploads to one product take turns over the count.
      await trx
        .updateTable('products')
        .set({ updated_at: ctx.now().toISOString() })
        .where('id', '=', product.id)
        .execute();
      const rows = await repo.listPhotos(trx, product.id);
      if (rows.length >= PHOTO_MAX_PER_PRODUCT) {
        throw new AppError('ERR_VALIDATION', { field: 'photos', max: PHOTO_MAX_PER_PRODUCT });
      }
      const id = await repo.insertPhoto(trx, {
        productId: product.id,
        hash: photo.hash,
        position: rows.length + 1,
        width: photo.width,
        height: photo.height,
        widths: photo.widths,
        now: ctx.now().toISOString(),
      });
      const after = await repo.listPhotos(trx, product.id);
      await finishChange(ctx, trx, product.id, after);
      await audit(ctx, trx, actor, 'add', product.sku, null, { id, hash: photo.hash });
      return id;
    });
  } catch (error) {
    if (!(await repo.hashInUse(ctx.database.db, photo.hash))) {
      await removePhotoFiles(ctx.config.dataDir, photo.hash, photo.widths);
    }
    throw error;
  }
}

/** `POST .../products/{sku}/photos`: the raw image; refused (nothing stored) when it is not a photo we take. */
export async function addPhoto(
  ctx: AppContext,
  actor: PhotoActor,
  sku: string,
  contentType: string | undefined,
  body: unknown,
): Promise<AdminProductPhotosResponse> {
  const product = await productOf(ctx.database.db, sku);
  checkPhotoType(contentType);
  if (!Buffer.isBuffer(body)) throw new AppError('ERR_NOT_AN_IMAGE');
  const photo = await processPhoto(body);
  await insertProcessed(ctx, actor, product, photo);
  return listPhotos(ctx, product.sku);
}

export async function deletePhoto(
  ctx: AppContext,
  actor: PhotoActor,
  sku: string,
  photoId: number,
): Promise<AdminProductPhotosResponse> {
  const removed = await ctx.database.db.transaction().execute(async (trx) => {
    const product = await productOf(trx, sku);
    const rows = await repo.listPhotos(trx, product.id);
    const row = rows.find((r) => r.id === photoId);
    if (!row || !(await repo.deletePhoto(trx, product.id, photoId)))
      throw new AppError('ERR_PHOTO_NOT_FOUND');
    await finishChange(
      ctx,
      trx,
      product.id,
      rows.filter((r) => r.id !== photoId),
    );
    await audit(ctx, trx, actor, 'delete', product.sku, toStored(row), null);
    return toStored(row);
  });
  if (!(await repo.hashInUse(ctx.database.db, removed.hash))) {
    await removePhotoFiles(ctx.config.dataDir, removed.hash, removed.widths);
  }
  return listPhotos(ctx, sku);
}

/** The new order: every photo id of the product once (else ERR_VALIDATION, nothing changed). */
export async function reorderPhotos(
  ctx: AppContext,
  actor: number,
  sku: string,
  photoIds: readonly number[],
): Promise<AdminProductPhotosResponse> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const product = await productOf(trx, sku);
    const rows = await repo.listPhotos(trx, product.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const same =
      photoIds.length === rows.length &&
      new Set(photoIds).size === photoIds.length &&
      photoIds.every((id) => byId.has(id));
    if (!same) throw new AppError('ERR_VALIDATION', { field: 'photoIds' });
    await finishChange(
      ctx,
      trx,
      product.id,
      photoIds.map((id) => byId.get(id)!),
    );
    await audit(
      ctx,
      trx,
      actor,
      'order',
      product.sku,
      rows.map((r) => r.id),
      photoIds,
    );
  });
  return listPhotos(ctx, sku);
}

export async function setPhotoAlt(
  ctx: AppContext,
  actor: number,
  sku: string,
  photoId: number,
  alt: PhotoAlt,
): Promise<AdminProductPhotosResponse> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const product = await productOf(trx, sku);
    const rows = await repo.listPhotos(trx, product.id);
    const row = rows.find((r) => r.id === photoId);
    if (!row) throw new AppError('ERR_PHOTO_NOT_FOUND');
    const before = toStored(row).alt;
    await repo.setAlt(trx, photoId, alt);
    row.alt_hu = alt.hu;
    row.alt_en = alt.en;
    row.alt_vi = alt.vi;
    row.alt_zh = alt.zh;
    await finishChange(ctx, trx, product.id, rows);
    await audit(ctx, trx, actor, 'alt', product.sku, before, alt);
  });
  return listPhotos(ctx, sku);
}

/**
 * Bulk upload: a ZIP whose file names are SKUs (`NK10001.jpg`, `NK10001-2.jpg`). Each file is
 * checked on its own and reported (matched, unknown SKU, not an image, too large); the matched
 * ones are added after the product's photos, in the order of their number.
 */
export async function uploadZip(ctx: AppContext, actor: number, body: unknown): Promise<ZipUploadResult> {
  if (!Buffer.isBuffer(body)) throw new AppError('ERR_NOT_A_ZIP');
  const zip = await openPhotoZip(body);
  try {
    const files = zip.entries.filter((entry) => !isSkippedEntry(entry));
    const skus = await repo.findProductIdsBySku(
      ctx.database.db,
      files.flatMap((entry) => skuCandidates(entry.name).candidates),
    );
    const planned = files.map((entry, order) => {
      const { candidates, index } = skuCandidates(entry.name);
      const sku = candidates.find((c) => skus.has(c)) ?? null;
      // `NK10001-2` named a product itself: it is that product's first photo.
      const position = sku !== null && sku === candidates[0] ? 1 : index;
      return { entry, sku, position, order };
    });
    planned.sort(
      (a, b) => (a.sku ?? '').localeCompare(b.sku ?? '') || a.position - b.position || a.order - b.order,
    );
    const reports = new Map<string, ZipFileReport>();
    for (const { entry, sku } of planned) {
      const report: ZipFileReport = { file: entry.name, outcome: 'matched', sku, photoId: null };
      reports.set(entry.name, report);
      if (sku === null) {
        report.outcome = 'unknown_sku';
        continue;
      }
      if (entry.size > 20 * 1024 * 1024) {
        report.outcome = 'too_large';
        continue;
      }
      try {
        const data = await zip.read(entry.name);
        const photo = await processPhoto(data);
        report.photoId = await insertProcessed(ctx, actor, { id: skus.get(sku)!, sku }, photo);
      } catch (error) {
        if (isAppError(error) && error.code === 'ERR_IMAGE_TOO_LARGE') report.outcome = 'too_large';
        else if (isAppError(error) && error.code === 'ERR_VALIDATION') report.outcome = 'too_many_photos';
        else if (isAppError(error) && error.code === 'ERR_NOT_AN_IMAGE') report.outcome = 'not_an_image';
        else if (isAppError(error)) throw error;
        else report.outcome = 'not_an_image';
      }
    }
    for (const entry of zip.entries) {
      if (isSkippedEntry(entry) && !entry.isDirectory) {
        reports.set(entry.name, { file: entry.name, outcome: 'skipped', sku: null, photoId: null });
      }
    }
    const list = zip.entries.flatMap((entry) => reports.get(entry.name) ?? []);
    const matched = list.filter((r) => r.outcome === 'matched').length;
    return {
      matched,
      refused: list.filter((r) => r.outcome !== 'matched' && r.outcome !== 'skipped').length,
      files: list,
    };
  } finally {
    zip.close();
  }
}
