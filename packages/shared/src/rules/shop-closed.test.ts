import { describe, expect, it } from 'vitest';
import { closureNotice, isOrderingOpen, shopState } from './shop-closed';

const TZ = 'Europe/Budapest';
const windows = [{ startsAt: '2024-12-27T16:00', endsAt: '2025-01-02T08:00' }];

describe('shopState', () => {
  it('is closed inside the window, in the shop time zone', () => {
    // 15:00 UTC = 16:00 in Budapest (UTC+1): the window starts.
    expect(shopState(new Date('2024-12-27T14:59:00Z'), TZ, windows, false).closed).toBe(false);
    expect(shopState(new Date('2024-12-27T15:00:00Z'), TZ, windows, false).closed).toBe(true);
    expect(shopState(new Date('2025-01-01T12:00:00Z'), TZ, windows, false).window).toEqual(windows[0]);
    expect(shopState(new Date('2025-01-02T06:59:00Z'), TZ, windows, false).closed).toBe(true);
    expect(shopState(new Date('2025-01-02T07:00:00Z'), TZ, windows, false).closed).toBe(false);
  });

  it('is force closed by the switch, whatever the date', () => {
    const state = shopState(new Date('2026-06-01T10:00:00Z'), TZ, windows, true);
    expect(state).toEqual({ closed: false, forceClosed: true, window: null });
    expect(isOrderingOpen(state)).toBe(false);
  });

  it('is open otherwise', () => {
    expect(isOrderingOpen(shopState(new Date('2026-06-01T10:00:00Z'), TZ, windows, false))).toBe(true);
  });
});

describe('closureNotice', () => {
  const later = { startsAt: '2025-04-18T12:00', endsAt: '2025-04-22T06:00' };
  const both = [later, ...windows];

  it('announces the next window from `noticeDays` days before its start, in local time', () => {
    // 2024-12-13 16:00 Budapest is exactly 14 days before the start.
    expect(closureNotice(new Date('2024-12-13T14:59:00Z'), TZ, both, 14)).toBeNull();
    expect(closureNotice(new Date('2024-12-13T15:00:00Z'), TZ, both, 14)).toEqual(windows[0]);
    expect(closureNotice(new Date('2024-12-27T14:59:00Z'), TZ, both, 14)).toEqual(windows[0]);
    expect(closureNotice(new Date('2024-12-20T10:00:00Z'), TZ, both, 3)).toBeNull();
  });

  it('stops once the window has started, then looks at the following one', () => {
    expect(closureNotice(new Date('2024-12-27T15:00:00Z'), TZ, both, 14)).toBeNull();
    expect(closureNotice(new Date('2025-04-10T10:00:00Z'), TZ, both, 14)).toEqual(later);
  });

  it('announces nothing with 0 notice days or without windows', () => {
    expect(closureNotice(new Date('2024-12-26T10:00:00Z'), TZ, both, 0)).toBeNull();
    expect(closureNotice(new Date('2024-12-26T10:00:00Z'), TZ, [], 14)).toBeNull();
  });
});
