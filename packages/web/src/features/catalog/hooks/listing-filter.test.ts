// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { listingForRoute } from './listing-filter';

describe('listingForRoute', () => {
  const slugs = { mainCategorySlug: 'italok', subCategorySlug: 'asvanyviz' };

  it('each named route sets its own filter only', () => {
    expect(listingForRoute('main-category-products', { mainCategorySlug: 'italok' })).toEqual({
      endpoint: '/products/all',
      filter: { mainCategorySlug: 'italok' },
    });
    expect(listingForRoute('sub-category-products', slugs)).toEqual({
      endpoint: '/products/all',
      filter: { mainCategorySlug: 'italok', subCategorySlug: 'asvanyviz' },
    });
    expect(listingForRoute('on-sale-products', slugs)).toEqual({
      endpoint: '/products/all',
      filter: { onSale: true },
    });
    expect(listingForRoute('seasonal-products', slugs)).toEqual({
      endpoint: '/products/all',
      filter: { seasonal: true },
    });
    expect(listingForRoute('ordered-products', slugs)).toEqual({
      endpoint: '/products/ordered-products',
      filter: {},
    });
  });

  it('any other route lists everything', () => {
    for (const name of ['home', 'login', 'registration', 'forgot-password', undefined] as const) {
      expect(listingForRoute(name, slugs)).toEqual({ endpoint: '/products/all', filter: {} });
    }
  });
});
