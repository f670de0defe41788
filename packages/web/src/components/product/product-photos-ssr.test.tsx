// @vitest-environment node
import type { ShopStateResponse } from '@shop/shared/contracts/checkout';
import type { ProductPhoto } from '@shop/shared/contracts/product-photos';
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
  return new Response(JSON.stringify(state), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
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
