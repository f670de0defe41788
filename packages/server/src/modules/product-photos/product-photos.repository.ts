import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductPhotosTable } from '../../db/schema';

/** Queries of the product photos (migration 010). Works on a transaction handle. */

type Db = Kysely<Database>;

const PHOTO_COLUMNS = [
  'id',
  'product_id',
  'hash',
  'position',
  'width',
  'height',
  'widths',
  'alt_hu',
  'alt_en',
  'alt_vi',
  'alt_zh',
] as const;

/** A photo as the queries below answer it: the columns above. */
export type PhotoRow = Pick<Selectable<ProductPhotosTable>, (typeof PHOTO_COLUMNS)[number]>;

export async function findProductBySku(
  db: Db,
  sku: string,
): Promise<{ id: number; sku: string } | undefined> {
  return db.selectFrom('products').select(['id', 'sku']).where('sku', '=', sku).executeTakeFirst();
}

export async function findProductIdsBySku(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(skus)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('sku', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.sku, row.id);
  }
  return out;
}

export async function listPhotos(db: Db, productId: number): Promise<PhotoRow[]> {
  return db
    .selectFrom('product_photos')
    .select(PHOTO_COLUMNS)
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertPhoto(
  db: Db,
  row: {
    productId: number;
    hash: string;
    position: number;
    width: number;
    height: number;
    widths: readonly number[];
    now: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('product_photos')
    .values({
      product_id: row.productId,
      hash: row.hash,
      position: row.position,
      width: row.width,
      height: row.height,
      widths: row.widths.join(','),
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deletePhoto(db: Db, productId: number, photoId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('product_photos')
    .where('id', '=', photoId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setPosition(db: Db, photoId: number, position: number): Promise<void> {
  await db.updateTable('product_photos').set({ position }).where('id', '=', photoId).execute();
}

export async function setAlt(
  db: Db,
  photoId: number,
  alt: { hu: string; en: string; vi: string; zh: string },
): Promise<void> {
  await db
    .updateTable('product_photos')
    .set({ alt_hu: alt.hu, alt_en: alt.en, alt_vi: alt.vi, alt_zh: alt.zh })
    .where('id', '=', photoId)
    .execute();
}

/** Writes the product's photo JSON (what the catalogue read model shows). */
export async function setProductPhotosJson(
  db: Db,
  productId: number,
  json: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ photos: json, updated_at: now })
    .where('id', '=', productId)
    .execute();
}

export async function hashInUse(db: Db, hash: string): Promise<boolean> {
  const row = await db.selectFrom('product_photos').select('id').where('hash', '=', hash).executeTakeFirst();
  return row !== undefined;
}
