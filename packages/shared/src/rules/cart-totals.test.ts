import { describe, expect, it } from 'vitest';
import { cartTotals, lineTotals } from './cart-totals';

const noCosts = { logisticsCost: 0, shippingMethodCost: 0, isHomeDelivery: false };

describe('lineTotals', () => {
  it('multiplies the piece price and weight by the quantity', () => {
    expect(lineTotals({ currentPrice: 12700, quantity: 3, vat: 27, weight: 250 })).toEqual({
      gross: 38100,
      net: 30000,
      weight: 750,
    });
  });

  it('rounds the net once per line, half up', () => {
    // 100 × 3 = 300 gross at 27 % → 236.22… → 236 (per piece it would be 3 × 79 = 237)
    expect(lineTotals({ currentPrice: 100, quantity: 3, vat: 27, weight: 0 }).net).toBe(236);
    // 3 at 100 % → 1.5 → 2
    expect(lineTotals({ currentPrice: 3, quantity: 1, vat: 100, weight: 0 }).net).toBe(2);
  });

  it('adds no money for a line without a price, but its weight', () => {
    expect(lineTotals({ currentPrice: null, quantity: 2, vat: 27, weight: 500 })).toEqual({
      gross: 0,
      net: 0,
      weight: 1000,
    });
  });

  it('treats a quantity below 1 or not a number as nothing and cuts fractions', () => {
    expect(lineTotals({ currentPrice: 1000, quantity: 0, vat: 27, weight: 10 })).toEqual({
      gross: 0,
      net: 0,
      weight: 0,
    });
    expect(lineTotals({ currentPrice: 1000, quantity: Number.NaN, vat: 27, weight: 10 })).toEqual({
      gross: 0,
      net: 0,
      weight: 0,
    });
    expect(lineTotals({ currentPrice: 1000, quantity: 2.9, vat: 0, weight: 10 })).toEqual({
      gross: 2000,
      net: 2000,
      weight: 20,
    });
  });
});

describe('cartTotals', () => {
  const lines = [
    { currentPrice: 12700, quantity: 2, vat: 27, weight: 1000 }, // 25400 gross, 20000 net, 2000 g
    { currentPrice: 1050, quantity: 10, vat: 5, weight: 120 }, // 10500 gross, 10000 net, 1200 g
    { currentPrice: 100, quantity: 3, vat: 27, weight: 5 }, // 300 gross, 236 net, 15 g
  ];

  it('sums gross, per-line-rounded net, weight, pieces and lines', () => {
    expect(cartTotals(lines, noCosts)).toEqual({
      gross: 36200,
      net: 30236,
      weight: 3215,
      pieces: 15,
      count: 3,
      logisticsCost: 0,
      shippingMethodCost: 0,
      grandTotal: 36200,
    });
  });

  it('adds the logistics cost only for home delivery, the shipping method cost always', () => {
    const delivery = cartTotals(lines, {
      logisticsCost: 150000,
      shippingMethodCost: 5000,
      isHomeDelivery: true,
    });
    expect(delivery.logisticsCost).toBe(150000);
    expect(delivery.shippingMethodCost).toBe(5000);
    expect(delivery.grandTotal).toBe(36200 + 150000 + 5000);

    const pickup = cartTotals(lines, {
      logisticsCost: 150000,
      shippingMethodCost: 5000,
      isHomeDelivery: false,
    });
    expect(pickup.logisticsCost).toBe(0);
    expect(pickup.grandTotal).toBe(36200 + 5000);
  });

  it('gives zeros for an empty cart', () => {
    expect(cartTotals([], { logisticsCost: 99, shippingMethodCost: 0, isHomeDelivery: true })).toEqual({
      gross: 0,
      net: 0,
      weight: 0,
      pieces: 0,
      count: 0,
      logisticsCost: 99,
      shippingMethodCost: 0,
      grandTotal: 99,
    });
  });
});
