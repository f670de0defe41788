// First: no schema may be built before zod is told not to compile parsers (see the module).
import './lib/zod-config';
import './app/fonts.css';
// The product boxes' classes (plain elements, no runtime styles: issue 20), in the first stylesheet so a
// server-rendered page is styled before any script runs.
import './components/product/product-box.css';
import { CacheProvider } from '@emotion/react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { SSR_MARKUP_ATTRIBUTE, SSR_STATE_ID } from '@shop/shared/ssr/ssr-contract';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import type { Language } from '@shop/shared/i18n/languages';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createEmotionCache } from './app/emotion-cache';
import { createQueryClient } from './app/query-client';
import { createAppRouter, routerInitialized } from './app/router';
import type { InitialSearch } from './features/search/api/initial-search';
import { createI18n, currentLanguage } from './i18n/i18n';
import { offlineAwareFetch } from './features/offline/offline-fetch';
import { createApiClient } from './lib/api-client';
import { authStore, sessionKey } from './lib/auth-store';
import { getCookieConsent } from './lib/cookie-consent';
import { getNavigationSignal } from './lib/navigation-abort';
import { endServedWithPage, markServedWithPage } from './lib/page-data';
import { passwordChangeStore } from './lib/password-change-store';
import { yieldToMain } from './lib/yield-to-main';

/**
 * After the first commit (a hydration or a render): marks the page ready, lets the text fields the
 * check script held read-only take typing, and replays the click a server-rendered page's check
 * script kept meanwhile (ssr-pages.ts), on the control if it is still there.
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    // The text fields the check script made read-only until now take typing again.
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      '[data-ssr-wait]',
    )) {
      field.removeAttribute('data-ssr-wait');
      field.readOnly = false;
    }
    const early = (window as { __earlyClicks?: Element[] }).__earlyClicks ?? [];
    const last = early.at(-1);
    early.length = 0;
    if (last instanceof HTMLElement && last.isConnected) last.click();
  }, []);
  // A wrapper, not a sibling: the tree keeps the server's shape (useId).
  return children;
}

async function start() {
  authStore.init();
  // The modules were evaluated in this task: the messages start in the next one.
  await yieldToMain();
  const i18n = await createI18n();
  // Start-up work in separate tasks (messages, data, router), none long enough to block input.
  await yieldToMain();
  const apiClient = createApiClient({
    fetch: offlineAwareFetch,
    getToken: () => authStore.getToken(),
    getLanguage: () => currentLanguage(i18n),
    getNavigationSignal,
    onUnauthorized: () => authStore.expireSession({ reload: true }),
    onPasswordChangeRequired: () => passwordChangeStore.require(),
  });
  const queryClient = createQueryClient();
  // A server-rendered page (decisions 0016, 0017) brings the data it was rendered from: the app
  // renders from it, so its first render is the same page and hydrates the markup without a change.
  // Only data of the stored session: a page rendered for another one (its markup is hidden) brings
  // nothing into the cache.
  const stateElement = document.getElementById(SSR_STATE_ID);
  const renderedFor = document.documentElement.getAttribute('data-ssr-user') ?? '';
  let initialSearch: InitialSearch | null = null;
  if (stateElement?.textContent && renderedFor === sessionKey(authStore.getState())) {
    try {
      const state = JSON.parse(stateElement.textContent) as DehydratedState & {
        search?: InitialSearch | null;
      };
      hydrate(queryClient, state);
      markServedWithPage(queryClient.getQueryCache().getAll());
      initialSearch = state.search ?? null;
    } catch {
      // Unreadable: the queries fetch as on any other page.
    }
  }
  await yieldToMain();
  const router = createAppRouter();
  // The data the page came with stands for this page load only: a navigation fetches as usual.
  const firstLocation = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.location === firstLocation) return;
    endServedWithPage();
    unsubscribe();
  });
  // Rendering before the route's module has loaded would replace the page with the loading shell.
  const markup = document.querySelector<HTMLElement>(`#root > [${SSR_MARKUP_ATTRIBUTE}]`);
  if (markup) await routerInitialized(router);
  // The navigation guard's page-view call: the token goes with it only with analytics consent. The
  // sender loads with the first report (the second navigation), not with the first page.
  let pageViewSender: Promise<(path: string, language: Language) => void> | undefined;
  const onPageView = (path: string, language: Language) => {
    pageViewSender ??= import('./features/tracking/api/page-view.api').then(({ createPageViewSender }) =>
      createPageViewSender({
        getToken: () => {
          const state = authStore.getState();
          return state && state.claims.exp * 1000 > Date.now() ? state.token : null;
        },
        hasConsent: () => getCookieConsent() === 'accepted',
        sendBeacon:
          typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined,
      }),
    );
    return pageViewSender.then((send) => send(path, language));
  };
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The server's style cache settings (app/emotion-cache.ts); it takes over the page's styles.
  const app = (
    <CacheProvider value={createEmotionCache()}>
      <StrictMode>
        <AppReady>
          <App
            router={router}
            queryClient={queryClient}
            apiClient={apiClient}
            i18n={i18n}
            shellOptions={{ onPageView }}
            initialSearch={initialSearch}
          />
        </AppReady>
      </StrictMode>
    </CacheProvider>
  );
  // A server-rendered page that its check script kept (ssr-pages.ts: the stored session is the one
  // it was rendered for, hu, the width it was rendered for) is hydrated: its markup stays and gets its events. A hidden one is rendered
  // anew. Both in a transition, in short slices, so the page answers input meanwhile; the router has
  // finished loading the route before (a transition render that outlasts the route's loading would
  // miss the router's update, which RouterProvider subscribes to only once mounted).
  if (markup && !document.documentElement.hasAttribute('data-ssr-off')) {
    startTransition(() => {
      hydrateRoot(markup, app);
    });
  } else if (markup) {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  } else {
    // Any other page: its loading shell shows at once while the route's module loads.
    createRoot(container).render(app);
  }
}

void start();
