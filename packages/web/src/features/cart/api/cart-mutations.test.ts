import { describe, expect, it } from 'vitest';
import { makeCart, makeItem } from '../cart.fixture';
import { laterCart, quantityChangeToast } from './cart-mutations';

describe('laterCart', () => {
  const at = (version: number, cartId: number | null = 1) =>
    makeCart([makeItem({ quantity: version * 12 })], { cartId, version });

  it('takes the answered cart over an earlier or equal state, or when none is cached', () => {
    const answered = at(5);
    expect(laterCart(undefined, answered)).toBe(answered);
    expect(laterCart(at(4), answered)).toBe(answered);
    expect(laterCart(at(5), answered)).toBe(answered);
  });

  it('keeps the cached cart when it is a later state of the same cart (answers out of order)', () => {
    const cached = at(6);
    expect(laterCart(cached, at(5))).toBe(cached);
  });

  it('takes the answered cart when it is another cart (a first write created it, or another customer)', () => {
    const answered = at(1, 2);
    expect(laterCart(at(9, 1), answered)).toBe(answered);
    expect(laterCart(at(3, null), at(1, 1)).cartId).toBe(1);
  });
});

describe('quantityChangeToast', () => {
  it('says added, reduced, removed, or nothing when the quantity stayed', () => {
    expect(quantityChangeToast(0, 12)).toBe('product.addedToCart');
    expect(quantityChangeToast(24, 12)).toBe('product.quantityReduced');
    expect(quantityChangeToast(24, 0)).toBe('product.removedFromCart');
    expect(quantityChangeToast(24, 24)).toBeNull();
  });
});
