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
  if (dialect === 'sqlite') {
    return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
  }
  return sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::int[])`;
}
