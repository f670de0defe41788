import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/fonts.css';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { createI18n, currentLanguage } from './i18n/i18n';
import { createApiClient } from './lib/api-client';
import { authStore } from './lib/auth-store';
import { getNavigationSignal } from './lib/navigation-abort';

async function start() {
  authStore.init();
  const i18n = await createI18n();
  const apiClient = createApiClient({
    getToken: () => authStore.getToken(),
    getLanguage: () => currentLanguage(i18n),
    getNavigationSignal,
    onUnauthorized: () => authStore.expireSession({ reload: true }),
  });
  const queryClient = createQueryClient();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} apiClient={apiClient} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
