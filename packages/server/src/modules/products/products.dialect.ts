import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/connection';

/**
 * The only places where the catalogue queries differ between SQLite and PostgreSQL
 * (docs/decisions/0005-search.md). Everything else is one Kysely query path.
 */

/** FTS5 trigram queries need at least 3 characters per term. */
const TRIGRAM = 3;

/**
 * Every folded word is a substring of `p.search_text`, answered by the dialect's index:
 * SQLite: the FTS5 trigram table products_fts (words shorter than 3 characters, which a trigram
 * index cannot answer, are checked with LIKE on the rows it found);
 * PostgreSQL: LIKE '%word%' per word, answered by the pg_trgm GIN index.
 * Words contain only letters, digits (foldForSearch), so they need no escaping.
 */
export function searchTextMatches(dialect: DialectName, words: readonly string[]): Expression<SqlBool> {
  const likes = (list: readonly string[]) =>
    list.map((word) => sql<SqlBool>`p.search_text like ${`%${word}%`}`);
  const parts: RawBuilder<SqlBool>[] = [];
  if (dialect === 'sqlite') {
    const indexed = words.filter((word) => [...word].length >= TRIGRAM);
    if (indexed.length > 0) {
      const match = indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
      parts.push(sql<SqlBool>`p.id in (select rowid from products_fts where products_fts match ${match})`);
    }
    parts.push(...likes(words.filter((word) => [...word].length < TRIGRAM)));
  } else {
    parts.push(...likes(words));
  }
  if (parts.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * `column IN (ids)` with a single bound parameter, whatever the number of ids (a page of 99,999
 * products would pass both databases' parameter limits as a plain list).
 */
export function inIdList(dialect: DialectName, column: string, ids: readonly number[]): Expression<SqlBool> {
  return inIdParameter(dialect, column, idListParameter(dialect, ids));
}

/** The one parameter that carries an id list (inIdParameter): JSON text for SQLite, an array for PostgreSQL. */
export function idListParameter(dialect: DialectName, ids: readonly number[]): string | number[] {
  return dialect === 'sqlite' ? JSON.stringify(ids) : [...ids];
}

/** `column IN (ids)` where the ids come as one parameter from idListParameter (for prepared queries). */
export function inIdParameter(dialect: DialectName, column: string, parameter: unknown): Expression<SqlBool> {
  if (dialect === 'sqlite') {
    return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${parameter}))`;
  }
  return sql<SqlBool>`${sql.ref(column)} = any(${parameter}::int[])`;
}

/**
 * Pairs of two integer columns of every row as one JSON array value (`[[a, b], ...]`, null for no
 * rows on PostgreSQL): better-sqlite3 spends more on handing over each row than SQLite on finding
 * it, so a query answering 50 small rows is cheaper as one row (issue 4, the listing's stock).
 */
export function jsonPairs(dialect: DialectName, first: string, second: string): RawBuilder<string | null> {
  if (dialect === 'sqlite') {
    return sql<string | null>`json_group_array(json_array(${sql.ref(first)}, ${sql.ref(second)}))`;
  }
  return sql<string | null>`json_agg(json_build_array(${sql.ref(first)}, ${sql.ref(second)}))::text`;
}
