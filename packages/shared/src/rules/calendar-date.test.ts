import { describe, expect, it } from 'vitest';
import { hoursUntilDate, localDateTime, zonedDayEnd, zonedDayStart } from './calendar-date';

const BUDAPEST = 'Europe/Budapest';

describe('zonedDayStart and zonedDayEnd', () => {
  it('give the instants a Budapest day starts and ends, in winter and in summer', () => {
    expect(zonedDayStart('2026-01-15', BUDAPEST).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(zonedDayStart('2026-07-15', BUDAPEST).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(zonedDayEnd('2026-07-15', BUDAPEST).toISOString()).toBe('2026-07-15T21:59:59.999Z');
  });

  it('follow the clock change: 29 March 2026 has 23 hours, 25 October 2026 has 25', () => {
    const spring =
      zonedDayEnd('2026-03-29', BUDAPEST).getTime() + 1 - zonedDayStart('2026-03-29', BUDAPEST).getTime();
    const autumn =
      zonedDayEnd('2026-10-25', BUDAPEST).getTime() + 1 - zonedDayStart('2026-10-25', BUDAPEST).getTime();
    expect(spring / 3_600_000).toBe(23);
    expect(autumn / 3_600_000).toBe(25);
    expect(localDateTime(zonedDayEnd('2026-10-25', BUDAPEST), BUDAPEST)).toEqual({
      date: '2026-10-25',
      time: '23:59',
    });
  });
});

describe('hoursUntilDate', () => {
  it('counts the hours to the day’s local midnight on an ordinary day', () => {
    // 10:00 in Budapest (CET, UTC+1) → 14 hours to midnight, 38 to the next one.
    const now = new Date('2026-01-15T09:00:00Z');
    expect(hoursUntilDate(now, '2026-01-16', BUDAPEST)).toBe(14);
    expect(hoursUntilDate(now, '2026-01-17', BUDAPEST)).toBe(38);
  });

  it('counts the real hours across the spring clock change (the day has 23 hours)', () => {
    // 00:30 on 29 March 2026 in Budapest; clocks jump from 02:00 to 03:00 that night.
    const now = new Date('2026-03-28T23:30:00Z');
    expect(hoursUntilDate(now, '2026-03-30', BUDAPEST)).toBe(22.5);
    expect(hoursUntilDate(now, '2026-03-31', BUDAPEST)).toBe(46.5);
  });

  it('counts the real hours across the autumn clock change (the day has 25 hours)', () => {
    // 00:30 on 25 October 2026 in Budapest; clocks go back from 03:00 to 02:00 that night.
    const now = new Date('2026-10-24T22:30:00Z');
    expect(hoursUntilDate(now, '2026-10-26', BUDAPEST)).toBe(24.5);
  });
});
