// @vitest-environment node
import type { Product } from '@shop/shared/contracts/products';
import { describe, expect, it } from 'vitest';
import { catalogueApi, makeProduct, PHOTO, type ApiCall } from '../components/product/product.fixture';
import { OPEN_SHOP } from '../features/cart/cart.fixture';
import { jsonResponse } from '../test/render-app';
import { renderer } from './entry-server';

/**
 * Issue 17: the server-rendered markup (the real renderer, as the server runs it) asks for the
 * first pictures on screen at once and at high priority, and for the others lazily at the
 * browser's default priority.
 */

/** The shop's state, open (the page's header asks for it). */
function openShop(call: ApiCall): Response | undefined {
  return call.path === '/api/shop/state' ? jsonResponse(200, OPEN_SHOP) : undefined;
}

/** The `<img>` tags inside each element of `tag` with a `data-sku`, in page order. */
function imagesOf(html: string, tag: 'article' | 'li'): { sku: string; images: string[] }[] {
  const pattern = new RegExp(`<${tag}[^>]*data-sku="([^"]+)"[^>]*>(.*?)</${tag}>`, 'gs');
  return [...html.matchAll(pattern)].map((match) => ({
    sku: match[1]!,
    images: [...match[2]!.matchAll(/<img [^>]*>/g)].map((img) => img[0]),
  }));
}

/** Each element has one picture; the first `eager` ones are eager and high, the rest lazy and default. */
function expectFirstEager(rows: { images: string[] }[], eager: number): string[] {
  for (const row of rows) expect(row.images).toHaveLength(1);
  const images = rows.map((row) => row.images[0]!);
  const expected = images.map((_, index) => index < eager);
  expect(images.map((img) => /loading="(\w+)"/.exec(img)?.[1])).toEqual(
    expected.map((first) => (first ? 'eager' : 'lazy')),
  );
  expect(images.map((img) => /fetchpriority="high"/i.test(img))).toEqual(expected);
  expect(images.filter((img) => /fetchpriority/i.test(img))).toHaveLength(eager);
  return images;
}

describe('picture priority in server-rendered markup (issue 17)', () => {
  it('asks for the first four pictures of the listing at high priority, and for no other', async () => {
    // Boxes 1–5 with an uploaded photo except box 3 (its drawn picture), box 6 drawn.
    const products = Array.from({ length: 6 }, (_, i) =>
      makeProduct({ id: i + 1, sku: `SSR-${i + 1}`, photos: i === 2 || i === 5 ? [] : [PHOTO] }),
    );
    const api = catalogueApi({ products: () => products, other: openShop });
    const page = await renderer.renderPage({ url: '/', fetch: api.fetch, narrow: false });
    expect(page).not.toBeNull();
    const boxes = imagesOf(page!.html, 'article');
    expect(boxes.map((box) => box.sku)).toEqual(products.map((product) => product.sku));
    // Photos and drawn pictures alike.
    const images = expectFirstEager(boxes, 4);
    expect(images[0]).toContain('src="/images/photos/abc-160.jpg"');
    expect(images[2]).toContain('src="/images/products/SSR-3.svg"');
  });

  it('loads the pictures of the first four search result rows at once, across the groups, and the rest lazily', async () => {
    const [a, b, c, d, e] = ['A', 'B', 'C', 'D', 'E'].map((letter, i) =>
      makeProduct({ id: 100 + i, sku: `SRCH-${letter}`, photos: letter === 'C' ? [] : [PHOTO] }),
    ) as [Product, Product, Product, Product, Product];
    // The six searches' answers: rows in page order A | A B C | D | – | E B, no category.
    const found: Record<string, Product[]> = {
      'products-by-name-exact': [a],
      'products-by-name': [a, b, c],
      'product-by-sku': [d],
      'products-by-barcode-exact': [],
      'products-by-barcode': [e, b],
    };
    const api = catalogueApi({
      other: (call) => {
        if (call.path === '/api/categories/search') return jsonResponse(200, { data: [] });
        if (call.path === '/api/products/search' && call.query.selectType === 'simple')
          return jsonResponse(200, { data: { products: found[call.query.searchType ?? ''] ?? [] } });
        return openShop(call);
      },
    });
    const page = await renderer.renderPage({ url: '/search?q=kave', fetch: api.fetch, narrow: true });
    expect(page).not.toBeNull();
    const rows = imagesOf(page!.html, 'li');
    expect(rows.map((row) => row.sku)).toEqual([a, a, b, c, d, e, b].map((product) => product.sku));
    const images = expectFirstEager(rows, 4);
    // Photos at the row's 56 px; C has its drawn picture.
    expect(images[0]).toContain('sizes="56px"');
    expect(images[3]).toContain('src="/images/products/SRCH-C.svg"');
  });
});
