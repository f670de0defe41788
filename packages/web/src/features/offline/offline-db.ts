import { Dexie, type EntityTable } from 'dexie';
import type { OfflineProduct } from '@shop/shared/contracts/offline';

/**
 * The offline store in IndexedDB (issue 19), one database per signed-in user and language of the
 * names: the products with the customer's prices as of the last sync, the last answers of a few
 * reads (the cart, the category tree, ...), and the cart changes made without a connection, in order.
 */
export interface OfflineMeta {
  key: 'catalogue';
  userId: number;
  customerId: number | null;
  language: string;
  catalogueVersion: string;
  /** When the server read the data (ISO): "prices as of". */
  syncedAt: string;
  /** The first sync finished (until then the store is incomplete and never answers). */
  complete: boolean;
  products: number;
}

export interface QueuedChange {
  seq?: number;
  productSku: string;
  quantity: number;
  /** The line's price offline (per piece), to tell the user when the server's differs. */
  offlinePrice: number | null;
  at: string;
}

/**
 * The last answers kept for use without a connection: `cart` (the last cart the server answered),
 * and `get:<path>` of the few other reads the shell and the cart make (the categories, who the user
 * is, the shop's state, the shipping address and methods).
 */
export interface StoredAnswer {
  key: string;
  value: unknown;
}

export type OfflineDatabase = Dexie & {
  products: EntityTable<OfflineProduct, 'id'>;
  meta: EntityTable<OfflineMeta, 'key'>;
  queue: EntityTable<QueuedChange, 'seq'>;
  answers: EntityTable<StoredAnswer, 'key'>;
};

export function databaseName(userId: number): string {
  return `shop-offline-${userId}`;
}

const open = new Map<number, OfflineDatabase>();

export function offlineDatabase(userId: number): OfflineDatabase {
  let db = open.get(userId);
  if (!db) {
    db = new Dexie(databaseName(userId)) as OfflineDatabase;
    db.version(1).stores({
      products: 'id, sku',
      meta: 'key',
      queue: '++seq',
      answers: 'key',
    });
    open.set(userId, db);
  }
  return db;
}

/** Removes the user's offline store (logout of the device, or "remove offline data"). */
export async function deleteOfflineDatabase(userId: number): Promise<void> {
  const db = open.get(userId);
  open.delete(userId);
  db?.close();
  await Dexie.delete(databaseName(userId));
}
