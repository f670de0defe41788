import { vi } from 'vitest';
import type { MainCategory } from '@shop/shared/contracts/categories';
import type { ProductPhoto } from '@shop/shared/contracts/product-photos';
import type { Manufacturer, Product, ProductListResponse } from '@shop/shared/contracts/products';
import type { FetchLike } from '../../lib/api-client';
import { jsonResponse } from '../../test/render-app';

/** Test data and a fake API for the catalogue's component tests (not used by the app). */

export const ALFA: Manufacturer = { id: 1, name: 'Alfa Kft.', slug: 'alfa' };
export const BETA: Manufacturer = { id: 2, name: 'Béta Zrt.', slug: 'beta' };

/** An uploaded photo of 1280×720 in the four responsive widths (issue 17). */
export const PHOTO: ProductPhoto = {
  id: 7,
  width: 1280,
  height: 720,
  alt: 'Kék doboz',
  sizes: [160, 320, 640, 1280].map((width) => ({
    width,
    height: Math.round((720 * width) / 1280),
    webp: `/images/photos/abc-${width}.webp`,
    jpeg: `/images/photos/abc-${width}.jpg`,
  })),
};

/** A coffee sold by the piece from 1, by the carton of 12 and by the pallet of 480; step 12. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const sku = overrides.sku ?? 'KV-001';
  return {
    id: 1,
    sku,
    productDetails: [{ language: 'hu', name: 'Kávé, őrölt 250 g', description: 'Pörkölt kávé.' }],
    prices: [
      {
        price: 100000,
        specialPrice: null,
        specialPriceStart: null,
        specialPriceEnd: null,
        quantityDiscount: 1,
        quantitativeUnit: 'piece',
        customerDiscount: 0,
      },
      {
        price: 90000,
        specialPrice: null,
        specialPriceStart: null,
        specialPriceEnd: null,
        quantityDiscount: 12,
        quantitativeUnit: 'carton',
        customerDiscount: 0,
      },
      {
        price: 80000,
        specialPrice: null,
        specialPriceStart: null,
        specialPriceEnd: null,
        quantityDiscount: 480,
        quantitativeUnit: 'pallet',
        customerDiscount: 0,
      },
    ],
    currentPrice: 90000,
    vat: 27,
    weight: 260,
    image: `/images/products/${sku}.svg`,
    stock: 100,
    stockStatus: 'in_stock',
    isActive: true,
    isOrderable: true,
    isSeasonal: false,
    minOrderQuantity: 'carton',
    maxOrderQuantity: null,
    orderQuantityStep: 12,
    lastOrderedQuantity: 0,
    packSizes: [
      { unit: 'piece', pieces: 1, barcode: '5990000000011' },
      { unit: 'carton', pieces: 12, barcode: '5990000000028' },
      { unit: 'pallet', pieces: 480, barcode: null },
    ],
    categories: [{ slug: 'kave-orolt', name: 'Őrölt kávé', parentSlug: 'kave-tea' }],
    manufacturer: ALFA,
    description: 'Pörkölt kávé.',
    discount: false,
    priceChanged: false,
    ...overrides,
  };
}

/** The same product as an anonymous visitor gets it (decision 0004). */
export function anonymous(product: Product): Product {
  return { ...product, prices: [], currentPrice: null, priceChanged: false, lastOrderedQuantity: 0 };
}

export function listResponse(
  products: Product[],
  count = products.length,
  manufacturers: Manufacturer[] = [ALFA, BETA],
): ProductListResponse {
  return { products, count, manufacturers };
}

export const CATEGORIES: MainCategory[] = [
  {
    slug: 'italok',
    name: 'Italok',
    productCount: 40,
    children: [{ slug: 'asvanyviz', name: 'Ásványvíz', productCount: 9 }],
  },
  { slug: 'kave-tea', name: 'Kávé és tea', productCount: 29, children: [] },
];

export interface ApiCall {
  path: string;
  query: Record<string, string>;
  method: string;
  body: unknown;
}

/**
 * An injected fetch answering the catalogue calls (categories, product listings); `other` answers
 * anything first (cart calls, searches), everything unknown is 404. Records every call.
 */
export function catalogueApi(
  options: {
    products?: (call: ApiCall) => Product[];
    count?: number;
    other?: (call: ApiCall, init: RequestInit) => Response | Promise<Response> | undefined;
  } = {},
) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn<FetchLike>(async (input, init) => {
    const url = new URL(input, 'http://shop.test');
    const call: ApiCall = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const custom = options.other?.(call, init);
    if (custom) return custom;
    if (call.path === '/api/categories') return jsonResponse(200, { data: CATEGORIES });
    if (call.path.startsWith('/api/products/')) {
      const products = options.products?.(call) ?? [makeProduct()];
      return jsonResponse(200, listResponse(products, options.count ?? products.length));
    }
    return jsonResponse(404, { error: 'NOT_FOUND' });
  });
  const productCalls = () => calls.filter((call) => call.path.startsWith('/api/products/'));
  const lastProductCall = () => productCalls().at(-1);
  return { fetch, calls, productCalls, lastProductCall };
}
