import { describe, expect, it } from 'vitest';
import { backoffCeilingMs, nextAttempt, type RetryPolicy } from './outbox-retry';

const policy: RetryPolicy = { retryStartMs: 10_000, retryMaxMs: 3_600_000, giveUpMs: 86_400_000 };
const created = new Date('2026-11-24T10:00:00.000Z');
const at = (ms: number) => new Date(created.getTime() + ms);

describe('outbox retry schedule', () => {
  it('doubles the ceiling from the first delay up to the maximum', () => {
    const ceilings = Array.from({ length: 12 }, (_, i) => backoffCeilingMs(i + 1, policy));
    expect(ceilings).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000, 2_560_000, 3_600_000, 3_600_000,
      3_600_000,
    ]);
    expect(backoffCeilingMs(1_000, policy)).toBe(3_600_000);
  });

  it('draws the delay uniformly below the ceiling (full jitter)', () => {
    const now = at(60_000);
    const low = nextAttempt(policy, { attempts: 3, createdAt: created, now }, () => 0);
    const mid = nextAttempt(policy, { attempts: 3, createdAt: created, now }, () => 0.5);
    const high = nextAttempt(policy, { attempts: 3, createdAt: created, now }, () => 0.999_999);
    expect(low).toEqual({ giveUp: false, at: now });
    expect(mid).toEqual({ giveUp: false, at: at(60_000 + 20_000) });
    expect(high).toEqual({ giveUp: false, at: at(60_000 + 39_999) });
  });

  it('spreads the retries of many messages over the whole window', () => {
    const now = at(0);
    const delays = Array.from({ length: 2000 }, () => {
      const decision = nextAttempt(policy, { attempts: 2, createdAt: created, now });
      if (decision.giveUp) throw new Error('gave up too early');
      return decision.at.getTime() - now.getTime();
    });
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(20_000);
    // Uniform: each quarter of the window gets roughly a quarter of the retries.
    for (let q = 0; q < 4; q += 1) {
      const share = delays.filter((d) => d >= q * 5000 && d < (q + 1) * 5000).length / delays.length;
      expect(share).toBeGreaterThan(0.18);
      expect(share).toBeLessThan(0.32);
    }
  });

  it('tries a last time at the give-up time and then gives up', () => {
    const nearEnd = at(86_400_000 - 1000);
    expect(nextAttempt(policy, { attempts: 30, createdAt: created, now: nearEnd }, () => 0.9)).toEqual({
      giveUp: false,
      at: at(86_400_000),
    });
    expect(nextAttempt(policy, { attempts: 31, createdAt: created, now: at(86_400_000) })).toEqual({
      giveUp: true,
    });
    expect(nextAttempt(policy, { attempts: 31, createdAt: created, now: at(90_000_000) })).toEqual({
      giveUp: true,
    });
  });
});
