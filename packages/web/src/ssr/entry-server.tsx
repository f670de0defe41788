// First: no schema may be built before zod is told not to compile parsers (see the module).
import '../lib/zod-config';
import { CacheProvider } from '@emotion/react';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { SsrPage, SsrRenderer, SsrRequest } from '@shop/shared/ssr/ssr-contract';
import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createEmotionCache } from '../app/emotion-cache';
import { createAppMemoryRouter, routerInitialized } from '../app/router';
import { theme } from '../app/theme';
import { createI18n } from '../i18n/i18n';
import type { InitialSearch } from '../features/search/api/initial-search';
import { createSixWaySearch, type SixWaySearch } from '../features/search/api/six-way-search';
import { SEARCH_MIN_LENGTH } from '../features/search/components/search-box';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { createFixedAuthStore } from '../lib/auth-store';
import { createToastStore } from '../lib/toast-store';

/**
 * Renders a page on the server in the default language (hu): a public catalogue page for a visitor
 * who is not logged in (decision 0016), or a personal page (cart, checkout) for the account whose
 * token the server checked (decision 0017). The same components and router as in the browser, with
 * the data fetched through the server's own API. The browser paints this markup at once, then
 * hydrates it from the embedded data (src/main.tsx).
 */

/** Render passes: each one fetches the queries the previous one found waiting (listing, categories). */
const MAX_PASSES = 4;

let i18nReady: Promise<I18n> | undefined;

/** One hu instance for every render: the messages never change while the process runs. */
function serverI18n(): Promise<I18n> {
  i18nReady ??= createI18n({ language: 'hu', namespaces: ['catalog', 'cart', 'feedback'] });
  return i18nReady;
}

/** The theme with useMediaQuery answering from the server's guess of the screen width. */
function themeFor(narrow: boolean): typeof theme {
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiUseMediaQuery: {
        defaultProps: {
          // Only the header asks (below 1280 px, "lg" down); a max-width query is that one.
          ssrMatchMedia: (query: string) => ({ matches: /max-width/.test(query) ? narrow : !narrow }),
          noSsr: true,
        },
      },
    },
  } as typeof theme;
}

/** Queries a component asked for that have no data yet (and are enabled: not the cart of nobody). */
function waitingQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      const enabled = (query.options as { enabled?: boolean | ((q: typeof query) => boolean) }).enabled;
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    });
}

async function toHtml(element: React.ReactNode): Promise<string> {
  // Waits for lazy components (the shell's closure notice, ...), so none is left to the browser.
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

function finished(search: SixWaySearch): Promise<void> {
  return new Promise((resolve) => {
    if (!search.getState().inProgress) return resolve();
    const unsubscribe = search.subscribe(() => {
      if (search.getState().inProgress) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A text search page's six searches, run before rendering (the page starts them in an effect, which
 * a server render never runs). Undefined: not a text search page; null: a search failed.
 */
async function initialSearchFor(url: URL, api: ApiClient): Promise<InitialSearch | null | undefined> {
  const term = url.searchParams.get('q')?.trim() ?? '';
  if (
    url.pathname !== '/search' ||
    url.searchParams.get('sku')?.trim() ||
    url.searchParams.get('view') === 'list'
  )
    return undefined;
  if ([...term].length < SEARCH_MIN_LENGTH) return undefined;
  // Its own toasts: a failure must not reach the process-wide toast stack.
  const search = createSixWaySearch(api, createToastStore());
  search.run(term);
  await finished(search);
  const state = search.getState();
  const groups = [...Object.values(state.products), state.categories];
  return groups.every((group) => group.status === 'done') ? { language: 'hu', state } : null;
}

async function renderPage({ url, fetch, narrow, token }: SsrRequest): Promise<SsrPage | null> {
  const i18n = await serverI18n();
  const router = createAppMemoryRouter([url]);
  try {
    await routerInitialized(router);
    const { location, errors } = router.state;
    // A loader's redirect or error: the browser handles it.
    if (errors || `${location.pathname}${location.search}` !== url) return null;
    const queryClient = createQueryClient();
    // Per render: another visitor's render may run meanwhile (the browser's store is not used here).
    const authStore = createFixedAuthStore(token ?? null);
    if (token && !authStore.getState()) return null;
    const apiClient = createApiClient({
      fetch,
      getToken: () => authStore.getToken(),
      getLanguage: () => 'hu',
      maxRetries: 0,
      timeoutMs: 5000,
    });
    const appTheme = themeFor(narrow);
    const initialSearch = await initialSearchFor(new URL(url, 'http://shop.invalid'), apiClient);
    if (initialSearch === null) return null;

    for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
      const cache = createEmotionCache();
      // Rules are collected in cache.inserted instead of being written next to each element.
      cache.compat = true;
      // The tree is the browser's (main.tsx), so hydration matches it, useId included.
      let html = await toHtml(
        <CacheProvider value={cache}>
          <StrictMode>
            <App
              router={router}
              queryClient={queryClient}
              apiClient={apiClient}
              authStore={authStore}
              i18n={i18n}
              appTheme={appTheme}
              initialSearch={initialSearch}
            />
          </StrictMode>
        </CacheProvider>,
      );
      const waiting = waitingQueries(queryClient);
      if (waiting.length === 0 || pass === MAX_PASSES) {
        const cssIds: string[] = [];
        let css = '';
        for (const [id, rules] of Object.entries(cache.inserted)) {
          if (typeof rules !== 'string') continue;
          cssIds.push(id);
          css += rules;
        }
        // React puts the images' preload hints first; they belong in the head.
        const hints = /^(?:<link [^>]*>)+/.exec(html)?.[0] ?? '';
        html = html.slice(hints.length);
        return {
          html,
          head: hints,
          css,
          cssIds,
          state: JSON.stringify({ ...dehydrate(queryClient), search: initialSearch }),
        };
      }
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      // A failed call: the browser renders the page (and its error view, with a retry) itself.
      if (
        queryClient
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error')
      )
        return null;
    }
    return null;
  } finally {
    router.dispose();
  }
}

export const renderer: SsrRenderer = { renderPage };
