import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../app/theme';
import { createI18n } from '../../i18n/i18n';
import { createApiClient, type FetchLike } from '../../lib/api-client';
import { toastStore } from '../../lib/toast-store';
import { AdminApiProvider } from '../admin-api';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type Answer = (url: string, init: RequestInit) => Response | undefined;

/**
 * One back-office screen with the real i18n (Hungarian), query client and admin API client; the
 * network is `answer` (undefined: 404). Toasts go to the shared store, emptied first.
 */
export async function renderAdmin(element: ReactNode, answer: Answer, path = '/admin') {
  toastStore.clear();
  const fetch = vi.fn<FetchLike>((url, init) =>
    Promise.resolve(answer(url, init) ?? jsonResponse(404, { error: 'NOT_FOUND' })),
  );
  const i18n = await createI18n({ language: 'hu', namespaces: 'all' });
  const client = createApiClient({ fetch, getToken: () => null, getLanguage: () => 'hu', retryDelayMs: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ThemeProvider theme={theme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AdminApiProvider client={client}>
            <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
          </AdminApiProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>,
  );
  const calls = (method: string, url: string) =>
    fetch.mock.calls.filter(([u, init]) => u === url && (init.method ?? 'GET') === method);
  return { ...view, fetch, calls };
}

/** The error text shown under a field, checked to be wired to it for assistive technology. */
export function fieldError(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean);
  return texts.join(' ') || null;
}
