import { describe, expect, it } from 'vitest';
import type { OfflineProduct } from '@shop/shared/contracts/offline';
import type { ShippingAddress } from '@shop/shared/contracts/shipping';
import { makeProduct } from '../../components/product/product.fixture';
import { customersOf, formatSize } from './components/offline-page';
import { joinProduct, PER_CUSTOMER_FIELDS, splitProduct } from './offline-db';

/** Issue 19 point 2: an agent's customers kept offline, products once and prices per customer. */
describe('the offline store of several customers', () => {
  const product: OfflineProduct = {
    ...makeProduct({ id: 7, sku: 'KV-007', lastOrderedQuantity: 24 }),
    hash: 'abc123',
  };

  it('splits a product into what every customer sees and the customer’s own prices, and joins it back', () => {
    const [item, own] = splitProduct(product, 42);
    for (const field of PER_CUSTOMER_FIELDS) expect(item).not.toHaveProperty(field);
    expect(item).not.toHaveProperty('hash');
    expect(item.productDetails).toEqual(product.productDetails);
    expect(own).toEqual({
      customerId: 42,
      id: 7,
      hash: 'abc123',
      prices: product.prices,
      currentPrice: product.currentPrice,
      lastOrderedQuantity: 24,
      discount: product.discount,
      priceChanged: product.priceChanged,
    });
    expect(joinProduct(item, own)).toEqual(product);
  });

  it('joins one shared product with each customer’s prices', () => {
    const cheaper: OfflineProduct = {
      ...product,
      currentPrice: (product.currentPrice ?? 0) - 100,
      lastOrderedQuantity: 0,
      hash: 'other',
    };
    const [item, ofA] = splitProduct(product, 1);
    const [sameItem, ofB] = splitProduct(cheaper, 2);
    expect(sameItem).toEqual(item);
    expect(joinProduct(item, ofA).currentPrice).toBe(product.currentPrice);
    expect(joinProduct(item, ofB).currentPrice).toBe(cheaper.currentPrice);
    expect(joinProduct(item, ofB).lastOrderedQuantity).toBe(0);
    expect(joinProduct(item, ofB).hash).toBe('other');
  });

  it('lists an agent’s customers once each, with the current address when it has one', () => {
    const address = (id: number, customerId: number, name: string, current = false) =>
      ({
        shippingAddressId: id,
        customerId,
        customer: { name },
        currentShippingAddress: current,
      }) as unknown as ShippingAddress;
    const customers = customersOf([
      address(10, 1, 'Hoa Sen'),
      address(11, 1, 'Hoa Sen', true),
      address(20, 2, 'Aranysárkány'),
      address(21, 2, 'Aranysárkány'),
    ]);
    expect(customers.map((c) => [c.customerId, c.name, c.address.shippingAddressId, c.current])).toEqual([
      [1, 'Hoa Sen', 11, true],
      [2, 'Aranysárkány', 20, false],
    ]);
  });

  it('shows sizes in KB below a megabyte and in MB with one decimal above', () => {
    expect(formatSize(12_345)).toBe('12 KB');
    expect(formatSize(200)).toBe('1 KB');
    expect(formatSize(3_250_000)).toMatch(/^3[.,]3 MB$/);
  });
});
