import type { PackSize, Product } from '@shop/shared/contracts/products';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { applicableTier, discountedPrice, entryUnitPrice, type PriceTier } from '@shop/shared/rules/pricing';
import { correctQuantity, orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { isSpecialPriceValid } from '@shop/shared/rules/special-price';

/** Helpers of the product box, the product dialog and the cart lines; pure, no React. */

/** The product's name in the answer's language (the server falls back to hu), else the SKU. */
export function productName(product: Pick<Product, 'productDetails' | 'sku'>): string {
  return product.productDetails[0]?.name || product.sku;
}

export function productDescription(product: Pick<Product, 'productDetails' | 'description'>): string {
  return product.productDetails[0]?.description || product.description;
}

export interface PriceAt {
  /** What the customer pays per piece at this quantity (gross, minor units). */
  unit: number;
  /** The tier's price after the customer's discount, without the special price. */
  regular: number;
  /** The special price is what makes `unit` lower than `regular`. */
  special: boolean;
  tier: PriceTier;
}

/** The price per piece at a quantity (shared pricing rule); null without price entries. */
export function priceAt(prices: readonly PriceTier[], quantity: number, now: Date): PriceAt | null {
  const tier = applicableTier(prices, quantity, now);
  if (!tier) return null;
  const unit = entryUnitPrice(tier, now);
  const regular = discountedPrice(tier.price, tier.customerDiscount);
  return { unit, regular, special: unit < regular && isSpecialPriceValid(tier, now), tier };
}

/** Net per piece, rounded once (net = gross / (1 + vat/100)). */
export function netOf(gross: number, vat: number): number {
  return netFromGrossMinor(gross, vat);
}

type QuantityProduct = Pick<
  Product,
  'prices' | 'minOrderQuantity' | 'maxOrderQuantity' | 'stock' | 'orderQuantityStep'
>;

/** The smallest quantity the rule accepts (what a first click orders); 0 when none is possible. */
export function defaultQuantity(product: QuantityProduct): number {
  const { minimum } = orderQuantityLimits(product);
  const step = Math.max(1, product.orderQuantityStep || 1);
  return correctQuantity(product, Math.max(1, minimum ?? 1, step)).quantity;
}

/** The pack sizes, smallest first; a product without any still steps by its order step. */
export function stepPacks(product: Pick<Product, 'packSizes' | 'orderQuantityStep'>): PackSize[] {
  const packs = [...product.packSizes].filter((pack) => pack.pieces > 0).sort((a, b) => a.pieces - b.pieces);
  if (packs.length > 0) return packs;
  const step = Math.max(1, product.orderQuantityStep || 1);
  return [{ unit: step > 1 ? 'carton' : 'piece', pieces: step, barcode: null }];
}

/** The steppers' default pack: the one of the order step (a carton), else the smallest. */
export function defaultStepPack(product: Pick<Product, 'packSizes' | 'orderQuantityStep'>): PackSize {
  const packs = stepPacks(product);
  return packs.find((pack) => pack.pieces === product.orderQuantityStep) ?? (packs[0] as PackSize);
}

/** The pack whose price the box shows besides the piece price: the chosen one, else the carton. */
export function displayPack(
  product: Pick<Product, 'packSizes' | 'orderQuantityStep'>,
  chosen: PackSize | undefined,
): PackSize | undefined {
  if (chosen && chosen.pieces > 1) return chosen;
  return (
    product.packSizes.find((pack) => pack.unit === 'carton' && pack.pieces > 1) ??
    product.packSizes.find((pack) => pack.pieces > 1)
  );
}
