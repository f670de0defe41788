import { sql, type Kysely } from 'kysely';
import type { Language } from '@shop/shared/i18n/languages';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { ADMIN_COUNT_CAP } from '@shop/shared/contracts/admin-common';
import { cappedTotal, offsetOf } from '../admin/admin-query';
import { searchTextMatches } from '../products/products.dialect';

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
}

/**
 * One page of products by SKU with name, manufacturer and base price, and the total that match, counted
 * up to ADMIN_COUNT_CAP + 1 rows (issue 18 point 5, docs/decisions/0021-capped-list-totals.md: the exact
 * count of a million products read the whole SKU index on every page).
 */
export async function listProductRows(db: Db, dialect: DialectName, query: ProductListFilter) {
  const { words, language } = query;
  let base = db.selectFrom('products as p');
  if (words.length > 0) base = base.where(searchTextMatches(dialect, words));
  if (query.active !== undefined) base = base.where('p.is_active', '=', query.active ? 1 : 0);
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom(
        base
          .select('p.id')
          .limit(ADMIN_COUNT_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products as p')
      // Issue 18 point 5: the page's ids first, walking only the SKU index (with is_active, migration
      // 015), then the columns and per-row subqueries for those 25 rows; a deep page used to build the
      // whole row, joins included, for every row it skipped.
      .where(
        'p.id',
        'in',
        base
          .select('p.id')
          .orderBy('p.sku')
          .limit(query.pageSize)
          .offset(offsetOf(query.page, query.pageSize)),
      )
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
      .execute(),
  ]);
  const offset = offsetOf(query.page, query.pageSize);
  return { ...cappedTotal(Number(countRow.n), offset, rows.length, query.pageSize), rows };
}
