import CssBaseline from '@mui/material/CssBaseline';
// The system provider: the material one also bundles the CSS-variables provider, unused here.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { InitialSearchProvider, type InitialSearch } from '../features/search/api/initial-search';
import type { ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-client-context';
import type { createAppRouter } from './router';
import { ShellOptionsProvider, type ShellOptions } from './shell/shell-options';
import { theme } from './theme';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  /** The server renders with its own theme (its guess of the screen width for useMediaQuery). */
  appTheme?: typeof theme;
  queryClient: QueryClient;
  apiClient: ApiClient;
  i18n: I18n;
  shellOptions?: ShellOptions;
  /** A server-rendered search page's finished search (decision 0016). */
  initialSearch?: InitialSearch | null;
}

export interface AppProvidersProps extends Omit<AppProps, 'router'> {
  children: ReactNode;
}

/** Theme, i18n, TanStack Query, the API client and shell options: shared by browser and server. */
export function AppProviders({
  queryClient,
  apiClient,
  i18n,
  shellOptions = {},
  appTheme = theme,
  initialSearch = null,
  children,
}: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={apiClient}>
            <ShellOptionsProvider value={shellOptions}>
              <InitialSearchProvider value={initialSearch}>{children}</InitialSearchProvider>
            </ShellOptionsProvider>
          </ApiClientProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}

/** Providers around the router. */
export function App({ router, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
