import { describe, expect, it } from 'vitest';
import { productInputSchema, type AdminProduct } from '@shop/shared/contracts/admin-catalogue';
import { draftOf, emptyDraft, toBody } from './product-form';

const product = {
  id: 7,
  sku: 'NK1',
  details: [{ language: 'hu', name: 'Termék', description: '' }],
  manufacturerId: null,
  categoryIds: [],
  vat: 27,
  weight: 100,
  stock: 5,
  isActive: true,
  isOrderable: true,
  isSeasonal: false,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  orderQuantityStep: 1,
  packSizes: [{ unit: 'piece', pieces: 1, barcode: null }],
  prices: [
    {
      priceGroup: null,
      price: 15050,
      specialPrice: 12000,
      // 29 March 2026 00:00 to 30 March 2026 23:59:59.999 in Budapest (clocks change on the 29th).
      specialPriceStart: '2026-03-28T23:00:00.000Z',
      specialPriceEnd: '2026-03-30T21:59:59.999Z',
      quantityDiscount: 1,
      quantitativeUnit: 'piece',
    },
  ],
  updatedAt: '2026-03-01T10:00:00.000Z',
} as unknown as AdminProduct;

describe('product form: special-price days are days of the shop’s time zone', () => {
  it('shows the bounds as the shop’s calendar days, whatever the browser’s zone', () => {
    expect(draftOf(product, 'Europe/Budapest').prices[0]).toMatchObject({
      price: '150,50',
      specialPrice: '120',
      specialPriceStart: '2026-03-29',
      specialPriceEnd: '2026-03-30',
    });
    // The same instants are other days for a shop in New York.
    expect(draftOf(product, 'America/New_York').prices[0]).toMatchObject({
      specialPriceStart: '2026-03-28',
      specialPriceEnd: '2026-03-30',
    });
  });

  it('sends a day as the instants it starts and ends in the shop’s zone, across a clock change', () => {
    const draft = emptyDraft();
    draft.sku = 'NK2';
    draft.names.hu = 'Új';
    draft.prices[0] = {
      ...draft.prices[0]!,
      price: '150,50',
      specialPrice: '120',
      specialPriceStart: '2026-03-29',
      specialPriceEnd: '2026-03-29',
    };
    const budapest = toBody(draft, 'Europe/Budapest');
    expect(budapest.prices[0]).toMatchObject({
      price: 15050,
      specialPrice: 12000,
      specialPriceStart: '2026-03-28T23:00:00.000Z',
      specialPriceEnd: '2026-03-29T21:59:59.999Z',
    });
    expect(productInputSchema.safeParse(budapest).success).toBe(true);
    expect(toBody(draft, 'America/New_York').prices[0]?.specialPriceStart).toBe('2026-03-29T04:00:00.000Z');
  });

  it('reads back what it sends', () => {
    const body = toBody(draftOf(product, 'Europe/Budapest'), 'Europe/Budapest');
    expect(body.prices[0]).toEqual(product.prices[0]);
  });
});
