import {
  sql,
  type AliasedExpression,
  type ExpressionBuilder,
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { ADMIN_COUNT_CAP, type AdminPage } from '@shop/shared/contracts/admin-common';
import type { Database } from '../../db/schema';

/** A LIKE pattern that matches `text` anywhere, with %, _ and \ escaped, lower-cased. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `lower(column) LIKE '%text%'` with the escape character declared, the same on SQLite and
 * PostgreSQL (PostgreSQL's LIKE is case-sensitive, SQLite's only for non-ASCII letters).
 */
export function lowerContains<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  text: string,
): Expression<SqlBool> {
  return sql<SqlBool>`lower(${eb.ref(column as never)}) like ${containsPattern(text)} escape '\\'`;
}

/** True when any of the columns contains `text` (see lowerContains): the back office's search box. */
export function anyContains<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  return eb.or(columns.map((column) => lowerContains(eb, column, text)));
}

/**
 * How many rows of `table` point at the outer row (`column` = `outer`), as the column `alias`: e.g.
 * the customers of a payment method or the news item's products, next to each listed record. The
 * table must be one of the schema's, with an alias; the columns are checked by the tests that run
 * the query on both databases.
 */
export function relatedCount<DB, TB extends keyof DB, A extends string>(
  eb: ExpressionBuilder<DB, TB>,
  table: `${keyof Database & string} as ${string}`,
  column: `${string}.${string}`,
  outer: `${string}.${string}`,
  alias: A,
): AliasedExpression<number | string, A> {
  // Kysely cannot resolve table and column names given as strings; the count is one number.
  const untyped = eb as unknown as ExpressionBuilder<Record<string, Record<string, unknown>>, string>;
  return untyped
    .selectFrom(table)
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .whereRef(column, '=', outer)
    .as(alias) as unknown as AliasedExpression<number | string, A>;
}

/** Offset of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * One page of a filtered list and the number of all its matches: `base` holds the filters, `rows`
 * selects and orders the page's columns from it; both queries run at once.
 */
export async function pageWithTotal<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  query: { page: number; pageSize: number },
  rows: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<{ total: number; rows: Row[] }> {
  const [counted, found] = await Promise.all([
    // Kysely cannot resolve the selection over generic tables; the count is one `total` column.
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow() as Promise<{
      total: number | string;
    }>,
    rows(base).limit(query.pageSize).offset(offsetOf(query.page, query.pageSize)).execute(),
  ]);
  return { total: Number(counted.total), rows: found };
}

/** A paged list answer: one page's rows as items, the total that match and the query's paging. */
export function pageOf<Row, Item>(
  query: { page: number; pageSize: number },
  found: { total: number; rows: readonly Row[] },
  item: (row: Row) => Item,
): AdminPage<Item> {
  return { total: found.total, page: query.page, pageSize: query.pageSize, items: found.rows.map(item) };
}

/**
 * The `total` of a large list's page (issue 18 point 5, docs/decisions/0021-capped-list-totals.md) from
 * `counted`, the matches counted up to ADMIN_COUNT_CAP + 1 rows, and the page's own rows:
 * - counted within the cap: exact;
 * - more, and the page is the last one (some rows, fewer than a page): exact, offset + rows;
 * - otherwise a lower bound: the cap, or the rows up to this page's end when that is more (a page past
 *   the end, with no rows, says only the cap).
 */
export function cappedTotal(
  counted: number,
  offset: number,
  rowsOnPage: number,
  pageSize: number,
): { total: number; totalIsLowerBound: boolean } {
  if (counted <= ADMIN_COUNT_CAP) return { total: counted, totalIsLowerBound: false };
  if (rowsOnPage > 0 && rowsOnPage < pageSize)
    return { total: offset + rowsOnPage, totalIsLowerBound: false };
  // A page past the end (no rows) knows nothing beyond the cap.
  const reached = rowsOnPage > 0 ? offset + rowsOnPage : 0;
  return { total: Math.max(ADMIN_COUNT_CAP, reached), totalIsLowerBound: true };
}
