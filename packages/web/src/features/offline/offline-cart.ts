import type { CartItem, CartProduct, CartResponse } from '@shop/shared/contracts/cart';
import type { Product } from '@shop/shared/contracts/products';
import { cartTotals, lineTotals } from '@shop/shared/rules/cart-totals';
import { isLineDropped } from '@shop/shared/rules/non-orderable';
import { applicableTier, discountedPrice, entryUnitPrice } from '@shop/shared/rules/pricing';
import {
  correctQuantity,
  orderQuantityLimits,
  type QuantityCorrection,
} from '@shop/shared/rules/quantity-correction';
import { validSpecialPrice } from '@shop/shared/rules/special-price';

/**
 * The cart without a connection (issue 19): the last cart the server answered, with the changes
 * queued since applied by the same shared rules the server runs (quantity correction, tier and
 * special prices, line and cart totals) on the stored products. The server's answer stays the truth:
 * the queued changes are sent when the connection returns and its corrections are shown.
 */

/** An empty cart of the customer (before the server's first cart answer was stored). */
export function emptyCart(customerId: number): CartResponse {
  return {
    cartId: null,
    version: 0,
    customerId,
    shippingAddressId: null,
    cartItems: [],
    count: 0,
    cartItemIds: [],
    totals: {
      gross: 0,
      net: 0,
      weight: 0,
      pieces: 0,
      logisticsCost: 0,
      shippingMethodCost: 0,
      grandTotal: 0,
    },
    currentShippingMethod: null,
    currentPaymentMethod: null,
    paymentMethodId: null,
    deliveryDate: null,
    commentWebshop: '',
    commentSupplier: '',
    containsNonOrderableProduct: false,
    purchaseOrderNumber: '',
    purchaseOrderNumberRequired: false,
    minimumOrder: null,
    credit: null,
  };
}

/** A stored product as a cart line carries it, with its order limits. */
export function cartProductOf(product: Product): CartProduct {
  return {
    id: product.id,
    sku: product.sku,
    productDetails: product.productDetails,
    vat: product.vat,
    weight: product.weight,
    image: product.image,
    stock: product.stock,
    stockStatus: product.stockStatus,
    isActive: product.isActive,
    isOrderable: product.isOrderable,
    prices: product.prices,
    minOrderQuantity: product.minOrderQuantity,
    maxOrderQuantity: product.maxOrderQuantity,
    orderQuantityStep: product.orderQuantityStep,
    limits: orderQuantityLimits({ ...product }),
    packSizes: product.packSizes,
    ...(product.photos ? { photos: product.photos } : {}),
  };
}

/** A cart line of a stored product at this quantity, priced now. */
export function lineOf(product: Product, quantity: number, now: Date): CartItem {
  const tier = applicableTier(product.prices, quantity, now);
  const currentPrice = tier ? entryUnitPrice(tier, now) : null;
  const totals = lineTotals({ currentPrice, quantity, vat: product.vat, weight: product.weight });
  return {
    quantity,
    price: tier ? discountedPrice(tier.price, tier.customerDiscount) : null,
    specialPrice: tier ? validSpecialPrice(tier, now) : null,
    currentPrice,
    lineGross: totals.gross,
    lineNet: totals.net,
    lineWeight: totals.weight,
    orderable: !isLineDropped({
      isActive: product.isActive,
      stock: product.stock,
      isOrderable: product.isOrderable,
      hasPrice: product.prices.length > 0,
    }),
    product: cartProductOf(product),
  };
}

/** The quantity the shop would keep for this request, by the shared correction rule. */
export function correctedQuantity(product: Product, requested: number): QuantityCorrection {
  return correctQuantity(product, requested);
}

/**
 * The cart with a line set to `quantity` (0 removes it); `version` grows by one so the page keeps
 * the newer state. Totals are recomputed over every line.
 */
export function withLine(cart: CartResponse, product: Product, quantity: number, now: Date): CartResponse {
  const items = cart.cartItems.filter((item) => item.product.sku !== product.sku);
  const index = cart.cartItems.findIndex((item) => item.product.sku === product.sku);
  if (quantity > 0) {
    const line = lineOf(product, quantity, now);
    if (index >= 0) items.splice(index, 0, line);
    else items.push(line);
  }
  const method = cart.currentShippingMethod;
  const totals = cartTotals(
    items.map((item) => ({
      currentPrice: item.currentPrice,
      quantity: item.quantity,
      vat: item.product.vat,
      weight: item.product.weight,
    })),
    {
      logisticsCost: cart.totals.logisticsCost,
      shippingMethodCost: method?.cost ?? 0,
      isHomeDelivery: method?.isHomeDelivery ?? false,
    },
  );
  const gross = totals.gross;
  return {
    ...cart,
    version: cart.version + 1,
    cartItems: items,
    count: items.length,
    cartItemIds: items.map((item) => item.product.sku),
    totals: {
      gross,
      net: totals.net,
      weight: totals.weight,
      pieces: totals.pieces,
      logisticsCost: totals.logisticsCost,
      shippingMethodCost: totals.shippingMethodCost,
      grandTotal: totals.grandTotal,
    },
    containsNonOrderableProduct: items.some((item) => !item.orderable),
    minimumOrder: cart.minimumOrder
      ? { minimum: cart.minimumOrder.minimum, missing: Math.max(0, cart.minimumOrder.minimum - gross) }
      : null,
  };
}
