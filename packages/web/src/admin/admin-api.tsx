import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { createApiClient, type ApiClient, type FetchLike } from '../lib/api-client';
import { adminAuthStore, type AdminAuthStore } from './admin-auth-store';

/**
 * The back office's API client: the same client as the shop's (JSON, Accept-Language, retries,
 * error codes) but with the admin token. A rejected token ends the admin session.
 */
export function createAdminApiClient(options: {
  store?: AdminAuthStore;
  getLanguage: () => string;
  fetch?: FetchLike;
  retryDelayMs?: number;
}): ApiClient {
  const store = options.store ?? adminAuthStore;
  return createApiClient({
    getToken: () => store.getToken(),
    getLanguage: options.getLanguage,
    onUnauthorized: () => store.signOut('expired'),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
  });
}

const AdminApiContext = createContext<ApiClient | null>(null);

export function AdminApiProvider({
  children,
  client,
  fetch,
}: {
  children: ReactNode;
  /** A ready client (tests); otherwise one is made with `fetch` or the browser's. */
  client?: ApiClient;
  fetch?: FetchLike;
}) {
  const { i18n } = useTranslation();
  const value = useMemo(
    () =>
      client ??
      createAdminApiClient({ getLanguage: () => currentLanguage(i18n), ...(fetch ? { fetch } : {}) }),
    [client, fetch, i18n],
  );
  return <AdminApiContext.Provider value={value}>{children}</AdminApiContext.Provider>;
}

export function useAdminApi(): ApiClient {
  const client = useContext(AdminApiContext);
  if (!client) throw new Error('useAdminApi needs an <AdminApiProvider>');
  return client;
}
