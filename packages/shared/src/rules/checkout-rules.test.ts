import { describe, expect, it } from 'vitest';
import {
  availableCredit,
  isPaymentAllowed,
  isPurchaseOrderNumberMissing,
  minimumOrderShortfall,
  normalizePurchaseOrderNumber,
  wholeForints,
} from './checkout-rules';

describe('purchase-order number', () => {
  it('is trimmed and missing only when required and blank', () => {
    expect(normalizePurchaseOrderNumber('  PO-1 ')).toBe('PO-1');
    expect(normalizePurchaseOrderNumber(null)).toBe('');
    expect(isPurchaseOrderNumberMissing(true, '   ')).toBe(true);
    expect(isPurchaseOrderNumberMissing(true, 'PO-1')).toBe(false);
    expect(isPurchaseOrderNumberMissing(false, '')).toBe(false);
  });
});

describe('minimumOrderShortfall', () => {
  it('is null without a minimum and counts what is missing', () => {
    expect(minimumOrderShortfall(0, 100)).toBeNull();
    expect(minimumOrderShortfall(3_000_000, 1_000_050)).toEqual({ minimum: 3_000_000, missing: 1_999_950 });
    expect(minimumOrderShortfall(3_000_000, 3_000_000)).toEqual({ minimum: 3_000_000, missing: 0 });
    expect(minimumOrderShortfall(3_000_000, 4_000_000)).toEqual({ minimum: 3_000_000, missing: 0 });
  });
});

describe('credit', () => {
  const state = { limit: 100_000, openBalance: 60_000, pending: 15_000 };
  it('has no available amount without a limit, and never a negative one', () => {
    expect(availableCredit({ ...state, limit: null })).toBeNull();
    expect(availableCredit(state)).toBe(25_000);
    expect(availableCredit({ ...state, openBalance: 120_000 })).toBe(0);
  });
  it('allows a deferred order up to the limit, immediate ones always', () => {
    expect(isPaymentAllowed(true, state, 25_000)).toBe(true);
    expect(isPaymentAllowed(true, state, 25_001)).toBe(false);
    expect(isPaymentAllowed(false, state, 1_000_000)).toBe(true);
    expect(isPaymentAllowed(true, { ...state, limit: null }, 1_000_000)).toBe(true);
  });
  it('shows forints: a missing amount rounded up, an available one down', () => {
    expect(wholeForints(1_999_950, true)).toBe(20_000);
    expect(wholeForints(2_500_050)).toBe(25_000);
  });
});
