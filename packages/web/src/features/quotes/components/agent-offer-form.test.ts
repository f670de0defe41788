import { describe, expect, it } from 'vitest';
import type { QuoteDetail, QuoteLine } from '@shop/shared/contracts/quotes';
import {
  forintsFieldText,
  initialDraft,
  offerBody,
  offerResolver,
  parseForintsText,
  quantityProblem,
  type OfferDraft,
} from './agent-offer-form';

const line = (over: Partial<QuoteLine> = {}): QuoteLine => ({
  sku: 'A-1',
  name: 'Alma',
  requestedQuantity: 12,
  offeredQuantity: null,
  offeredPrice: null,
  lineGross: null,
  vat: 27,
  listPrice: 123450,
  stock: 40,
  minimumQuantity: 12,
  maximumQuantity: 36,
  quantityStep: 6,
  ...over,
});

const resolve = async (lines: QuoteLine[], draft: OfferDraft) =>
  offerResolver(lines, '2026-11-28')(draft, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as never);

describe('the agent offer form', () => {
  it('reads forints as typed: spaces, a decimal comma or point; anything else is not a number', () => {
    expect(parseForintsText('1 234,50')).toBe(1234.5);
    expect(parseForintsText('1234.5')).toBe(1234.5);
    expect(parseForintsText('\u00a0990 ')).toBe(990);
    expect(Number.isNaN(parseForintsText('12a'))).toBe(true);
    expect(Number.isNaN(parseForintsText('-5'))).toBe(true);
    expect(Number.isNaN(parseForintsText(''))).toBe(true);
    expect(forintsFieldText(123450)).toBe('1234,50');
    expect(forintsFieldText(99000)).toBe('990');
    expect(forintsFieldText(null)).toBe('');
  });

  it('starts from the customer’s price and the requested quantity, or from the offer being revised', () => {
    const quote = {
      lines: [line()],
      status: 'requested',
      validUntil: null,
      staffMessage: null,
    } as unknown as QuoteDetail;
    expect(initialDraft(quote, '2026-12-05')).toEqual({
      lines: [{ sku: 'A-1', price: '1234,50', quantity: '12' }],
      validUntil: '2026-12-05',
      message: '',
    });
    const offered = {
      lines: [line({ offeredPrice: 100000, offeredQuantity: 18 })],
      status: 'offered',
      validUntil: '2026-12-01',
      staffMessage: 'Különár',
    } as unknown as QuoteDetail;
    expect(initialDraft(offered, '2026-12-05')).toEqual({
      lines: [{ sku: 'A-1', price: '1000', quantity: '18' }],
      validUntil: '2026-12-01',
      message: 'Különár',
    });
  });

  it('tells which quantity rule a quantity breaks, as the server’s correction would change it', () => {
    expect(quantityProblem(line(), 18)).toBeNull();
    expect(quantityProblem(line(), 6)).toEqual({ key: 'below_minimum', values: { min: 12 } });
    expect(quantityProblem(line(), 42)).toEqual({ key: 'above_maximum', values: { max: 36 } });
    expect(quantityProblem(line({ maximumQuantity: null }), 42)).toEqual({
      key: 'above_stock',
      values: { stock: 40 },
    });
    expect(quantityProblem(line(), 20)).toEqual({ key: 'off_step', values: { step: 6 } });
    expect(quantityProblem(line({ stock: 10 }), 12)).toEqual({ key: 'out_of_stock', values: { stock: 10 } });
  });

  it('sends the body of the shared contract when every field is right', async () => {
    const draft: OfferDraft = {
      lines: [{ sku: 'A-1', price: '1 000,5', quantity: '18' }],
      validUntil: '2026-11-28',
      message: 'Különár',
    };
    const result = await resolve([line()], draft);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      lines: [{ sku: 'A-1', price: 1000.5, quantity: 18 }],
      validUntil: '2026-11-28',
      message: 'Különár',
    });
    expect(offerBody(draft)).toEqual(result.values);
  });

  it('shows every problem at once: the contract’s price, the day before today, the quantity rule', async () => {
    const result = await resolve([line(), line({ sku: 'B-2', minimumQuantity: null, quantityStep: 1 })], {
      lines: [
        { sku: 'A-1', price: '12,345', quantity: '20' },
        { sku: 'B-2', price: '0', quantity: 'sok' },
      ],
      validUntil: '2026-11-27',
      message: 'x'.repeat(2001),
    });
    const errors = result.errors as Record<string, unknown> & {
      lines: {
        price?: { message: string };
        quantity?: { message: string; types?: Record<string, string> };
      }[];
    };
    expect(errors.lines[0]?.price?.message).toBe('invalid_number');
    expect(errors.lines[0]?.quantity).toMatchObject({ message: 'off_step', types: { step: '6' } });
    expect(errors.lines[1]?.price?.message).toBe('too_small');
    expect(errors.lines[1]?.quantity?.message).toBe('invalid_number');
    expect(errors.validUntil).toMatchObject({ message: 'past_date' });
    expect(errors.message).toMatchObject({ message: 'too_long' });
  });
});
