import CssBaseline from '@mui/material/CssBaseline';
// The system provider: the material one also bundles the CSS-variables provider, unused here.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { cartBindings } from '../features/cart/api/cart-bindings';
import { InitialSearchProvider, type InitialSearch } from '../features/search/api/initial-search';
import type { ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-client-context';
import { authStore as browserAuthStore, AuthStoreContext, type AuthStore } from '../lib/auth-store';
import { CartBindingsContext } from '../lib/cart-bindings';
import { OrderListSlotsContext } from '../lib/order-list-slots';
import { orderListSlots } from '../features/order-lists/order-list-slots';
import type { createAppRouter } from './router';
import { ShellOptionsProvider, type ShellOptions } from './shell/shell-options';
import { theme } from './theme';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  /** The server renders with its own theme (its guess of the screen width for useMediaQuery). */
  appTheme?: typeof theme;
  queryClient: QueryClient;
  apiClient: ApiClient;
  /** The session: the browser's store, or the server render's fixed one (decision 0017). */
  authStore?: AuthStore;
  i18n: I18n;
  shellOptions?: ShellOptions;
  /** A server-rendered search page's finished search (decision 0016). */
  initialSearch?: InitialSearch | null;
}

/**
 * Theme, i18n, TanStack Query, the API client, the session, shell options and the cart feature's
 * bindings (lib/cart-bindings.tsx) around the router: the same tree in the browser and on the
 * server (decision 0016), so hydration matches.
 */
export function App({
  router,
  queryClient,
  apiClient,
  authStore = browserAuthStore,
  i18n,
  shellOptions = {},
  appTheme = theme,
  initialSearch = null,
}: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={apiClient}>
            <AuthStoreContext value={authStore}>
              <ShellOptionsProvider value={shellOptions}>
                <InitialSearchProvider value={initialSearch}>
                  <CartBindingsContext value={cartBindings}>
                    <OrderListSlotsContext value={orderListSlots}>
                      <RouterProvider router={router} />
                    </OrderListSlotsContext>
                  </CartBindingsContext>
                </InitialSearchProvider>
              </ShellOptionsProvider>
            </AuthStoreContext>
          </ApiClientProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
