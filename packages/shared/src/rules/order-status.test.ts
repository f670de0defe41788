import { describe, expect, it } from 'vitest';
import {
  canChangeOrderStatus,
  nextOrderStatuses,
  ORDER_STATUSES,
  ORDER_STATUS_TRANSITIONS,
  returnsStock,
} from './order-status';

describe('order status transitions', () => {
  it('moves forward one step at a time', () => {
    expect(canChangeOrderStatus('new', 'confirmed')).toBe(true);
    expect(canChangeOrderStatus('confirmed', 'processing')).toBe(true);
    expect(canChangeOrderStatus('processing', 'shipped')).toBe(true);
    expect(canChangeOrderStatus('shipped', 'completed')).toBe(true);
    expect(canChangeOrderStatus('new', 'shipped')).toBe(false);
    expect(canChangeOrderStatus('confirmed', 'new')).toBe(false);
  });

  it('cancels until the order is shipped, and final statuses never move', () => {
    expect(canChangeOrderStatus('new', 'cancelled')).toBe(true);
    expect(canChangeOrderStatus('processing', 'cancelled')).toBe(true);
    expect(canChangeOrderStatus('shipped', 'cancelled')).toBe(false);
    expect(nextOrderStatuses('completed')).toEqual([]);
    expect(nextOrderStatuses('cancelled')).toEqual([]);
  });

  it('refuses unknown statuses and staying in place', () => {
    expect(canChangeOrderStatus('lost', 'new')).toBe(false);
    expect(canChangeOrderStatus('new', 'lost')).toBe(false);
    for (const status of ORDER_STATUSES) expect(canChangeOrderStatus(status, status)).toBe(false);
  });

  it('names only known statuses as targets, and only cancelling returns stock', () => {
    for (const targets of Object.values(ORDER_STATUS_TRANSITIONS))
      for (const target of targets) expect(ORDER_STATUSES).toContain(target);
    expect(ORDER_STATUSES.filter(returnsStock)).toEqual(['cancelled']);
  });
});
