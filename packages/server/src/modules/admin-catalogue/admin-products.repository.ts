import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Language } from '@shop/shared/i18n/languages';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { ADMIN_COUNT_CAP } from '@shop/shared/contracts/admin-common';
import { cappedTotal, offsetOf } from '../admin/admin-query';
import { inIdList, searchTextMatches } from '../products/products.dialect';
import type { AnchorFilter, PageStart, ProductPageAnchors } from './product-page-anchors.repository';
import type { ProductSearchMatches, SearchMatches } from './product-search-matches';

/** The back office's product list query. No logic here, only SQL. */

type Db = Kysely<Database>;

export interface ProductListFilter {
  /** Folded search words, all of which the search text must contain. */
  words: readonly string[];
  active?: boolean | undefined;
  page: number;
  pageSize: number;
  /** The language of the names (Hungarian, then any, when missing). */
  language: Language;
  /** The process's anchor SKUs: a deep page without search words starts from the nearest one. */
  anchors?: ProductPageAnchors | undefined;
  /** The process's kept search matches: a search's count is found once per catalogue version. */
  searchMatches?: ProductSearchMatches | undefined;
}

/** SQLite: the index rows a page may walk, checking each row's search text, before sorting the matches wins. */
const WALK_BUDGET = 20_000;

/** FTS5 trigram queries need at least 3 characters per term (as in products.dialect). */
const TRIGRAM = 3;

/** Every word is a substring of p.search_text, by LIKE alone (what the trigram index narrows to). */
function searchTextLikes(words: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql<SqlBool>`p.search_text like ${`%${word}%`}`),
    sql` and `,
  )})`;
}

/**
 * The matches counted up to ADMIN_COUNT_CAP + 1, and on SQLite with a searched word of 3 characters or
 * more also their ids when within the cap (docs/decisions/0021): the FTS5 table drives and stops at the
 * cap (`p.id in (select rowid …)` first collected every match, 58,000 rowids for a common word at a
 * million products), with no other condition the FTS table alone answers, and the page is taken from
 * these ids instead of asking the FTS table a second time (a barcode's digit trigrams cost ~35 ms a
 * time). Otherwise: the list's own conditions, counted up to the cap.
 */
async function countMatches(db: Db, dialect: DialectName, query: ProductListFilter): Promise<SearchMatches> {
  const indexed = query.words.filter((word) => [...word].length >= TRIGRAM);
  if (dialect === 'sqlite' && indexed.length > 0) {
    const match = indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
    const short = query.words.filter((word) => [...word].length < TRIGRAM);
    const conditions: Expression<SqlBool>[] = [];
    if (short.length > 0) conditions.push(searchTextLikes(short));
    if (query.active !== undefined) conditions.push(sql<SqlBool>`p.is_active = ${query.active ? 1 : 0}`);
    const limit = ADMIN_COUNT_CAP + 1;
    const { rows } = await (
      conditions.length === 0
        ? sql<{ id: number }>`select rowid as id from products_fts
          where products_fts match ${match} limit ${limit}`
        : sql<{ id: number }>`select p.id from products_fts
          join products p on p.id = products_fts.rowid
          where products_fts match ${match} and ${sql.join(conditions, sql` and `)} limit ${limit}`
    ).execute(db);
    const ids = rows.map((row) => Number(row.id));
    return ids.length > ADMIN_COUNT_CAP ? { counted: ids.length } : { counted: ids.length, ids };
  }
  let base = db.selectFrom('products as p');
  if (query.words.length > 0) base = base.where(searchTextMatches(dialect, query.words));
  if (query.active !== undefined) base = base.where('p.is_active', '=', query.active ? 1 : 0);
  const row = await db
    .selectFrom(
      base
        .select('p.id')
        .limit(ADMIN_COUNT_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { counted: Number(row.n) };
}

/**
 * Decision 0023: a search word of 8 or more digits is a barcode as staff scan or type it. It finds the
 * products whose barcode starts with it, and those whose SKU or name contains it (substring, as any
 * other word); shorter digit words and other words keep their meaning (a substring of search_text).
 */
export const BARCODE_WORD = /^[0-9]{8,}$/;

/**
 * The ids a barcode word finds (BARCODE_WORD). The barcode prefix reads a btree of pack_sizes.barcode
 * (PostgreSQL: varchar_pattern_ops, migration 018; SQLite: the default binary index as a range, ':' being
 * the character after '9'). The SKU and name part reads search_text without its barcodes (up to the
 * SKU's closing '~', product-search-text.service.ts): on PostgreSQL the pg_trgm index of that expression
 * (migration 018), whose digit trigrams are selective; on SQLite the FTS table narrows, the expression
 * decides.
 */
function barcodeWordIds(db: Db, dialect: DialectName, word: string) {
  const prefix =
    dialect === 'postgres'
      ? sql<SqlBool>`b.barcode like ${`${word}%`}`
      : sql<SqlBool>`b.barcode >= ${word} and b.barcode < ${`${word}:`}`;
  const nameOrSku =
    dialect === 'postgres'
      ? sql<SqlBool>`(split_part(p.search_text, '~', 1) || '~' || split_part(p.search_text, '~', 2)) like ${`%${word}%`}`
      : sql<SqlBool>`p.id in (select rowid from products_fts where products_fts match ${`"${word}"`})
          and substr(p.search_text, 1, instr(p.search_text, '~')
            + instr(substr(p.search_text, instr(p.search_text, '~') + 1), '~')) like ${`%${word}%`}`;
  return db
    .selectFrom('pack_sizes as b')
    .select('b.product_id as id')
    .where(prefix)
    .union(db.selectFrom('products as p').select('p.id').where(nameOrSku));
}

/** The list's conditions when a word is a barcode (BARCODE_WORD): each barcode word's ids, the other words, the flag. */
function barcodeSearchConditions(
  db: Db,
  dialect: DialectName,
  query: ProductListFilter,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = query.words
    .filter((word) => BARCODE_WORD.test(word))
    .map((word) => sql<SqlBool>`p.id in (${barcodeWordIds(db, dialect, word)})`);
  const others = query.words.filter((word) => !BARCODE_WORD.test(word));
  if (others.length > 0) conditions.push(searchTextMatches(dialect, others));
  if (query.active !== undefined) conditions.push(sql<SqlBool>`p.is_active = ${query.active ? 1 : 0}`);
  return conditions;
}

/** The products that meet all the conditions, up to ADMIN_COUNT_CAP + 1, and their ids when within the cap. */
async function collectMatches(db: Db, conditions: readonly Expression<SqlBool>[]): Promise<SearchMatches> {
  let matches = db.selectFrom('products as p').select('p.id');
  for (const condition of conditions) matches = matches.where(condition);
  const rows = await matches.limit(ADMIN_COUNT_CAP + 1).execute();
  const ids = rows.map((row) => Number(row.id));
  return ids.length > ADMIN_COUNT_CAP ? { counted: ids.length } : { counted: ids.length, ids };
}

/**
 * One page of products by SKU with name, manufacturer and base price, and the total that match, counted
 * up to ADMIN_COUNT_CAP + 1 rows (issue 18 point 5, docs/decisions/0021-capped-list-totals.md: the exact
 * count of a million products read the whole SKU index on every page).
 */
export async function listProductRows(db: Db, dialect: DialectName, query: ProductListFilter) {
  const { words, language } = query;
  const offset = offsetOf(query.page, query.pageSize);
  const barcodeConditions = words.some((word) => BARCODE_WORD.test(word))
    ? barcodeSearchConditions(db, dialect, query)
    : null;
  const find = (): Promise<SearchMatches> =>
    barcodeConditions ? collectMatches(db, barcodeConditions) : countMatches(db, dialect, query);
  const { counted, ids } =
    words.length > 0 && query.searchMatches
      ? await query.searchMatches.of(db, `${String(query.active)} ${words.join(' ')}`, find)
      : await find();
  // SQLite: words found in more than 10,000 products are met every few rows of the SKU index, so the
  // page walks it and checks each row's search text; collecting and sorting every match by SKU took
  // ~100 ms at a million products. Fewer matches: the FTS table finds them, then they are sorted.
  // The same when a thousand or more match and the page's end is expected within WALK_BUDGET rows of
  // the index (matches spread through the SKUs; the highest id stands in for the number of products).
  let walkSkuIndex =
    !barcodeConditions && dialect === 'sqlite' && words.length > 0 && counted > ADMIN_COUNT_CAP;
  if (!barcodeConditions && dialect === 'sqlite' && words.length > 0 && !walkSkuIndex && counted >= 1_000) {
    const last = await db
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    walkSkuIndex = ((offset + query.pageSize) * Number(last?.id ?? 0)) / counted <= WALK_BUDGET;
  }
  // Issue 18 point 5, docs/decisions/0023: without search words a deep page walks at most one anchor
  // interval of the SKU index from the nearest anchor SKU, not (page - 1) × pageSize entries.
  let start: PageStart = { afterSku: null, offset };
  if (words.length === 0 && query.anchors) {
    const filter: AnchorFilter = query.active === undefined ? 'all' : query.active ? 'active' : 'inactive';
    start = await query.anchors.pageStart(db, filter, offset);
  }
  let base = db.selectFrom('products as p');
  if (start.afterSku !== null) base = base.where('p.sku', '>', start.afterSku);
  if (ids && !walkSkuIndex) base = base.where(inIdList(dialect, 'p.id', ids));
  else if (barcodeConditions) for (const condition of barcodeConditions) base = base.where(condition);
  else {
    if (words.length > 0)
      base = base.where(walkSkuIndex ? searchTextLikes(words) : searchTextMatches(dialect, words));
    if (query.active !== undefined) base = base.where('p.is_active', '=', query.active ? 1 : 0);
  }
  const rows = await db
    .selectFrom('products as p')
    // Issue 18 point 5: the page's ids first, walking only the SKU index (with is_active, migration
    // 015), then the columns and per-row subqueries for those 25 rows; a deep page used to build the
    // whole row, joins included, for every row it skipped.
    .where('p.id', 'in', base.select('p.id').orderBy('p.sku').limit(query.pageSize).offset(start.offset))
    .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
    .select([
      'p.id',
      'p.sku',
      'p.stock',
      'p.is_active',
      'p.is_orderable',
      'p.is_seasonal',
      'm.name as manufacturer',
    ])
    .select((eb) => [
      eb
        .selectFrom('product_details as d')
        .select('d.name')
        .whereRef('d.product_id', '=', 'p.id')
        .orderBy(sql`case when d.language = ${language} then 0 when d.language = 'hu' then 1 else 2 end`)
        .limit(1)
        .as('name'),
      eb
        .selectFrom('price_entries as e')
        .select('e.price')
        .whereRef('e.product_id', '=', 'p.id')
        .where('e.price_group', 'is', null)
        .orderBy('e.quantity_discount')
        .orderBy('e.id')
        .limit(1)
        .as('price'),
      eb
        .selectFrom('back_in_stock_requests as w')
        .select((w) => w.fn.countAll<number>().as('n'))
        .whereRef('w.product_id', '=', 'p.id')
        .as('waiting'),
    ])
    .orderBy('p.sku')
    .execute();
  return { ...cappedTotal(counted, offset, rows.length, query.pageSize), rows };
}
