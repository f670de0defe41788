import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useOrderSuccessNotice } from '../../features/cart/hooks/order-success';
import { loadMessages } from '../../i18n/i18n';
import { focusMainIfLost, keepFocusThroughBusyControls, MAIN_CONTENT_ID } from '../../lib/focus-main';
import { authStore, useAuth } from '../../lib/auth-store';
import { passwordChangeStore, usePasswordChangeRequired } from '../../lib/password-change-store';
import { useRouteHandle } from '../../lib/route-handle';
import { toastStore, useToasts } from '../../lib/toast-store';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { GlobalLoader } from './global-loader';
import { Header } from './header';
import { useShellOptions } from './shell-options';
import { useDocumentTitle } from './use-document-title';
import { useNavigationGuard } from './use-navigation-guard';
import { useWhenIdle } from './use-when-idle';
import { useSessionCheck } from './use-session-check';

// Loaded when the cart button is first pressed, not with the first page.
const CartDrawer = lazy(() =>
  Promise.all([
    import('../../features/cart/components/cart-drawer'),
    loadMessages('cart', 'catalog', 'feedback'),
  ]).then(([module]) => ({ default: module.CartDrawer })),
);

// The advance notice of a closed window (small; a lazy chunk keeps the cart queries out of the
// shell). Its messages are the shell's own, so no namespace loads for it.
const ClosureNotice = lazy(() =>
  import('../../features/cart/components/closure-notice').then((module) => ({
    default: module.ClosureNotice,
  })),
);

// The forced password-reset dialog loads only for an account that must change its password.
const ForcedPasswordDialog = lazy(() =>
  Promise.all([
    import('../../features/auth/components/forced-password-dialog'),
    loadMessages('account', 'feedback'),
  ]).then(([module]) => ({ default: module.ForcedPasswordDialog })),
);

// The toast stack loads with the first toast.
const ToastHost = lazy(() =>
  Promise.all([import('../../components/toast-host'), loadMessages('feedback')]).then(([module]) => ({
    default: module.ToastHost,
  })),
);

// The installable and offline shop (service worker, update prompt, offline banner; issue 19) loads
// when the first page is idle.
const OfflineHost = lazy(() =>
  Promise.all([import('../../features/offline/components/offline-host'), loadMessages('catalog')]).then(
    ([module]) => ({ default: module.OfflineHost }),
  ),
);

// The news panel (pop-up, floating news button, product news) loads when the first page is idle.
const NewsHost = lazy(() =>
  Promise.all([import('../../features/news/components/news-host'), loadMessages('catalog')]).then(
    ([module]) => ({ default: module.NewsHost }),
  ),
);

/**
 * After a navigation to a new page, move focus to the main region so screen readers start there.
 * A dialog route (login, registration, ...) that closes gives focus back to the control that opened
 * it; when that control is gone (the login button after logging in), focus goes to the main region
 * instead of being lost, so the next Tab starts from the page.
 */
function useFocusMainOnNavigate(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const previous = useRef<{ pathname: string; dialog: boolean } | null>(null);
  const dialog = handle.dialog === true;
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, dialog };
    if (!before || before.pathname === pathname || dialog) return;
    if (!before.dialog) {
      main.current?.focus({ preventScroll: true });
      return;
    }
    // The dialog's own focus return runs as it unmounts; check once it has.
    const timer = setTimeout(focusMainIfLost, 0);
    return () => clearTimeout(timer);
  }, [pathname, dialog, main]);
}

/**
 * The app shell (docs/product.md §2): skip link, loader, header, routed page, footer, cookie banner,
 * cart drawer and toasts.
 */
export function AppShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { onPageView } = useShellOptions();
  const main = useRef<HTMLElement>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [cartLoaded, setCartLoaded] = useState(false);
  const hasToasts = useToasts().length > 0;
  // The toast stack (a live region) stays on the page once loaded, so later toasts are announced.
  const [toastsLoaded, setToastsLoaded] = useState(false);
  if (hasToasts && !toastsLoaded) setToastsLoaded(true);
  const newsReady = useWhenIdle();
  const signedIn = useAuth() !== null;
  const passwordChangeRequired = usePasswordChangeRequired();

  useNavigationGuard(onPageView);
  useDocumentTitle();
  useFocusMainOnNavigate(main);
  useSessionCheck();
  useOrderSuccessNotice();

  // A busy (loading) button gives focus back when it is done.
  useEffect(() => keepFocusThroughBusyControls(), []);

  // After a reload caused by an expired session (docs/product.md §4).
  useEffect(() => {
    if (authStore.consumeSessionExpired()) toastStore.show('error', { key: 'toasts.session_expired' });
  }, []);

  const openCart = useCallback(() => {
    setCartLoaded(true);
    setCartOpen(true);
  }, []);
  const closeCart = useCallback(() => setCartOpen(false), []);

  const logout = useCallback(() => {
    setCartOpen(false);
    authStore.logout();
    passwordChangeStore.clear();
    queryClient.clear();
    void navigate('/');
  }, [navigate, queryClient]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'text.primary',
          px: 2,
          py: 1,
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Box>
      <Header onOpenCart={openCart} onLogout={logout} />
      {newsReady && (
        <Suspense fallback={null}>
          <OfflineHost />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <ClosureNotice />
      </Suspense>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        ref={main}
        tabIndex={-1}
        sx={{
          flex: 1,
          // The footer starts below the fold, so a screen that loads its content does not push a
          // visible footer down (layout shift, CLS).
          minHeight: '100vh',
          width: '100%',
          maxWidth: 2560,
          mx: 'auto',
          px: { xs: 2, md: 3, lg: 4 },
          py: { xs: 2, md: 3 },
          '&:focus': { outline: 'none' },
        }}
      >
        {/* Inside a landmark: a busy bar outside them is content no landmark holds (axe "region"); it
            is fixed to the top of the window, so where it sits in the DOM moves nothing. */}
        <GlobalLoader />
        <Outlet />
      </Box>
      <Footer />
      <CookieBanner />
      {newsReady && (
        <Suspense fallback={null}>
          <NewsHost />
        </Suspense>
      )}
      {cartLoaded && (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onClose={closeCart} />
        </Suspense>
      )}
      {signedIn && passwordChangeRequired && (
        <Suspense fallback={null}>
          <ForcedPasswordDialog onLogout={logout} />
        </Suspense>
      )}
      {/* A portal at the end of <body>: toasts shown while a dialog is open stay outside the
          dialog's aria-hidden background, so screen readers still announce them. */}
      {toastsLoaded &&
        createPortal(
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>,
          document.body,
        )}
      <ScrollRestoration />
    </Box>
  );
}
