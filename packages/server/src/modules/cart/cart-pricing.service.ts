import type { Kysely } from 'kysely';
import type { PriceEntry } from '@shop/shared/contracts/products';
import {
  applicableTier,
  discountedPrice,
  discountPercent,
  entriesForPriceGroup,
  entryUnitPrice,
} from '@shop/shared/rules/pricing';
import {
  correctQuantity,
  orderQuantityLimits,
  type QuantityCorrection,
} from '@shop/shared/rules/quantity-correction';
import type { CartProduct } from '@shop/shared/contracts/cart';
import { lineTotals, type LineTotals } from '@shop/shared/rules/cart-totals';
import type { LineOrderabilityFields } from '@shop/shared/rules/non-orderable';
import { stockStatus } from '@shop/shared/rules/stock-status';
import { validSpecialPrice } from '@shop/shared/rules/special-price';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import {
  audienceTiers,
  CatalogueReadModel,
  priceViewKey,
  type StaticProduct,
  storedPriceEntry,
} from '../products/catalogue-read-model';
import * as repo from './cart.repository';
import { productsOutsideAssortment } from '../assortments/assortment-membership';
import type { CartProductRow } from './cart.repository';

type Db = Kysely<Database>;

/** Whose prices: the acting customer's price group and discount. */
export interface PricingOf {
  priceGroup: string | null;
  discountBp: number;
  /**
   * The customer whose assortment limits the products (modules/assortments): products outside it
   * are left out, as if gone. Absent: no limit (staff pricing a quote).
   */
  customerId?: number;
}

/** A product with the price entries that apply to the acting customer. */
/** The facts the non-orderable rule (shared/rules/non-orderable.ts) reads from a priced product. */
export function lineOrderability(product: PricedProduct): LineOrderabilityFields {
  const row = product.row;
  return {
    isActive: row.is_active === 1,
    stock: row.stock,
    isOrderable: row.is_orderable === 1,
    hasPrice: product.tiers.length > 0,
  };
}

export interface PricedProduct {
  row: CartProductRow;
  tiers: PriceEntry[];
  limits: { minimum: number | null; maximum: number | null };
}

/** Loads products and their customer-specific price entries (two queries). */
export async function loadPricedProducts(
  db: Db,
  rows: readonly CartProductRow[],
  pricing: PricingOf,
): Promise<Map<number, PricedProduct>> {
  const [entries, outside] = await Promise.all([
    repo.findPriceEntries(
      db,
      rows.map((row) => row.id),
      pricing.priceGroup,
    ),
    pricing.customerId === undefined
      ? Promise.resolve(new Set<number>())
      : productsOutsideAssortment(
          db,
          pricing.customerId,
          rows.map((row) => row.id),
        ),
  ]);
  const discount = discountPercent(pricing.discountBp);
  const entriesOf = new Map<number, typeof entries>();
  for (const entry of entries) {
    const bucket = entriesOf.get(entry.product_id);
    if (bucket) bucket.push(entry);
    else entriesOf.set(entry.product_id, [entry]);
  }
  const out = new Map<number, PricedProduct>();
  for (const row of rows) {
    if (outside.has(row.id)) continue;
    const effective = entriesForPriceGroup(
      (entriesOf.get(row.id) ?? []).map((e) => ({ ...storedPriceEntry(e), customerDiscount: discount })),
      pricing.priceGroup,
    );
    const tiers: PriceEntry[] = effective.map(({ priceGroup: _group, ...tier }) => tier);
    const product = normaliseRow(row);
    out.set(row.id, { row: product, tiers, limits: orderQuantityLimits(ruleProduct(product, tiers)) });
  }
  return out;
}

/**
 * The cart's own copy of the catalogue read model (docs/decisions/0008-catalogue-read-model.md), one
 * per app: names, pack sizes, flags and price entries of the products in carts come from memory for
 * the catalogue version of the request; only stock is read live. It holds at most the products that
 * are in carts (bounded by MAX_CACHED_PRODUCTS like the listing's). A new catalogue version drops
 * only the products its bumps name (CatalogueReadModel.adopt; everything when they name none).
 */
const cartReadModels = new WeakMap<AppContext, CatalogueReadModel>();

export async function cartReadModel(ctx: AppContext, catalogueVersion: string): Promise<CatalogueReadModel> {
  let model = cartReadModels.get(ctx);
  if (!model) {
    model = new CatalogueReadModel();
    cartReadModels.set(ctx, model);
  }
  await model.adopt(ctx.database.db, catalogueVersion);
  return model;
}

/** A product of the read model with its live stock, priced for this customer (same rules as loadPricedProducts). */
export function pricedFromReadModel(
  product: StaticProduct,
  stock: number,
  pricing: PricingOf,
): PricedProduct {
  const row: CartProductRow = {
    id: product.id,
    sku: product.sku,
    vat: product.vat,
    weight: product.weight,
    image: product.image,
    stock,
    is_active: product.isActive ? 1 : 0,
    is_orderable: product.isOrderable ? 1 : 0,
    min_order_quantity: product.minOrderQuantity,
    max_order_quantity: product.maxOrderQuantity,
    order_quantity_step: product.orderQuantityStep,
  };
  const tiers = audienceTiers(product, {
    priced: true,
    priceGroup: pricing.priceGroup,
    discountBp: pricing.discountBp,
    key: priceViewKey(pricing),
  });
  return { row, tiers, limits: orderQuantityLimits(ruleProduct(row, tiers)) };
}

/** PostgreSQL hands bigint/numeric back as numbers already (db/connection.ts); keep ints exact. */
function normaliseRow(row: CartProductRow): CartProductRow {
  return { ...row, vat: Number(row.vat), weight: Number(row.weight), stock: Number(row.stock) };
}

function ruleProduct(row: CartProductRow, tiers: readonly PriceEntry[]) {
  return {
    prices: tiers,
    minOrderQuantity: row.min_order_quantity,
    maxOrderQuantity: row.max_order_quantity,
    stock: row.stock,
    orderQuantityStep: row.order_quantity_step,
  };
}

/** The shared quantity correction (minimum, maximum, stock, step) for this customer's entries. */
/**
 * The product as a cart line (and an order list's line) shows it: the one name and description of
 * the request language, the customer's price entries and limits, the stock and its status.
 */
export function cartProductOf(
  product: PricedProduct,
  detail: { language: string; name: string; description: string } | undefined,
  packSizes: CartProduct['packSizes'],
  fewStockThreshold: number,
): CartProduct {
  const row = product.row;
  return {
    id: row.id,
    sku: row.sku,
    productDetails: detail
      ? [{ language: detail.language, name: detail.name, description: detail.description }]
      : [],
    vat: row.vat,
    weight: row.weight,
    image: row.image,
    stock: row.stock,
    stockStatus: stockStatus(
      { stock: row.stock, packSizes, orderQuantityStep: row.order_quantity_step },
      fewStockThreshold,
    ),
    isActive: row.is_active === 1,
    isOrderable: row.is_orderable === 1,
    prices: product.tiers,
    minOrderQuantity: row.min_order_quantity,
    maxOrderQuantity: row.max_order_quantity,
    orderQuantityStep: row.order_quantity_step,
    limits: product.limits,
    packSizes,
  };
}

export function correctFor(product: PricedProduct, requested: number): QuantityCorrection {
  return correctQuantity(ruleProduct(product.row, product.tiers), requested);
}

export interface LinePrice {
  /** The applicable tier's price after the customer's discount. */
  price: number | null;
  specialPrice: number | null;
  currentPrice: number | null;
}

/** Per-piece prices at this quantity (shared pricing rule); nulls without price entries. */
export function priceAt(product: PricedProduct, quantity: number, now: Date): LinePrice {
  const tier = applicableTier(product.tiers, quantity, now);
  if (!tier) return { price: null, specialPrice: null, currentPrice: null };
  return {
    price: discountedPrice(tier.price, tier.customerDiscount),
    specialPrice: validSpecialPrice(tier, now),
    currentPrice: entryUnitPrice(tier, now),
  };
}

/** A line's per-piece prices at this quantity and its totals at the current price. */
export function pricedLine(
  product: PricedProduct,
  quantity: number,
  now: Date,
): { prices: LinePrice; totals: LineTotals } {
  const prices = priceAt(product, quantity, now);
  const totals = lineTotals({
    currentPrice: prices.currentPrice,
    quantity,
    vat: product.row.vat,
    weight: product.row.weight,
  });
  return { prices, totals };
}
