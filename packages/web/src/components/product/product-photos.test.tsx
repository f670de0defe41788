import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BackInStockList } from '@shop/shared/contracts/back-in-stock';
import { jsonResponse, renderApp } from '../../test/render-app';
import { validToken } from '../../test/tokens';
import { catalogueApi, makeProduct, PHOTO } from './product.fixture';

// Lazy screens and the lazy toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

/** The named button in the box, once it is enabled (a disabled MUI button refuses pointer events). */
async function enabledButton(box: HTMLElement, name: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = within(box).getByRole<HTMLButtonElement>('button', { name });
    expect(button.disabled).toBe(false);
    return button;
  });
}

describe('product photos (issue 17)', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows the first photo with WebP and JPEG srcsets in a fixed square box, eager in the first boxes only', async () => {
    const products = Array.from({ length: 6 }, (_, i) =>
      makeProduct({ id: i + 1, sku: `PH-${i + 1}`, photos: i === 5 ? [] : [PHOTO] }),
    );
    const api = catalogueApi({ products: () => products });
    await renderApp({ path: '/', fetch: api.fetch });
    await screen.findAllByRole('article');
    const boxOf = (sku: string) => document.querySelector<HTMLElement>(`article[data-sku="${sku}"]`)!;
    const first = boxOf('PH-1');
    const image = within(first).getByRole('img', { name: 'Kék doboz' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('width')).toBe('160');
    expect(image.getAttribute('height')).toBe('160');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('sizes')).toBe('160px');
    expect(image.getAttribute('src')).toBe('/images/photos/abc-160.jpg');
    expect(image.getAttribute('srcset')).toBe(
      '/images/photos/abc-160.jpg 160w, /images/photos/abc-320.jpg 320w, /images/photos/abc-640.jpg 640w, /images/photos/abc-1280.jpg 1280w',
    );
    const source = image.parentElement!.querySelector('source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toContain('/images/photos/abc-320.webp 320w');
    const fifth = boxOf('PH-5');
    expect(within(fifth).getByRole('img', { name: 'Kék doboz' }).getAttribute('loading')).toBe('lazy');
    // Without a photo the drawn picture stays.
    const last = boxOf('PH-6');
    expect(last.querySelector('picture')).toBeNull();
  });

  it('lets a signed-in buyer ask for a back-in-stock mail on a sold-out product, and cancel it', async () => {
    localStorage.setItem('access_token', validToken());
    const soldOut = makeProduct({ sku: 'SOLD-1', stock: 0, stockStatus: 'out_of_stock' });
    let waiting: BackInStockList = { requests: [] };
    const posted: unknown[] = [];
    const api = catalogueApi({
      products: () => [soldOut],
      other: (call) => {
        if (call.path === '/api/back-in-stock' && call.method === 'GET') return jsonResponse(200, waiting);
        if (call.path === '/api/back-in-stock' && call.method === 'POST') {
          posted.push(call.body);
          waiting = {
            requests: [
              {
                productSku: 'SOLD-1',
                productId: soldOut.id,
                productName: 'x',
                createdAt: '2026-11-25T03:00:00.000Z',
              },
            ],
          };
          return jsonResponse(201, waiting);
        }
        if (call.path === '/api/back-in-stock/SOLD-1' && call.method === 'DELETE') {
          waiting = { requests: [] };
          return jsonResponse(200, waiting);
        }
        return undefined;
      },
    });
    await renderApp({ path: '/', fetch: api.fetch });
    const box = await screen.findByRole('article', { name: soldOut.productDetails[0]!.name });
    // The button is disabled until the buyer's requests are loaded: click it once it is enabled.
    await userEvent.click(await enabledButton(box, 'Értesítsen, ha újra kapható'));
    expect(posted).toEqual([{ productSku: 'SOLD-1' }]);
    expect(await within(box).findByText('E-mailt küldünk, amikor újra kapható.')).toBeTruthy();
    await userEvent.click(await enabledButton(box, 'Értesítés lemondása'));
    await waitFor(() =>
      expect(within(box).getByRole('button', { name: 'Értesítsen, ha újra kapható' })).toBeTruthy(),
    );
  });

  it('shows no notify button to an anonymous visitor', async () => {
    const soldOut = makeProduct({ sku: 'SOLD-2', stock: 0, stockStatus: 'out_of_stock' });
    const api = catalogueApi({ products: () => [soldOut] });
    await renderApp({ path: '/', fetch: api.fetch });
    const box = await screen.findByRole('article', { name: soldOut.productDetails[0]!.name });
    expect(within(box).queryByRole('button', { name: 'Értesítsen, ha újra kapható' })).toBeNull();
    expect(api.calls.some((call) => call.path === '/api/back-in-stock')).toBe(false);
  });
});
