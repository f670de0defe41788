import { describe, expect, it } from 'vitest';
import type { ProductListResponse, SimpleSearchResponse } from '@shop/shared/contracts/products';
import { ALFA, BETA, makeProduct } from '../../components/product/product.fixture';
import { answerCategorySearch, answerListing, answerSearch } from './offline-catalogue';
import { emptyCart, withLine } from './offline-cart';

const NOW = new Date('2026-03-15T12:00:00.000Z');

const coffee = makeProduct({
  id: 1,
  sku: 'KV-001',
  manufacturer: ALFA,
  categories: [{ slug: 'kave', name: 'Kávé', parentSlug: 'italok' }],
  packSizes: [
    { unit: 'piece', pieces: 1, barcode: '5990000000011' },
    { unit: 'carton', pieces: 12, barcode: '5990000000028' },
  ],
});
const tea = makeProduct({
  id: 2,
  sku: 'TE-002',
  productDetails: [{ language: 'hu', name: 'Fekete tea', description: '' }],
  manufacturer: BETA,
  categories: [{ slug: 'tea', name: 'Tea', parentSlug: 'italok' }],
  packSizes: [{ unit: 'piece', pieces: 1, barcode: '5990000000035' }],
  isSeasonal: true,
  lastOrderedQuantity: 24,
});
const soap = makeProduct({
  id: 3,
  sku: 'SZ-003',
  productDetails: [{ language: 'hu', name: 'Szappan', description: '' }],
  manufacturer: ALFA,
  categories: [{ slug: 'tisztitoszer', name: 'Tisztítószer', parentSlug: null }],
  packSizes: [{ unit: 'piece', pieces: 1, barcode: null }],
});
const ALL = [coffee, tea, soap];

const q = (text: string) => new URLSearchParams(text);
/** The offline search of the whole catalogue, now, for the query string `text`. */
const searchAll = (text: string) => answerSearch(q(text), ALL, NOW);

describe('the offline catalogue answers', () => {
  it('lists by main and sub category, seasonal and ordered, with the manufacturers of the result', () => {
    const drinks = answerListing(q('mainCategorySlug=italok'), ALL, NOW);
    expect(drinks.products.map((p) => p.sku)).toEqual(['KV-001', 'TE-002']);
    expect(drinks.count).toBe(2);
    expect(drinks.manufacturers.map((m) => m.slug)).toEqual(['alfa', 'beta']);
    expect(
      answerListing(q('mainCategorySlug=italok&subCategorySlug=tea'), ALL, NOW).products.map((p) => p.sku),
    ).toEqual(['TE-002']);
    expect(answerListing(q('seasonal=true'), ALL, NOW).products.map((p) => p.sku)).toEqual(['TE-002']);
    expect(answerListing(q(''), ALL, NOW, true).products.map((p) => p.sku)).toEqual(['TE-002']);
    const alfa = answerListing(q('selectedManufacturers=alfa'), ALL, NOW);
    expect(alfa.products.map((p) => p.sku)).toEqual(['KV-001', 'SZ-003']);
    // The manufacturer filter never narrows the manufacturers offered.
    expect(alfa.manufacturers).toHaveLength(2);
  });

  it('pages and orders like the server', () => {
    const page = answerListing(q('productsPerPage=1&currentPage=2&orderBy=sku-desc'), ALL, NOW);
    expect(page.products.map((p) => p.sku)).toEqual(['SZ-003']);
    expect(page.count).toBe(3);
    expect(answerListing(q('orderBy=name'), ALL, NOW).products.map((p) => p.sku)).toEqual([
      'TE-002',
      'KV-001',
      'SZ-003',
    ]);
  });

  it('searches names, SKUs and barcodes, case- and accent-insensitively', () => {
    const byName = searchAll('searchType=all&searchString=KAVE') as ProductListResponse;
    expect(byName.products.map((p) => p.sku)).toEqual(['KV-001']);
    const bySku = searchAll('searchType=product-by-sku&searchSku=te-002') as ProductListResponse;
    expect(bySku.products.map((p) => p.sku)).toEqual(['TE-002']);
    const byBarcode = searchAll(
      'selectType=simple&searchType=products-by-barcode-exact&searchString=5990000000028',
    ) as SimpleSearchResponse;
    expect(byBarcode.data.products.map((p) => p.sku)).toEqual(['KV-001']);
    expect(byBarcode.data.products[0]).toMatchObject({ barcodes: '5990000000011,5990000000028' });
    const unknown = searchAll(
      'selectType=simple&searchType=products-by-barcode-exact&searchString=4000000000000',
    ) as SimpleSearchResponse;
    expect(unknown.data.products).toEqual([]);
  });
});

describe('the offline cart', () => {
  it('sets, replaces and removes lines with the shared prices and totals', () => {
    const cart = withLine(emptyCart(7), coffee, 24, NOW);
    expect(cart.customerId).toBe(7);
    expect(cart.cartItemIds).toEqual(['KV-001']);
    // 24 pieces reach the carton tier: 900.00 Ft a piece.
    expect(cart.cartItems[0]).toMatchObject({ quantity: 24, currentPrice: 90000, lineGross: 2160000 });
    expect(cart.totals).toMatchObject({ gross: 2160000, pieces: 24, weight: 24 * 260, grandTotal: 2160000 });
    const more = withLine(cart, tea, 1, NOW);
    expect(more.count).toBe(2);
    expect(more.version).toBe(cart.version + 1);
    expect(more.totals.gross).toBe(2160000 + 100000);
    const changed = withLine(more, coffee, 12, NOW);
    expect(changed.cartItemIds).toEqual(['KV-001', 'TE-002']);
    expect(changed.cartItems[0]!.quantity).toBe(12);
    const removed = withLine(changed, coffee, 0, NOW);
    expect(removed.cartItemIds).toEqual(['TE-002']);
    expect(removed.totals.gross).toBe(100000);
  });
});

describe('the offline category search', () => {
  it('finds main and sub categories by name, accent-insensitively', () => {
    const tree = {
      data: [
        {
          slug: 'italok',
          name: 'Italok',
          productCount: 2,
          children: [{ slug: 'kave', name: 'Kávé', productCount: 1 }],
        },
      ],
    };
    expect(answerCategorySearch(q('searchString=KAVE'), tree)).toEqual({
      data: [{ name: 'Kávé', slug: 'kave', parent: { name: 'Italok', slug: 'italok' } }],
    });
    expect(answerCategorySearch(q('searchString=ital'), tree).data.map((c) => c.slug)).toEqual(['italok']);
  });
});
