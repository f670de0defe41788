import { describe, expect, it, vi } from 'vitest';
import { createPageViewSender, PAGE_VIEW_ENDPOINT } from './page-view.api';

describe('page-view sender', () => {
  it('sends the token and consent only when the visitor accepted analytics cookies', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    let consent = true;
    const send = createPageViewSender({ getToken: () => 'tok', hasConsent: () => consent, fetch });

    send('/on-sale-products', 'en');
    expect(fetch).toHaveBeenLastCalledWith(PAGE_VIEW_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
      body: JSON.stringify({ path: '/on-sale-products', language: 'en', consent: true }),
      keepalive: true,
      credentials: 'same-origin',
    });

    consent = false;
    send('/cart', 'hu');
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ path: '/cart', language: 'hu', consent: false });
  });

  it('returns at once, never throws and swallows failures', async () => {
    const rejecting = vi.fn(() => Promise.reject(new TypeError('offline')));
    const send = createPageViewSender({ getToken: () => null, hasConsent: () => true, fetch: rejecting });
    expect(send('/x', 'hu')).toBeUndefined();
    const throwing = createPageViewSender({
      getToken: () => {
        throw new Error('storage disabled');
      },
      hasConsent: () => true,
      fetch: rejecting,
    });
    expect(() => throwing('/x', 'hu')).not.toThrow();
    await Promise.resolve();
  });

  it('masks e-mailed codes and cuts long paths to 500 characters', () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const send = createPageViewSender({ getToken: () => null, hasConsent: () => false, fetch });
    send('/user/5/reset-password/abcdef', 'hu');
    send(`/search?q=${'a'.repeat(600)}`, 'hu');
    const bodies = fetch.mock.calls.map((call) =>
      JSON.parse(String((call as unknown as [string, RequestInit])[1].body)),
    );
    expect(bodies[0].path).toBe('/user/:id/reset-password/:code');
    expect(bodies[1].path).toHaveLength(500);
  });
});
