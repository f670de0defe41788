import { describe, expect, it } from 'vitest';
import { isOrderingOpen, shopState } from './shop-closed';

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
