import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findCustomerAssortment, findMemberIds, findMembersAmong } from './assortments.repository';

type Db = Kysely<Database>;

/**
 * An assortment resolved to a compact membership structure over product ids (issue 17 point 6):
 * one byte per product id up to the largest member, so `has` is an array read inside the read
 * model's scans (the listing, the search, the offline catalogue, the price list), with no database
 * query per request. Built once per catalogue version: every assortment change bumps the version
 * (assortments.service.ts), as do the category links it is built from (decision 0008).
 */
export class AssortmentMembership {
  private readonly bits: Uint8Array;
  readonly size: number;

  constructor(
    readonly assortmentId: number,
    ids: readonly number[],
  ) {
    let max = 0;
    for (const id of ids) if (id > max) max = id;
    this.bits = new Uint8Array(max + 1);
    for (const id of ids) this.bits[id] = 1;
    this.size = ids.length;
  }

  has(id: number): boolean {
    return this.bits[id] === 1;
  }

  /** The ids of `ids` it holds, in their order (at most `limit`). */
  filter(ids: readonly number[], limit = Number.POSITIVE_INFINITY): number[] {
    const out: number[] = [];
    const bits = this.bits;
    for (const id of ids) {
      if (out.length >= limit) break;
      if (bits[id] === 1) out.push(id);
    }
    return out;
  }
}

/** At most this many assortments are kept per database handle and catalogue version. */
const MAX_CACHED = 64;

interface VersionCache {
  version: string;
  memberships: Map<number, Promise<AssortmentMembership>>;
}

const caches = new WeakMap<Db, VersionCache>();

/**
 * The membership of an assortment for one catalogue version (read in the same request), shared by
 * every module of the process that reads through the same database handle; concurrent requests for
 * a missing one share its load.
 */
export function assortmentMembership(
  db: Db,
  version: string,
  assortmentId: number,
): Promise<AssortmentMembership> {
  let cache = caches.get(db);
  if (cache === undefined || cache.version !== version) {
    cache = { version, memberships: new Map() };
    caches.set(db, cache);
  }
  const hit = cache.memberships.get(assortmentId);
  if (hit) return hit;
  const loading = findMemberIds(db, assortmentId).then((ids) => {
    const membership = new AssortmentMembership(assortmentId, ids);
    loaded.set(loading, membership);
    return membership;
  });
  if (cache.memberships.size >= MAX_CACHED) cache.memberships.clear();
  const memberships = cache.memberships;
  memberships.set(assortmentId, loading);
  loading.catch(() => {
    if (memberships.get(assortmentId) === loading) memberships.delete(assortmentId);
  });
  return loading;
}

/** The memberships whose load has settled, by their promise (for knownMembership). */
const loaded = new WeakMap<Promise<AssortmentMembership>, AssortmentMembership>();

/**
 * Without a query: the membership of `assortmentId` for `version` if it is loaded already, null for
 * no assortment, undefined when it is not known yet (for guessing a page: products.service.ts).
 */
export function knownMembership(
  db: Db,
  version: string,
  assortmentId: number | null,
): AssortmentMembership | null | undefined {
  if (assortmentId === null) return null;
  const cache = caches.get(db);
  const hit = cache?.version === version ? cache.memberships.get(assortmentId) : undefined;
  return hit && loaded.get(hit);
}

/** The membership of the assortment `assortmentId` (null: the whole catalogue, so null). */
export async function membershipOrNull(
  db: Db,
  version: string,
  assortmentId: number | null | undefined,
): Promise<AssortmentMembership | null> {
  return assortmentId === null || assortmentId === undefined
    ? null
    : assortmentMembership(db, version, assortmentId);
}

/**
 * The write paths' check (cart, quick order, order lists, place-order): which of these products the
 * customer may not see, by its assortment (empty without one). Two small queries, always on the
 * handle given (a transaction's, for place-order), so it sees the assortment as committed now.
 */
export async function productsOutsideAssortment(
  db: Db,
  customerId: number,
  productIds: readonly number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const assortment = await findCustomerAssortment(db, customerId);
  if (!assortment) return new Set();
  const members = await findMembersAmong(db, assortment.id, productIds);
  return new Set(productIds.filter((id) => !members.has(id)));
}
