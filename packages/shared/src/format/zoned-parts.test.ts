import { describe, expect, it } from 'vitest';
import { zonedParts } from './format';
import { cachedZonedParts } from './zoned-parts';

describe('cachedZonedParts', () => {
  it('answers from its cached quarter-hour offsets exactly what zonedParts (Intl) answers, across clock changes', () => {
    // Budapest, whole-hour changes; St John's, changes at half past in UTC; Lord Howe, a 30-minute
    // change; Kathmandu, +5:45; Budapest in 1890, local mean time with seconds in its offset.
    const zones = ['Europe/Budapest', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
    const spans: [string, number][] = [
      ['2025-01-01T00:00:00.000Z', 2 * 365 * 86_400_000],
      ['1890-06-01T00:00:00.000Z', 30 * 86_400_000],
    ];
    let compared = 0;
    const mismatches: string[] = [];
    const check = (date: Date, zone: string) => {
      const fast = cachedZonedParts(date, zone);
      const intl = zonedParts(date, zone);
      compared += 1;
      if (JSON.stringify(fast) !== JSON.stringify(intl)) {
        mismatches.push(`${zone} ${date.toISOString()}: ${JSON.stringify(fast)} != ${JSON.stringify(intl)}`);
      }
    };
    for (const zone of zones) {
      for (const [from, length] of spans) {
        const start = Date.parse(from);
        // A step of 7 min 13.457 s walks through every quarter hour and every clock change of the span.
        for (let t = start; t < start + length; t += 433_457) check(new Date(t), zone);
      }
    }
    // Around each change itself, second by second.
    for (const [zone, at] of [
      ['Europe/Budapest', '2026-03-29T01:00:00Z'],
      ['Europe/Budapest', '2026-10-25T01:00:00Z'],
      ['America/St_Johns', '2026-03-08T05:30:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ] as const) {
      const center = Date.parse(at);
      for (let t = center - 90_000; t <= center + 90_000; t += 997) check(new Date(t), zone);
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(700_000);
  }, 60_000);

  it('throws on an unknown time zone, as Intl does', () => {
    expect(() => cachedZonedParts(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
