// First: no schema may be built before zod is told not to compile parsers (see the module).
import './lib/zod-config';
import { StrictMode } from 'react';
import type { Language } from '@shop/shared/i18n/languages';
import { createRoot } from 'react-dom/client';
import './app/fonts.css';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { createI18n, currentLanguage } from './i18n/i18n';
import { createApiClient } from './lib/api-client';
import { authStore } from './lib/auth-store';
import { getCookieConsent } from './lib/cookie-consent';
import { getNavigationSignal } from './lib/navigation-abort';
import { passwordChangeStore } from './lib/password-change-store';

async function start() {
  authStore.init();
  const i18n = await createI18n();
  const apiClient = createApiClient({
    getToken: () => authStore.getToken(),
    getLanguage: () => currentLanguage(i18n),
    getNavigationSignal,
    onUnauthorized: () => authStore.expireSession({ reload: true }),
    onPasswordChangeRequired: () => passwordChangeStore.require(),
  });
  const queryClient = createQueryClient();
  const router = createAppRouter();
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
  createRoot(container).render(
    <StrictMode>
      <App
        router={router}
        queryClient={queryClient}
        apiClient={apiClient}
        i18n={i18n}
        shellOptions={{ onPageView }}
      />
    </StrictMode>,
  );
}

void start();
