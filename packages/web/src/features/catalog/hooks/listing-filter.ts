import type { ListingEndpoint, ListingFilter } from '../../../components/product/product-listing';
import type { RouteName } from '../../../lib/route-handle';

export interface RouteListing {
  endpoint: ListingEndpoint;
  filter: ListingFilter;
}

/**
 * The listing of a route (docs/product.md §2): main-category-products, sub-category-products,
 * on-sale-products, seasonal-products and ordered-products each set their own filter, and only
 * it, so the filters of the others are cleared; any other route lists everything.
 */
export function listingForRoute(
  name: RouteName | undefined,
  params: { mainCategorySlug?: string | undefined; subCategorySlug?: string | undefined },
): RouteListing {
  switch (name) {
    case 'main-category-products':
      return params.mainCategorySlug
        ? { endpoint: '/products/all', filter: { mainCategorySlug: params.mainCategorySlug } }
        : { endpoint: '/products/all', filter: {} };
    case 'sub-category-products':
      return params.mainCategorySlug && params.subCategorySlug
        ? {
            endpoint: '/products/all',
            filter: { mainCategorySlug: params.mainCategorySlug, subCategorySlug: params.subCategorySlug },
          }
        : { endpoint: '/products/all', filter: {} };
    case 'on-sale-products':
      return { endpoint: '/products/all', filter: { onSale: true } };
    case 'seasonal-products':
      return { endpoint: '/products/all', filter: { seasonal: true } };
    case 'ordered-products':
      return { endpoint: '/products/ordered-products', filter: {} };
    default:
      return { endpoint: '/products/all', filter: {} };
  }
}
