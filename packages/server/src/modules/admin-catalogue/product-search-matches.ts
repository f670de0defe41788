import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readCatalogueVersion } from './product-page-anchors.repository';

/** What a product search of the back office matched: the count up to ADMIN_COUNT_CAP + 1, the ids within the cap. */
export interface SearchMatches {
  counted: number;
  ids?: number[];
}

/**
 * The back office's product searches' matches, kept per server process for one catalogue version and at
 * most CACHE_MS (issue 18 point 5): paging through a search, or several staff asking the same, finds
 * the matches once. At a million products a common word's capped count read 58,000 trigram index
 * entries and rechecked 10,001 rows on every page (16 ms on PostgreSQL, more on SQLite), while its
 * page took under a millisecond. Any product write bumps the catalogue version
 * (catalogue-version.ts, also when another process writes), which drops every entry; the version is
 * read on every use (one indexed row), as the page anchors do.
 */
export class ProductSearchMatches {
  static readonly CACHE_MS = 60_000;
  static readonly MAX_ENTRIES = 500;

  private version: string | null = null;
  private readonly entries = new Map<string, { matches: Promise<SearchMatches>; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The matches of the search `key` at the current catalogue version: kept ones, or `find()`'s. */
  async of(db: Kysely<Database>, key: string, find: () => Promise<SearchMatches>): Promise<SearchMatches> {
    const version = await readCatalogueVersion(db);
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
    }
    const at = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > at) return kept.matches;
    // Concurrent requests for the same search share one count; a failed count is not kept.
    const matches = find();
    if (this.entries.size >= ProductSearchMatches.MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { matches, expiresAt: at + ProductSearchMatches.CACHE_MS });
    matches.catch(() => {
      if (this.entries.get(key)?.matches === matches) this.entries.delete(key);
    });
    return matches;
  }
}
