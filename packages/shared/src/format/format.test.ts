import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatWeightKg, zonedParts } from './format';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  it('uses hu-HU grouping and a decimal comma', () => {
    expect(nbsp(formatNumber(1234567.5))).toBe('1 234 567,5');
  });
  it('keeps at most 3 decimals by default and rounds', () => {
    expect(formatNumber(1.23456)).toBe('1,235');
    expect(formatNumber(2)).toBe('2');
  });
  it('honours explicit decimals', () => {
    expect(formatNumber(2, 2, 2)).toBe('2,00');
  });
  it('returns an empty string for non-finite values', () => {
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatNumber against Intl', () => {
  /** A fixed pseudo-random sequence (the same every run). */
  function* numbers(count: number): Generator<number> {
    let seed = 20261121;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let index = 0; index < count; index += 1) {
      const magnitude = 10 ** Math.floor(next() * 16 - 5);
      const value = (next() - 0.3) * magnitude;
      yield value;
      // Ties at the last kept decimal, where rounding modes differ.
      yield Number((Math.round(value * 1000) / 1000 + 0.0005).toFixed(4));
      yield Math.round(value);
    }
  }
  const edges = [
    0,
    -0,
    1,
    -1,
    5,
    1234,
    12345,
    -12345,
    99999.9995,
    9999.9995,
    1.0005,
    2.675,
    1.005,
    -1.0005,
    0.0005,
    -0.0004,
    0.0004,
    999999.9996,
    1234567.8915,
    123456789012,
    2 ** 53,
    1e20,
    1e21,
    1e-7,
    -1e-7,
    0.1 + 0.2,
  ];

  it('prints exactly what Intl.NumberFormat("hu-HU") prints', () => {
    const decimals: [max: number, min: number][] = [
      [3, 0],
      [0, 0],
      [2, 2],
      [2, 0],
      [1, 1],
      [3, 3],
    ];
    let compared = 0;
    for (const [max, min] of decimals) {
      const intl = new Intl.NumberFormat('hu-HU', { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const value of [...edges, ...numbers(3000)]) {
        expect(formatNumber(value, max, min), `${value} (${min}-${max} decimals)`).toBe(intl.format(value));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50_000);
  });
});

describe('formatMoney', () => {
  it('turns minor units into whole forints with Ft', () => {
    expect(nbsp(formatMoney(12345678))).toBe('123 457 Ft');
    // hu-HU groups four-digit numbers only from five digits on (CLDR minimum grouping digits).
    expect(nbsp(formatMoney(123456))).toBe('1235 Ft');
    expect(nbsp(formatMoney(0))).toBe('0 Ft');
  });
  it('joins the amount and "Ft" with a no-break space, so an amount never wraps', () => {
    expect(formatMoney(123456)).toBe('1235\u00a0Ft');
    expect(formatMoney(12345678)).toBe('123\u00a0457\u00a0Ft');
    expect(formatMoney(1234567, 2)).not.toMatch(/ /);
  });
  it('can show decimals', () => {
    expect(nbsp(formatMoney(1234567, 2))).toBe('12 345,67 Ft');
  });
  it('handles negative amounts', () => {
    expect(nbsp(formatMoney(-1500000))).toMatch(/^[-−]15 000 Ft$/);
  });
});

describe('formatWeightKg', () => {
  it('divides grams by 1000', () => {
    expect(formatWeightKg(12345)).toBe('12,345 kg');
    expect(formatWeightKg(500)).toBe('0,5 kg');
  });
});

describe('formatDateTime', () => {
  it('prints YYYY.MM.DD HH:MM:SS in a given zone', () => {
    expect(formatDateTime('2024-12-27T15:00:00Z', 'Europe/Budapest')).toBe('2024.12.27 16:00:00');
    expect(formatDateTime('2025-07-01T06:05:09Z', 'Europe/Budapest')).toBe('2025.07.01 08:05:09');
  });
  it('prints local time without a zone', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDateTime(d)).toBe('2026.01.02 03:04:05');
  });
  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('keeps calendar dates as they are', () => {
    expect(formatDate('2026-03-09')).toBe('2026.03.09');
  });
  it('cuts the time off an instant', () => {
    expect(formatDate('2026-03-09T23:30:00Z', 'Europe/Budapest')).toBe('2026.03.10');
  });
});

describe('zonedParts', () => {
  it('gives the weekday in the zone', () => {
    // 2026-11-22 is a Sunday
    expect(zonedParts(new Date('2026-11-22T10:00:00Z'), 'Europe/Budapest').weekday).toBe(0);
    expect(zonedParts(new Date('2026-11-22T23:30:00Z'), 'Europe/Budapest').weekday).toBe(1);
  });
});
