import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CATALOGUE_VERSION_KEY } from '../products/catalogue-version';

/**
 * Anchor SKUs of the back office's product list (issue 18 point 5, docs/decisions/0023): the SKU of
 * every `interval`-th product in SKU order (SKUs are unique, so the SKU alone is the list's order), per
 * filter (all, active, inactive), so that a deep page starts after the nearest anchor
 * (`sku > anchor order by sku offset < interval`) instead of walking (page - 1) × pageSize index
 * entries. Kept in memory per server process for one catalogue version, read from the database on
 * every use: any product insert, delete or SKU change bumps it (catalogue-version.ts, also when another
 * process writes), which drops every anchor. Anchors are found lazily, one keyset step of `interval`
 * index entries after the last one known, only as far as a requested page needs.
 */

type Db = Kysely<Database>;

/** The list's filters that have their own anchors. */
export type AnchorFilter = 'all' | 'active' | 'inactive';

export const DEFAULT_ANCHOR_INTERVAL = 10_000;

/** Where a page starts: after `afterSku` (none: from the first product), skipping `offset` rows. */
export interface PageStart {
  afterSku: string | null;
  offset: number;
}

export class ProductPageAnchors {
  private version: string | null = null;
  /** Per filter: anchors[k - 1] is the SKU of the (k × interval)-th product of the filter's SKU order. */
  private anchors = new Map<AnchorFilter, string[]>();
  /** The extension under way per filter, so concurrent requests share one walk. */
  private extending = new Map<AnchorFilter, Promise<void>>();

  constructor(readonly interval: number = DEFAULT_ANCHOR_INTERVAL) {
    if (!Number.isInteger(interval) || interval < 1)
      throw new RangeError('interval must be a positive integer');
  }

  /** The number of anchors held for a filter (for tests and the decision record's figures). */
  held(filter: AnchorFilter): number {
    return this.anchors.get(filter)?.length ?? 0;
  }

  /**
   * Where the page at `offset` (0-based row) of the filter's SKU order starts. Reads the catalogue
   * version (one indexed row) and, when needed, finds the missing anchors up to this page.
   */
  async pageStart(db: Db, filter: AnchorFilter, offset: number): Promise<PageStart> {
    const wanted = Math.floor(offset / this.interval);
    if (wanted === 0) return { afterSku: null, offset };
    const version = await readCatalogueVersion(db);
    if (version !== this.version) {
      this.version = version;
      this.anchors.clear();
      this.extending.clear();
    }
    const list = await this.extendTo(db, filter, wanted, version);
    // Past the end of the list: the nearest anchor still bounds the walk; the page is empty.
    const k = Math.min(wanted, list.length);
    if (k === 0) return { afterSku: null, offset };
    return { afterSku: list[k - 1]!, offset: offset - k * this.interval };
  }

  private async extendTo(db: Db, filter: AnchorFilter, wanted: number, version: string): Promise<string[]> {
    for (;;) {
      const list = this.anchors.get(filter) ?? [];
      if (list.length >= wanted) return list;
      const running = this.extending.get(filter);
      if (running) {
        await running;
        if (this.version !== version) return this.anchors.get(filter) ?? [];
        // Another request's walk ended (maybe short of this page): look again.
        if ((this.anchors.get(filter)?.length ?? 0) === list.length) return list;
        continue;
      }
      const walk = this.walk(db, filter, list, wanted, version);
      this.extending.set(filter, walk);
      try {
        await walk;
      } finally {
        if (this.extending.get(filter) === walk) this.extending.delete(filter);
      }
      return this.anchors.get(filter) ?? [];
    }
  }

  /** Keyset steps of `interval` rows from the last anchor known, until `wanted` anchors or the list's end. */
  private async walk(db: Db, filter: AnchorFilter, from: string[], wanted: number, version: string) {
    const list = [...from];
    while (list.length < wanted) {
      let step = db.selectFrom('products as p').select('p.sku');
      if (filter !== 'all') step = step.where('p.is_active', '=', filter === 'active' ? 1 : 0);
      const last = list.at(-1);
      if (last !== undefined) step = step.where('p.sku', '>', last);
      const row = await step
        .orderBy('p.sku')
        .limit(1)
        .offset(this.interval - 1)
        .executeTakeFirst();
      if (!row) break;
      list.push(row.sku);
    }
    // A new version arrived meanwhile: these anchors belong to no version held.
    if (this.version === version) this.anchors.set(filter, list);
  }
}

/** The catalogue version as the database holds it now ('' before the first bump). */
export async function readCatalogueVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', CATALOGUE_VERSION_KEY)
    .executeTakeFirst();
  return row?.value ?? '';
}
