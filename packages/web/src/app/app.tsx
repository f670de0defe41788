import CssBaseline from '@mui/material/CssBaseline';
// The system provider: the material one also bundles the CSS-variables provider, unused here.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import type { ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-client-context';
import type { createAppRouter } from './router';
import { ShellOptionsProvider, type ShellOptions } from './shell/shell-options';
import { theme } from './theme';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  apiClient: ApiClient;
  i18n: I18n;
  shellOptions?: ShellOptions;
}

/** Providers around the router: theme, i18n, TanStack Query, the API client and shell options. */
export function App({ router, queryClient, apiClient, i18n, shellOptions = {} }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={apiClient}>
            <ShellOptionsProvider value={shellOptions}>
              <RouterProvider router={router} />
            </ShellOptionsProvider>
          </ApiClientProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
