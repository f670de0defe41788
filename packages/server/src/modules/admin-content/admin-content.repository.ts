import type { Kysely } from 'kysely';
import { idRows } from '../../db/id-rows';
import type { Database } from '../../db/schema';
import { relatedCount } from '../admin/admin-query';

type Db = Kysely<Database>;

/** The table that holds the texts of news items and of content pages, and its column naming the owner. */
const TEXT_TABLES = {
  news: { table: 'news_translations', owner: 'news_id' },
  page: { table: 'content_page_translations', owner: 'page_id' },
} as const;

/** The texts of news items or of content pages, each with the id of the record it belongs to. */
export async function findTexts(db: Db, kind: keyof typeof TEXT_TABLES, ownerIds: readonly number[]) {
  if (ownerIds.length === 0) return [];
  const { table, owner } = TEXT_TABLES[kind];
  return db
    .selectFrom(table)
    .select([`${owner} as owner_id`, 'language', 'title', 'description'])
    .where(owner, 'in', ownerIds)
    .execute();
}

/** Replaces the texts (one per language) of a news item or a content page. */
export async function replaceTexts(
  db: Db,
  kind: keyof typeof TEXT_TABLES,
  ownerId: number,
  texts: { language: string; title: string; description: string }[],
) {
  const { table, owner } = TEXT_TABLES[kind];
  await db.deleteFrom(table).where(owner, '=', ownerId).execute();
  if (texts.length > 0)
    await db
      .insertInto(table)
      .values(texts.map((t) => ({ [owner]: ownerId, ...t })))
      .execute();
}

// News --------------------------------------------------------------------------------------------
export async function listNews(db: Db) {
  return db
    .selectFrom('news as n')
    .selectAll('n')
    .select((eb) => relatedCount(eb, 'news_products as np', 'np.news_id', 'n.id', 'product_count'))
    .orderBy((eb) => eb.fn.coalesce('n.starts_at', 'n.created_at'), 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}
export async function findNews(db: Db, id: number) {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function findNewsProducts(db: Db, newsId: number) {
  return db
    .selectFrom('news_products as np')
    .innerJoin('products as p', 'p.id', 'np.product_id')
    .leftJoin('product_details as d', (join) =>
      join.onRef('d.product_id', '=', 'p.id').on('d.language', '=', 'hu'),
    )
    .select(['p.id', 'p.sku', 'd.name'])
    .where('np.news_id', '=', newsId)
    .orderBy('np.sort_order')
    .orderBy('p.id')
    .execute();
}
export async function findProductsBySku(db: Db, skus: string[]) {
  if (skus.length === 0) return [];
  return db.selectFrom('products').select(['id', 'sku']).where('sku', 'in', skus).execute();
}
export async function insertNews(
  db: Db,
  values: { starts_at: string | null; ends_at: string | null; is_active: 0 | 1; created_at: string },
) {
  return (await db.insertInto('news').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateNews(
  db: Db,
  id: number,
  values: { starts_at: string | null; ends_at: string | null; is_active: 0 | 1 },
) {
  await db.updateTable('news').set(values).where('id', '=', id).execute();
}
export async function replaceNewsProducts(db: Db, newsId: number, productIds: number[]) {
  await db.deleteFrom('news_products').where('news_id', '=', newsId).execute();
  if (productIds.length > 0)
    await db
      .insertInto('news_products')
      .values(
        productIds.map((productId, index) => ({ news_id: newsId, product_id: productId, sort_order: index })),
      )
      .execute();
}
export async function deleteNews(db: Db, id: number) {
  await db.deleteFrom('news_products').where('news_id', '=', id).execute();
  await db.deleteFrom('news_translations').where('news_id', '=', id).execute();
  await db.deleteFrom('news').where('id', '=', id).execute();
}

// Content pages -----------------------------------------------------------------------------------
export async function listPages(db: Db) {
  return db.selectFrom('content_pages').selectAll().orderBy('sort_order').orderBy('path').execute();
}
export async function findPage(db: Db, id: number) {
  return db.selectFrom('content_pages').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertPage(db: Db, values: { path: string; sort_order: number; updated_at: string }) {
  return (await db.insertInto('content_pages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updatePage(
  db: Db,
  id: number,
  values: { path: string; sort_order: number; updated_at: string },
) {
  await db.updateTable('content_pages').set(values).where('id', '=', id).execute();
}
export async function deletePage(db: Db, id: number) {
  await db.deleteFrom('content_page_translations').where('page_id', '=', id).execute();
  await db.deleteFrom('content_pages').where('id', '=', id).execute();
}

// Newspapers --------------------------------------------------------------------------------------
export async function listNewspapers(db: Db) {
  return db
    .selectFrom('newspapers')
    .selectAll()
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
const newspaperRows = idRows('newspapers');
export const findNewspaper = newspaperRows.find;
export const insertNewspaper = newspaperRows.insert;
export const updateNewspaper = newspaperRows.update;
export const deleteNewspaper = newspaperRows.remove;
