import { describe, expect, it } from 'vitest';
import { parseQuickOrderText, quickOrderRequestSchema, setProductQuantityRequestSchema } from './cart';

describe('parseQuickOrderText', () => {
  it('reads code and quantity separated by ; tab or , and skips empty and comment lines', () => {
    expect(
      parseQuickOrderText('KAV-1;3\r\n\n# comment\nRIZ-2\t12\n5990000000028, 2\n  "TEA-3" ; "1 000"  \nSOLO'),
    ).toEqual([
      { line: 1, code: 'KAV-1', quantity: 3 },
      { line: 4, code: 'RIZ-2', quantity: 12 },
      { line: 5, code: '5990000000028', quantity: 2 },
      { line: 6, code: 'TEA-3', quantity: 1000 },
      { line: 7, code: 'SOLO', quantity: 1 },
    ]);
  });

  it('marks unreadable quantities with null', () => {
    expect(parseQuickOrderText('A;abc\nB;0\nC;-2\nD;1.5\nE;2;3\nF;12345678')).toEqual([
      { line: 1, code: 'A', quantity: null },
      { line: 2, code: 'B', quantity: null },
      { line: 3, code: 'C', quantity: null },
      { line: 4, code: 'D', quantity: null },
      { line: 5, code: 'E', quantity: null },
      { line: 6, code: 'F', quantity: null },
    ]);
  });
});

describe('cart request schemas', () => {
  it('accepts the documented payload (docs/product.md §7.2) with browser prices and refuses bad quantities', () => {
    expect(
      setProductQuantityRequestSchema.safeParse({
        productSku: 'A',
        quantity: 2,
        price: 1,
        specialPrice: null,
        currentPrice: 1,
        vat: 27,
      }).success,
    ).toBe(true);
    expect(setProductQuantityRequestSchema.safeParse({ productSku: 'A', quantity: -1 }).success).toBe(false);
    expect(setProductQuantityRequestSchema.safeParse({ productSku: 'A', quantity: 1.5 }).success).toBe(false);
    expect(setProductQuantityRequestSchema.safeParse({ productSku: ' ', quantity: 1 }).success).toBe(false);
  });

  it('takes quick-order lines as text or as a list of at most 500', () => {
    expect(quickOrderRequestSchema.safeParse({ lines: 'A;1' }).success).toBe(true);
    expect(quickOrderRequestSchema.safeParse({ lines: [{ code: 'A', quantity: 1 }] }).success).toBe(true);
    expect(
      quickOrderRequestSchema.safeParse({
        lines: Array.from({ length: 501 }, () => ({ code: 'A', quantity: 1 })),
      }).success,
    ).toBe(false);
    expect(quickOrderRequestSchema.safeParse({ lines: [{ code: 'A', quantity: 0 }] }).success).toBe(false);
  });
});
