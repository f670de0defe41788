// @vitest-environment node
import type { ShopStateResponse } from '@shop/shared/contracts/checkout';
import type { ProductPhoto } from '@shop/shared/contracts/product-photos';
import type { Product } from '@shop/shared/contracts/products';
import { describe, expect, it } from 'vitest';
import { renderer } from '../../ssr/entry-server';
import { type ApiCall, catalogueApi, makeProduct } from './product.fixture';

const photo: ProductPhoto = {
  id: 7,
  width: 1280,
  height: 960,
  alt: 'Kék doboz',
  sizes: [160, 320, 640, 1280].map((width) => ({
    width,
    height: Math.round((960 * width) / 1280),
    webp: `/images/photos/abc-${width}.webp`,
    jpeg: `/images/photos/abc-${width}.jpg`,
  })),
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The shop's state, open (the page's header asks for it). */
function openShop(call: ApiCall): Response | undefined {
  if (call.path !== '/api/shop/state') return undefined;
  const state: ShopStateResponse = {
    closed: false,
    forceClosed: false,
    window: null,
    upcoming: null,
    notice: null,
    timeZone: 'Europe/Budapest',
  };
  return json(state);
}

/** The `<img>` tags of each product box in server-rendered markup, by SKU. */
function imagesBySku(html: string): Map<string, string[]> {
  const boxes = new Map<string, string[]>();
  for (const match of html.matchAll(/<article[^>]*data-sku="([^"]+)"[^>]*>(.*?)<\/article>/gs)) {
    boxes.set(
      match[1]!,
      [...match[2]!.matchAll(/<img [^>]*>/g)].map((img) => img[0]),
    );
  }
  return boxes;
}

describe('product pictures in server-rendered markup (issue 17)', () => {
  it('asks for the first four pictures of the listing at high priority, and for no other', async () => {
    // Boxes 1–5 with an uploaded photo except box 3 (its drawn picture), box 6 drawn.
    const products = Array.from({ length: 6 }, (_, i) =>
      makeProduct({ id: i + 1, sku: `SSR-${i + 1}`, photos: i === 2 || i === 5 ? [] : [photo] }),
    );
    const api = catalogueApi({ products: () => products, other: openShop });
    const page = await renderer.renderPage({ url: '/', fetch: api.fetch, narrow: false });
    expect(page).not.toBeNull();
    const boxes = imagesBySku(page!.html);
    expect([...boxes.keys()]).toEqual(products.map((product) => product.sku));
    const images = products.map((product) => {
      const tags = boxes.get(product.sku)!;
      expect(tags).toHaveLength(1);
      return tags[0]!;
    });
    // Photos and drawn pictures alike: eager and high for the first four, lazy and default after.
    expect(images.map((img) => /fetchpriority="high"/i.test(img))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(images.map((img) => /loading="(\w+)"/.exec(img)?.[1])).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.filter((img) => /fetchpriority/i.test(img))).toHaveLength(4);
    expect(images[0]).toContain('src="/images/photos/abc-160.jpg"');
    expect(images[2]).toContain('src="/images/products/SSR-3.svg"');
  });
});

describe('search result pictures in server-rendered markup (issue 17)', () => {
  it('loads the pictures of the first four result rows at once, across the groups, and the rest lazily', async () => {
    const [a, b, c, d, e] = ['A', 'B', 'C', 'D', 'E'].map((letter, i) =>
      makeProduct({ id: 100 + i, sku: `SRCH-${letter}`, photos: letter === 'C' ? [] : [photo] }),
    ) as [Product, Product, Product, Product, Product];
    // The six searches' answers: rows in page order A | A B C | D | – | E B, categories none.
    const found: Record<string, Product[]> = {
      'products-by-name-exact': [a],
      'products-by-name': [a, b, c],
      'product-by-sku': [d],
      'products-by-barcode-exact': [],
      'products-by-barcode': [e, b],
    };
    const api = catalogueApi({
      other: (call) => {
        if (call.path === '/api/categories/search') return json({ data: [] });
        if (call.path === '/api/products/search' && call.query.selectType === 'simple')
          return json({ data: { products: found[call.query.searchType ?? ''] ?? [] } });
        return openShop(call);
      },
    });
    const page = await renderer.renderPage({ url: '/search?q=kave', fetch: api.fetch, narrow: true });
    expect(page).not.toBeNull();
    const rows = [...page!.html.matchAll(/<li[^>]*data-sku="([^"]+)"[^>]*>(.*?)<\/li>/gs)].map((match) => ({
      sku: match[1],
      images: [...match[2]!.matchAll(/<img [^>]*>/g)].map((img) => img[0]),
    }));
    expect(rows.map((row) => row.sku)).toEqual([a, a, b, c, d, e, b].map((product) => product.sku));
    for (const row of rows) expect(row.images).toHaveLength(1);
    const images = rows.map((row) => row.images[0]!);
    expect(images.map((img) => /loading="(\w+)"/.exec(img)?.[1])).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(images.map((img) => /fetchpriority="high"/i.test(img))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    // Photos at the row's 56 px; C has its drawn picture.
    expect(images[0]).toContain('sizes="56px"');
    expect(images[3]).toContain('src="/images/products/SRCH-C.svg"');
  });
});
