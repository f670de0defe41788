import { createHash } from 'node:crypto';
import type { Language } from '@shop/shared/i18n/languages';
import type { OfflineCatalogueResponse, OfflineProduct } from '@shop/shared/contracts/offline';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { readCatalogueSettings } from '../products/catalogue-cache.service';
import {
  CatalogueReadModel,
  priceViewKey,
  productObject,
  writeProductJson,
  type LiveProductData,
  type StaticProduct,
  type ViewContext,
} from '../products/catalogue-read-model';
import { JsonPieces } from '../products/json-pieces';
import { findLastOrderedQuantities, findStock } from '../products/products.repository';
import {
  PRICE_CHANGE_DAYS,
  resolvePricingContext,
  shopDayBefore,
  type PricingContext,
} from '../products/products.service';
import * as repo from './offline.repository';
import { membershipOrNull } from '../assortments/assortment-membership';
import { findCustomerAssortment } from '../assortments/assortments.repository';

/**
 * The offline catalogue (issue 19; contracts/offline.ts): every active product as the listing shows
 * it to one customer, with a fingerprint per product, paged by id. The full sync and the delta sync
 * are one code path: the delta compares the fingerprints the browser holds with the current ones.
 * Static parts come from a per-process read model kept for one catalogue version (decision 0008)
 * and updated per changed product when the version moves (CatalogueReadModel.adopt), stock and last
 * ordered quantities are read live.
 */
export interface OfflineRequest {
  auth: AuthUser | null;
  language: Language;
}

export interface OfflineRange {
  customerId?: number | undefined;
  after: number;
  through: number | null;
  known: readonly (readonly [number, string])[];
  limit: number;
}

/** Whose prices: `customerId` must be the caller's customer (an agent: one of its customers). */
async function pricingFor(
  ctx: AppContext,
  auth: AuthUser | null,
  customerId: number | undefined,
): Promise<PricingContext> {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  if (customerId === undefined) return resolvePricingContext(ctx, auth);
  const row = await repo.findCustomerPricingFor(ctx.database.db, customerId, auth);
  if (!row) throw new AppError('ERR_FORBIDDEN');
  return {
    kind: 'customer',
    customerId: row.id,
    priceGroup: row.price_group,
    discountBp: Number(row.customer_discount_bp),
    assortmentId: (await findCustomerAssortment(ctx.database.db, row.id))?.id ?? null,
  };
}

/**
 * A short fingerprint of everything the browser stores of a product: the SHA-1 of the product's JSON
 * as the listing writes it (writeProductJson: the read model's pre-serialised static part, the
 * audience's prices, the live fields), so comparing a product costs no product object and no
 * serialisation of its own; the object is built only for the products that are sent.
 */
export function productHash(product: StaticProduct, live: LiveProductData, view: ViewContext): string {
  const json = new HashedJson();
  writeProductJson(json, product, live, view);
  return json.hash.digest('base64url').slice(0, 16);
}

/** JSON pieces that go straight into a SHA-1 (the same bytes JsonPieces would join, none kept). */
class HashedJson extends JsonPieces {
  readonly hash = createHash('sha1');

  override buffer(piece: Buffer): void {
    this.hash.update(piece);
  }

  override ascii(piece: string): void {
    this.hash.update(piece, 'latin1');
  }

  override number(value: number | null): void {
    this.hash.update(value === null ? 'null' : JSON.stringify(value), 'latin1');
  }
}

export function createOfflineService(ctx: AppContext) {
  const model = new CatalogueReadModel();

  /**
   * The active products in (after, through] whose fingerprint differs from `known` (all of them when
   * `known` is empty), at most `limit`, and the known ids in the examined range that are gone.
   */
  async function range(request: OfflineRequest, input: OfflineRange): Promise<OfflineCatalogueResponse> {
    const db = ctx.database.db;
    const dialect = ctx.database.dialect;
    const pricing = await pricingFor(ctx, request.auth, input.customerId);
    const settings = await readCatalogueSettings(db);
    // Only the products changed since the version held are loaded again (not the whole catalogue).
    await model.adopt(db, settings.version);
    // A customer with an assortment gets only its products; the others count as removed.
    const membership = await membershipOrNull(
      db,
      settings.version,
      pricing.kind === 'customer' ? pricing.assortmentId : null,
    );
    const now = ctx.now();
    const known = new Map(input.known.map(([id, hash]) => [id, hash]));
    const view: ViewContext = {
      audience: {
        priced: true,
        priceGroup: pricing.kind === 'customer' ? pricing.priceGroup : null,
        discountBp: pricing.kind === 'customer' ? pricing.discountBp : 0,
        key: '',
      },
      language: request.language,
      now,
      priceChangeDay: shopDayBefore(now, ctx.config.shopTimeZone, PRICE_CHANGE_DAYS),
      fewStockThreshold: settings.fewStockThreshold,
    };
    view.audience.key = priceViewKey(view.audience);

    const products: OfflineProduct[] = [];
    const present = new Set<number>();
    let after = input.after;
    let next: number | null = null;
    // Unchanged products cost no bytes: read batches until `limit` changed ones are found or the
    // range ends. A delta request reads the range of the ids it holds in one batch (its six static
    // queries, stock and last orders once for up to OFFLINE_KNOWN_MAX products, not per 500).
    const batchSize = Math.max(input.limit, input.known.length, 500);
    for (;;) {
      const ids = await repo.findActiveIds(db, after, input.through, batchSize);
      if (ids.length === 0) break;
      const wanted = membership ? membership.filter(ids) : ids;
      const [statics, stock, lastOrdered] = await Promise.all([
        model.staticProducts(db, dialect, wanted),
        findStock(db, dialect, wanted),
        pricing.kind === 'customer'
          ? findLastOrderedQuantities(db, dialect, wanted, pricing.customerId)
          : Promise.resolve([]),
      ]);
      const lastOrderedOf = new Map(lastOrdered.map((row) => [row.product_id, row.quantity]));
      for (const id of ids) {
        after = id;
        const product = statics.get(id);
        const pieces = stock.get(id);
        if (!product || pieces === undefined) continue;
        present.add(id);
        const live = { stock: pieces, lastOrderedQuantity: lastOrderedOf.get(id) ?? 0 };
        const hash = productHash(product, live, view);
        if (known.get(id) === hash) continue;
        products.push({ ...productObject(product, live, view), hash });
        if (products.length >= input.limit) break;
      }
      if (products.length >= input.limit) {
        next = after;
        break;
      }
      if (ids.length < batchSize) break;
    }
    const examinedThrough = next ?? input.through ?? Number.POSITIVE_INFINITY;
    const removed = [...known.keys()]
      .filter((id) => id > input.after && id <= examinedThrough && !present.has(id))
      .sort((a, b) => a - b);
    return {
      catalogueVersion: settings.version,
      syncedAt: now.toISOString(),
      customerId: pricing.kind === 'customer' ? pricing.customerId : null,
      products,
      removed,
      next,
    };
  }

  return { range };
}
