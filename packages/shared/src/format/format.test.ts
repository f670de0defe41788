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

describe('formatMoney', () => {
  it('turns minor units into whole forints with Ft', () => {
    expect(nbsp(formatMoney(12345678))).toBe('123 457 Ft');
    // hu-HU groups four-digit numbers only from five digits on (CLDR minimum grouping digits).
    expect(formatMoney(123456)).toBe('1235 Ft');
    expect(formatMoney(0)).toBe('0 Ft');
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
