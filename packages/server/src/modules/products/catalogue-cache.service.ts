import type { Kysely } from 'kysely';
import { DEFAULT_FEW_STOCK_THRESHOLD } from '@shop/shared/rules/stock-status';
import { PreparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { CATALOGUE_VERSION_KEY } from './catalogue-version';

/**
 * Catalogue settings read once per request, and a small per-process cache for the expensive,
 * customer-independent parts of a listing (the total count and the manufacturers of a filter).
 *
 * A cached value is used only while the setting `catalogue.version` is unchanged and for at most
 * CACHE_TTL_MS; anything that changes the catalogue calls bumpCatalogueVersion (catalogue-version.ts).
 */
export const FEW_STOCK_THRESHOLD_KEY = 'shop.fewStockThreshold';
export const CACHE_TTL_MS = 60_000;

export interface CatalogueSettings {
  version: string;
  fewStockThreshold: number;
}

const settingsQuery = new PreparedQuery(0, (db) =>
  db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [CATALOGUE_VERSION_KEY, FEW_STOCK_THRESHOLD_KEY]),
);

export async function readCatalogueSettings(db: Kysely<Database>): Promise<CatalogueSettings> {
  const rows = await settingsQuery.execute(db);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return catalogueSettingsOf(value(CATALOGUE_VERSION_KEY), value(FEW_STOCK_THRESHOLD_KEY));
}

/** The settings from their stored values (read here, or with another query: the cart's context). */
export function catalogueSettingsOf(
  version: string | null | undefined,
  fewStockThreshold: string | null | undefined,
): CatalogueSettings {
  const threshold = Number(fewStockThreshold);
  return {
    version: version ?? '',
    fewStockThreshold:
      fewStockThreshold !== undefined &&
      fewStockThreshold !== null &&
      Number.isFinite(threshold) &&
      threshold >= 0
        ? threshold
        : DEFAULT_FEW_STOCK_THRESHOLD,
  };
}

interface Entry<T> {
  value: T;
  version: string;
  expiresAt: number;
}

/** A bounded map of values valid for one catalogue version and a limited time. */
export class CatalogueCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number = CACHE_TTL_MS,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, version: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.expiresAt <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, version: string, value: T, nowMs: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, version, expiresAt: nowMs + this.ttlMs });
  }

  /** Removes the entry of `key` if it still holds `value`. */
  deleteIf(key: string, value: T): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
