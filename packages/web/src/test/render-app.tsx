import { render } from '@testing-library/react';
import type { Language } from '@shop/shared/i18n/languages';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createAppMemoryRouter } from '../app/router';
import type { PageViewHandler } from '../app/shell/shell-options';
import { createI18n, currentLanguage } from '../i18n/i18n';
import { createApiClient, type FetchLike } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { getNavigationSignal } from '../lib/navigation-abort';
import { passwordChangeStore } from '../lib/password-change-store';
import { toastStore } from '../lib/toast-store';

export interface RenderAppOptions {
  path?: string;
  /** The injected fetch: no network in component tests. Default: every call answers 404. */
  fetch?: FetchLike;
  language?: Language;
  onPageView?: PageViewHandler;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A call the fake API received: its method, path and JSON body. */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** A fake fetch that records every call; `answer` answers it (404 NOT_FOUND where it gives nothing). */
export function recordingFetch(answer: (call: RecordedCall) => Response | undefined) {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = (input, init) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(input, 'http://localhost').pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return Promise.resolve(answer(call) ?? jsonResponse(404, { error: 'NOT_FOUND' }));
  };
  return { fetch, calls };
}

/** The whole app (real routes, shell, i18n, query client) in a memory router. */
export async function renderApp({ path = '/', fetch, language, onPageView }: RenderAppOptions = {}) {
  // Module-level stores outlive a test; start each app without toasts or a pending forced change.
  passwordChangeStore.clear();
  toastStore.clear();
  const i18n = await createI18n(language ? { language } : {});
  const fetchFn: FetchLike = fetch ?? (() => Promise.resolve(jsonResponse(404, { error: 'NOT_FOUND' })));
  const apiClient = createApiClient({
    fetch: fetchFn,
    getToken: () => authStore.getToken(),
    getLanguage: () => currentLanguage(i18n),
    getNavigationSignal,
    onPasswordChangeRequired: () => passwordChangeStore.require(),
    retryDelayMs: 1,
  });
  const queryClient = createQueryClient();
  const router = createAppMemoryRouter([path]);
  const view = render(
    <App
      router={router}
      queryClient={queryClient}
      apiClient={apiClient}
      i18n={i18n}
      shellOptions={onPageView ? { onPageView } : {}}
    />,
  );
  return { ...view, router, i18n, queryClient, apiClient };
}
