import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endServedWithPage, FRESH_ON_MOUNT, markServedWithPage } from './page-data';

/**
 * The data a server-rendered page came with stands for the page's own mount: a query that fetches
 * on every mount does not fetch it again, until it changes or the visitor navigates.
 */
describe('data served with the page', () => {
  afterEach(() => endServedWithPage());

  function setUp() {
    const client = new QueryClient();
    const queryFn = vi.fn(() => Promise.resolve({ lines: 2 }));
    client.setQueryData(['cart'], { lines: 1 }, { updatedAt: 1000 });
    const mount = () => {
      const observer = new QueryObserver(client, { queryKey: ['cart'], queryFn, ...FRESH_ON_MOUNT });
      observer.subscribe(() => undefined)();
    };
    return { client, queryFn, mount };
  }

  it('is not fetched again by the first mounts', () => {
    const { client, queryFn, mount } = setUp();
    markServedWithPage(client.getQueryCache().getAll());
    mount();
    mount();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('is fetched on every mount without a server-rendered page, and once the visitor navigated', async () => {
    const { client, queryFn, mount } = setUp();
    mount();
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(client.getQueryData(['cart'])).toEqual({ lines: 2 }));
    markServedWithPage(client.getQueryCache().getAll());
    endServedWithPage();
    mount();
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('counts as ordinary data once it changed', () => {
    const { client, queryFn, mount } = setUp();
    markServedWithPage(client.getQueryCache().getAll());
    client.setQueryData(['cart'], { lines: 3 }, { updatedAt: 2000 });
    mount();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
