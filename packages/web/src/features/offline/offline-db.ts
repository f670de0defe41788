import { Dexie, type EntityTable } from 'dexie';
import type { OfflineProduct } from '@shop/shared/contracts/offline';

/**
 * The offline store in IndexedDB (issue 19), one database per signed-in user: the catalogue of one
 * customer or, for an agent, of several of its customers, the last answers of a few reads (the cart
 * of each customer, the category tree, ...), and the cart changes made without a connection, in
 * order, each for the customer it was made for.
 *
 * The catalogue is stored once per device and priced once per customer: `items` holds what every
 * customer sees alike (names in the user's language, pack sizes and barcodes, stock as of the last
 * sync, the picture), `prices` the fields that differ per customer (its price entries, the price
 * shown, its last ordered quantity, the sale and price-change flags) with the fingerprint the
 * server gave that customer's view of the product (the delta sync compares it).
 */

/** The fields of a product that differ from customer to customer. */
export const PER_CUSTOMER_FIELDS = [
  'prices',
  'currentPrice',
  'lastOrderedQuantity',
  'discount',
  'priceChanged',
] as const;
type PerCustomerField = (typeof PER_CUSTOMER_FIELDS)[number];

/** A product as every customer sees it (no prices). */
export type StoredItem = Omit<OfflineProduct, PerCustomerField | 'hash'>;

/** One customer's view of one product: its prices and the server's fingerprint of that view. */
export type CustomerPrices = Pick<OfflineProduct, PerCustomerField | 'hash' | 'id'> & { customerId: number };

/** The state of one customer's stored catalogue (key `customer:<id>`). */
export interface OfflineMeta {
  key: string;
  userId: number;
  customerId: number;
  language: string;
  catalogueVersion: string;
  /** When the server read the data (ISO): "prices as of". */
  syncedAt: string;
  /** The first sync finished (until then the customer's catalogue is incomplete and never answers). */
  complete: boolean;
  products: number;
  /** Bytes of the customer's own rows (its prices), as JSON: what keeping one more customer costs. */
  bytes: number;
}

export function metaKey(customerId: number): string {
  return `customer:${customerId}`;
}

export interface QueuedChange {
  seq?: number;
  /** The customer whose cart it changes. */
  customerId: number;
  /** An agent's shipping address of that customer when the change was made (null: a customer's own cart). */
  shippingAddressId: number | null;
  productSku: string;
  quantity: number;
  /** The line's price offline (per piece), to tell the user when the server's differs. */
  offlinePrice: number | null;
  at: string;
}

/**
 * The last answers kept for use without a connection: `cart:<customerId>` (the last cart the server
 * answered for that customer), `acting` (whom the user acts for, see ActingChoice), `shared-size`
 * and `get:<path>` of the few other reads the shell and the cart make (the categories, who the user
 * is, the shop's state, the shipping addresses, ...); reads that differ per customer are kept as
 * `get:<path>@<customerId>`.
 */
export interface StoredAnswer {
  key: string;
  value: unknown;
}

/**
 * Whom the user acts for (an agent: the customer of its current shipping address). `pending`: the
 * agent switched customer without a connection; the server's current address follows once the
 * queued changes are sent.
 */
export interface ActingChoice {
  customerId: number;
  shippingAddressId: number | null;
  pending: boolean;
}

/**
 * The fingerprints of one customer's stored products in one record (key: the customer's id): the id
 * and the server's hash of every `prices` row of that customer, written in the same transaction as
 * those rows. The delta sync reads this one record to tell the server what it holds instead of
 * reading (and deserialising) every stored price row.
 */
export interface CustomerFingerprints {
  customerId: number;
  hashes: Map<number, string>;
}

export type OfflineDatabase = Dexie & {
  items: EntityTable<StoredItem, 'id'>;
  prices: EntityTable<CustomerPrices, 'id'>;
  meta: EntityTable<OfflineMeta, 'key'>;
  queue: EntityTable<QueuedChange, 'seq'>;
  answers: EntityTable<StoredAnswer, 'key'>;
  fingerprints: EntityTable<CustomerFingerprints, 'customerId'>;
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
    // Version 2: products shared, prices per customer. A version-1 catalogue (one customer, whole
    // products) is synced again; its queued changes keep their customer, its cart answer moves.
    db.version(2)
      .stores({
        products: null,
        items: 'id, sku',
        prices: '[customerId+id], customerId',
        meta: 'key',
        queue: '++seq, customerId',
        answers: 'key',
      })
      .upgrade(async (tx) => {
        const old = (await tx.table('meta').get('catalogue')) as { customerId: number | null } | undefined;
        await tx.table('meta').clear();
        const customerId = old?.customerId ?? null;
        if (customerId === null) {
          await tx.table('queue').clear();
          return;
        }
        await tx
          .table('queue')
          .toCollection()
          .modify((change: QueuedChange) => {
            change.customerId = customerId;
            change.shippingAddressId = null;
          });
        const cart = (await tx.table('answers').get('cart')) as StoredAnswer | undefined;
        if (cart) {
          await tx.table('answers').put({ key: `cart:${customerId}`, value: cart.value });
          await tx.table('answers').delete('cart');
        }
      });
    // Version 3: the fingerprints of each customer's products in one record. A store from before has
    // none; its first delta sync reads them from the price rows and writes the record.
    db.version(3).stores({ fingerprints: 'customerId' });
    open.set(userId, db);
  }
  return db;
}

/** Splits a product of the server's answer into its shared part and the customer's part. */
export function splitProduct(product: OfflineProduct, customerId: number): [StoredItem, CustomerPrices] {
  const { prices, currentPrice, lastOrderedQuantity, discount, priceChanged, hash, ...item } = product;
  return [
    item,
    { customerId, id: product.id, hash, prices, currentPrice, lastOrderedQuantity, discount, priceChanged },
  ];
}

/** The product as the customer sees it, from the shared part and the customer's part. */
export function joinProduct(item: StoredItem, own: CustomerPrices): OfflineProduct {
  const { customerId: _customer, ...fields } = own;
  return { ...item, ...fields };
}

/** Removes the user's offline store (logout of the device, or "remove offline data"). */
export async function deleteOfflineDatabase(userId: number): Promise<void> {
  const db = open.get(userId);
  open.delete(userId);
  db?.close();
  await Dexie.delete(databaseName(userId));
}
