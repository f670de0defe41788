import { describe, expect, it } from 'vitest';
import { isSpecialPriceValid, validSpecialPrice, type SpecialPriceFields } from './special-price';

const now = new Date('2026-03-15T12:00:00.000Z');
const entry = (overrides: Partial<SpecialPriceFields>): SpecialPriceFields => ({
  price: 10000,
  specialPrice: 8000,
  specialPriceStart: null,
  specialPriceEnd: null,
  ...overrides,
});

describe('isSpecialPriceValid', () => {
  it.each<[string, Partial<SpecialPriceFields>, boolean]>([
    ['no bounds, lower than price', {}, true],
    ['null special price', { specialPrice: null }, false],
    ['undefined special price', { specialPrice: undefined }, false],
    ['zero special price', { specialPrice: 0 }, false],
    ['negative special price', { specialPrice: -5 }, false],
    ['equal to the price', { specialPrice: 10000 }, false],
    ['higher than the price', { specialPrice: 12000 }, false],
    ['one minor unit below the price', { specialPrice: 9999 }, true],
    ['NaN special price', { specialPrice: Number.NaN }, false],
    ['started yesterday, open end', { specialPriceStart: '2026-03-14T12:00:00.000Z' }, true],
    ['starts tomorrow', { specialPriceStart: '2026-03-16T12:00:00.000Z' }, false],
    ['starts exactly now (inclusive)', { specialPriceStart: '2026-03-15T12:00:00.000Z' }, true],
    ['starts one millisecond after now', { specialPriceStart: '2026-03-15T12:00:00.001Z' }, false],
    ['ended yesterday', { specialPriceEnd: '2026-03-14T12:00:00.000Z' }, false],
    ['ends exactly now (inclusive)', { specialPriceEnd: '2026-03-15T12:00:00.000Z' }, true],
    ['ended one millisecond ago', { specialPriceEnd: '2026-03-15T11:59:59.999Z' }, false],
    ['open start, ends tomorrow', { specialPriceEnd: '2026-03-16T00:00:00.000Z' }, true],
    [
      'within both bounds',
      { specialPriceStart: '2026-03-01T00:00:00.000Z', specialPriceEnd: '2026-03-31T23:59:59.999Z' },
      true,
    ],
    [
      'bounds the wrong way round',
      { specialPriceStart: '2026-03-31T00:00:00.000Z', specialPriceEnd: '2026-03-01T00:00:00.000Z' },
      false,
    ],
    ['empty string bounds are open', { specialPriceStart: '', specialPriceEnd: '' }, true],
    ['date-only start before today', { specialPriceStart: '2026-03-15' }, true],
    ['unreadable start', { specialPriceStart: 'soon' }, false],
    ['unreadable end', { specialPriceEnd: 'never' }, false],
    ['with a zone offset', { specialPriceEnd: '2026-03-15T13:30:00+01:00' }, true],
  ])('%s', (_name, overrides, expected) => {
    expect(isSpecialPriceValid(entry(overrides), now)).toBe(expected);
  });
});

describe('validSpecialPrice', () => {
  it('returns the special price when it applies and null otherwise', () => {
    expect(validSpecialPrice(entry({}), now)).toBe(8000);
    expect(validSpecialPrice(entry({ specialPriceEnd: '2020-01-01T00:00:00.000Z' }), now)).toBeNull();
  });
});
