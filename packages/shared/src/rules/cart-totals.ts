import { netFromGrossMinor } from './net-price';

/**
 * Cart and order totals (docs/product.md §§3 and 9), the same on the web and the server.
 *
 * - A line's gross = currentPrice × quantity. Prices are whole minor units (1/100 Ft) per piece,
 *   so the gross of a line is exact; nothing is rounded there.
 * - A line's net = gross / (1 + vat / 100), rounded ONCE per line, half up, to whole minor units
 *   (`netFromGrossMinor`). The cart's net is the sum of the rounded line nets. Rounding per line
 *   (not per piece, not once over the cart) is what an invoice does: every invoice line shows its
 *   own net, and the lines add up to the invoice's net total.
 * - A line's weight = weight (grams per piece) × quantity; the cart's weight is their sum in
 *   grams (the web shows kg = grams / 1000).
 * - Cart total gross = sum of the line grosses. A line without a price (currentPrice null) adds
 *   nothing to the money totals but still adds its weight.
 * - The logistics cost of the current shipping address (gross) applies only to home delivery;
 *   the shipping method's cost (gross) applies whatever the method. Neither is part of the item
 *   totals; `grandTotal` = gross + logisticsCost + shippingMethodCost.
 */
export interface CartLineInput {
  /** Gross per piece, minor units; null when the product has no price for this customer. */
  currentPrice: number | null;
  /** Pieces. */
  quantity: number;
  /** VAT percent (27 for 27 %). */
  vat: number;
  /** Grams per piece. */
  weight: number;
}

export interface LineTotals {
  gross: number;
  net: number;
  /** Grams. */
  weight: number;
}

export interface CartCosts {
  /** The current shipping address's logistics cost, gross minor units (applies to home delivery only). */
  logisticsCost: number;
  /** The chosen shipping method's cost, gross minor units; 0 without a method. */
  shippingMethodCost: number;
  /** Whether the chosen shipping method is home delivery. */
  isHomeDelivery: boolean;
}

export interface CartTotals {
  /** Items, gross minor units. */
  gross: number;
  /** Items, net minor units (sum of per-line rounded nets). */
  net: number;
  /** Items, grams. */
  weight: number;
  /** Pieces. */
  pieces: number;
  /** Lines. */
  count: number;
  /** Gross minor units; 0 unless home delivery. */
  logisticsCost: number;
  /** Gross minor units. */
  shippingMethodCost: number;
  /** gross + logisticsCost + shippingMethodCost. */
  grandTotal: number;
}

function wholePieces(quantity: number): number {
  return Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0;
}

export function lineTotals(line: CartLineInput): LineTotals {
  const quantity = wholePieces(line.quantity);
  const weight = (Number.isFinite(line.weight) ? Math.max(0, Math.round(line.weight)) : 0) * quantity;
  if (line.currentPrice === null || !Number.isFinite(line.currentPrice)) return { gross: 0, net: 0, weight };
  const gross = Math.round(line.currentPrice) * quantity;
  return { gross, net: netFromGrossMinor(gross, line.vat), weight };
}

export function cartTotals(lines: readonly CartLineInput[], costs: CartCosts): CartTotals {
  let gross = 0;
  let net = 0;
  let weight = 0;
  let pieces = 0;
  for (const line of lines) {
    const totals = lineTotals(line);
    gross += totals.gross;
    net += totals.net;
    weight += totals.weight;
    pieces += wholePieces(line.quantity);
  }
  const logisticsCost = costs.isHomeDelivery ? Math.max(0, Math.round(costs.logisticsCost)) : 0;
  const shippingMethodCost = Math.max(0, Math.round(costs.shippingMethodCost));
  return {
    gross,
    net,
    weight,
    pieces,
    count: lines.length,
    logisticsCost,
    shippingMethodCost,
    grandTotal: gross + logisticsCost + shippingMethodCost,
  };
}
