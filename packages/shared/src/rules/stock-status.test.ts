import { describe, expect, it } from 'vitest';
import { cartonPieces, DEFAULT_FEW_STOCK_THRESHOLD, stockStatus, type StockFields } from './stock-status';

const carton12 = [
  { unit: 'piece', pieces: 1 },
  { unit: 'carton', pieces: 12 },
  { unit: 'pallet', pieces: 480 },
];

describe('stockStatus', () => {
  it.each<[string, StockFields, number, string]>([
    ['no stock', { stock: 0, packSizes: carton12 }, 5, 'out_of_stock'],
    ['negative stock', { stock: -1, packSizes: carton12 }, 5, 'out_of_stock'],
    ['below 1', { stock: 0.5, packSizes: carton12 }, 0, 'out_of_stock'],
    ['one piece, carton of 12 wins over threshold 5', { stock: 1, packSizes: carton12 }, 5, 'few_stock'],
    ['11 pieces: below one carton', { stock: 11, packSizes: carton12 }, 5, 'few_stock'],
    ['12 pieces: exactly one carton, threshold lower', { stock: 12, packSizes: carton12 }, 5, 'in_stock'],
    ['threshold larger than the carton', { stock: 12, packSizes: carton12 }, 20, 'few_stock'],
    ['at the threshold is not few', { stock: 20, packSizes: carton12 }, 20, 'in_stock'],
    ['no carton: threshold only', { stock: 4, packSizes: [{ unit: 'piece', pieces: 1 }] }, 5, 'few_stock'],
    ['no carton, above threshold', { stock: 5, packSizes: [{ unit: 'piece', pieces: 1 }] }, 5, 'in_stock'],
    ['no carton, step as carton size', { stock: 20, packSizes: [], orderQuantityStep: 24 }, 5, 'few_stock'],
    [
      'carton pack size wins over the step',
      { stock: 20, packSizes: carton12, orderQuantityStep: 24 },
      5,
      'in_stock',
    ],
    ['threshold 0 and no carton', { stock: 1, packSizes: [] }, 0, 'in_stock'],
  ])('%s', (_name, product, threshold, expected) => {
    expect(stockStatus(product, threshold)).toBe(expected);
  });

  it('uses the default threshold when none is given', () => {
    expect(stockStatus({ stock: DEFAULT_FEW_STOCK_THRESHOLD - 1, packSizes: [] })).toBe('few_stock');
    expect(stockStatus({ stock: DEFAULT_FEW_STOCK_THRESHOLD, packSizes: [] })).toBe('in_stock');
  });
});

describe('cartonPieces', () => {
  it('reads the carton pack size, else a step above 1, else 0', () => {
    expect(cartonPieces({ stock: 0, packSizes: carton12 })).toBe(12);
    expect(cartonPieces({ stock: 0, packSizes: [], orderQuantityStep: 6 })).toBe(6);
    expect(cartonPieces({ stock: 0, packSizes: [], orderQuantityStep: 1 })).toBe(0);
    expect(cartonPieces({ stock: 0, packSizes: [{ unit: 'carton', pieces: 0 }] })).toBe(0);
  });
});
