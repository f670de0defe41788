import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { loadMessages } from '../i18n/i18n';
import type { LazyNamespace } from '../i18n/namespaces';
import { authStore } from '../lib/auth-store';
import type { RouteHandle, RouteName, RouteTitleKey } from '../lib/route-handle';
import { AppShell } from './shell/app-shell';
import { RouteErrorView } from './shell/route-error-view';
import { ShellFallback } from './shell/shell-fallback';

const handle = (value: RouteHandle): RouteHandle => value;

/** A named page's handle: its title is `routes.<name in camelCase>` (company-users → routes.companyUsers). */
function page(name: RouteName, more: Omit<RouteHandle, 'name' | 'title'> = {}): RouteHandle {
  return {
    name,
    title: `routes.${name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}` as RouteTitleKey,
    ...more,
  };
}

/**
 * A screen's `lazy`: its module and its message namespaces load together; `pick` names the
 * component. One small function for every route keeps the route table short in the first page.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  ...namespaces: LazyNamespace[]
) {
  return async () => {
    const [module] = await Promise.all([load(), loadMessages(...namespaces)]);
    return { Component: pick(module) };
  };
}

/** Login, registration and forgot-password: an authenticated user is sent to the shop root. */
function guestOnly() {
  return authStore.getState() ? redirect('/') : null;
}

/**
 * Listing routes (`element: null`) only name the filter; the catalog page above them renders.
 *
 * All routes of docs/product.md §2. Screens are lazy modules so the first page only loads the shell;
 * the shell itself is eager.
 */
export const appRoutes: RouteObject[] = [
  {
    // The back office: its own lazily loaded chunk with its own login, layout and API client.
    path: '/admin/*',
    HydrateFallback: ShellFallback,
    lazy: async () => {
      // Its toast stack shows the shop's error and toast messages.
      const [{ AdminApp }] = await Promise.all([import('../admin/admin-app'), loadMessages('feedback')]);
      return { Component: AdminApp };
    },
  },
  {
    id: 'root',
    path: '/',
    Component: AppShell,
    HydrateFallback: ShellFallback,
    ErrorBoundary: RouteErrorView,
    children: [
      {
        // Errors of a screen render inside the shell.
        ErrorBoundary: RouteErrorView,
        children: [
          {
            path: '',
            lazy: screen(
              () => import('../features/catalog/components/catalog-page'),
              (m) => m.CatalogPage,
              'catalog',
              'feedback',
            ),
            children: [
              { index: true, element: null, handle: page('home') },
              {
                path: 'ordered-products',
                element: null,
                handle: page('ordered-products'),
              },
              {
                path: 'on-sale-products',
                element: null,
                handle: page('on-sale-products'),
              },
              {
                path: 'seasonal-products',
                element: null,
                handle: page('seasonal-products'),
              },
              {
                path: 'category/:mainCategorySlug',
                // The listing sets the tab title to the category's name.
                handle: page('main-category-products', { ownDocumentTitle: true }),
                children: [
                  { index: true, element: null },
                  {
                    path: ':subCategorySlug',
                    element: null,
                    handle: page('sub-category-products'),
                  },
                ],
              },
              {
                path: 'search',
                handle: page('search', { ownDocumentTitle: true }),
                lazy: screen(
                  () => import('../features/search/components/search-results-page'),
                  (m) => m.SearchResultsPage,
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'login',
                handle: page('login', { dialog: true }),
                loader: guestOnly,
                lazy: screen(
                  () => import('../features/auth/components/auth-dialogs'),
                  (m) => m.LoginDialog,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'registration',
                handle: page('registration', { dialog: true }),
                loader: guestOnly,
                lazy: screen(
                  () => import('../features/auth/components/auth-dialogs'),
                  (m) => m.RegistrationDialog,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'forgot-password',
                handle: page('forgot-password', { dialog: true }),
                loader: guestOnly,
                lazy: screen(
                  () => import('../features/auth/components/auth-dialogs'),
                  (m) => m.ForgotPasswordDialog,
                  'account',
                  'feedback',
                ),
              },
            ],
          },
          {
            path: 'cart',
            lazy: async () => {
              // The cart shell shows the shipping-address picker while no address is chosen.
              const [{ CartLayout }, { ShippingAddressList }] = await Promise.all([
                import('../features/cart/components/cart-layout'),
                import('../features/shipping-address/components/shipping-address-list'),
                loadMessages('cart', 'catalog', 'feedback'),
              ]);
              return {
                Component: function CartRoute() {
                  return <CartLayout addressPicker={<ShippingAddressList />} />;
                },
              };
            },
            children: [
              {
                index: true,
                handle: page('cart', { sidebar: true }),
                lazy: screen(
                  () => import('../features/cart/components/cart-page'),
                  (m) => m.CartPage,
                  'cart',
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'receipt-and-payment',
                handle: page('receipt-and-payment', { sidebar: false }),
                lazy: screen(
                  () => import('../features/cart/components/receipt-and-payment-page'),
                  (m) => m.ReceiptAndPaymentPage,
                  'cart',
                  'catalog',
                  'feedback',
                ),
              },
            ],
          },
          {
            path: 'profile',
            lazy: screen(
              () => import('../features/profile/components/profile-layout'),
              (m) => m.ProfileLayout,
              'account',
            ),
            children: [
              {
                index: true,
                handle: page('profile'),
                lazy: screen(
                  () => import('../features/profile/components/profile-data-page'),
                  (m) => m.ProfileDataPage,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'change-password',
                handle: page('change-password'),
                lazy: screen(
                  () => import('../features/profile/components/change-password-page'),
                  (m) => m.ChangePasswordPage,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'order-history',
                handle: page('order-history'),
                lazy: screen(
                  () => import('../features/profile/components/order-history-page'),
                  (m) => m.OrderHistoryPage,
                  'account',
                  'cart',
                  'catalog',
                  'feedback',
                ),
              },
              {
                // Company users (issue 15): owners manage their company's logins.
                path: 'company-users',
                handle: page('company-users'),
                lazy: screen(
                  () => import('../features/company/components/company-users-page'),
                  (m) => m.CompanyUsersPage,
                  'account',
                  'feedback',
                ),
              },
              {
                // Saved order lists (issue 16): the lists, or one list.
                path: 'order-lists/:listId?',
                handle: page('order-lists'),
                lazy: screen(
                  () => import('../features/order-lists/components/order-lists-route'),
                  (m) => m.OrderListsRoute,
                  'account',
                  'cart',
                  'catalog',
                  'feedback',
                ),
              },
              {
                // Quotes (issue 16): the list, or one quote with its offer.
                path: 'quotes/:quoteId?',
                handle: page('quotes'),
                lazy: screen(
                  () => import('../features/quotes/components/quotes-route'),
                  (m) => m.QuotesRoute,
                  'account',
                  'feedback',
                ),
              },
              {
                // Order approvals (issue 15): the company's order requests, or one with its decision.
                path: 'approvals/:approvalId?',
                handle: page('approvals'),
                lazy: screen(
                  () => import('../features/approvals/components/approvals-route'),
                  (m) => m.ApprovalsRoute,
                  'account',
                  'cart',
                  'feedback',
                ),
              },
              {
                path: 'offline',
                handle: page('offline'),
                lazy: screen(
                  () => import('../features/offline/components/offline-page'),
                  (m) => m.OfflinePage,
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'back-in-stock',
                handle: page('back-in-stock'),
                lazy: screen(
                  () => import('../features/back-in-stock/components/back-in-stock-page'),
                  (m) => m.BackInStockPage,
                  'catalog',
                  'feedback',
                ),
              },
            ],
          },
          {
            path: 'user/:userId/verify/:emailVerificationCode',
            handle: page('verify-email'),
            lazy: screen(
              () => import('../features/auth/components/verify-email-page'),
              (m) => m.VerifyEmailPage,
              'account',
              'feedback',
            ),
          },
          {
            path: 'user/:userId/reset-password/:resetPasswordCode',
            handle: page('reset-password'),
            lazy: screen(
              () => import('../features/auth/components/reset-password-page'),
              (m) => m.ResetPasswordPage,
              'account',
              'feedback',
            ),
          },
          {
            // The invitation into a company (issue 15): the invited person sets a password.
            path: 'user/:userId/invite/:code',
            handle: page('accept-invite'),
            lazy: screen(
              () => import('../features/company/components/accept-invite-page'),
              (m) => m.AcceptInvitePage,
              'account',
              'feedback',
            ),
          },
          {
            // The special-offer newspaper (logged-in users; others get the not-allowed view).
            path: 'special-offer',
            handle: handle({ ownDocumentTitle: true }),
            lazy: screen(
              () => import('../features/newspapers/components/special-offer-page'),
              (m) => m.SpecialOfferPage,
              'content',
              'feedback',
            ),
          },
          {
            // Downloads: the newspapers (from the newspapers feature) and the customer's price list.
            path: 'downloads',
            handle: handle({ ownDocumentTitle: true }),
            lazy: async () => {
              const [{ DownloadsPage }, { NewspaperList }] = await Promise.all([
                import('../features/downloads/components/downloads-page'),
                import('../features/newspapers/components/newspaper-list'),
                loadMessages('content', 'feedback'),
              ]);
              return {
                Component: function DownloadsRoute() {
                  return <DownloadsPage newspapers={<NewspaperList titleLevel="h3" />} />;
                },
              };
            },
          },
          {
            // Any other path is a content page, or the not-found view when there is none.
            path: '*',
            handle: handle({ name: 'content', ownDocumentTitle: true }),
            lazy: screen(
              () => import('../features/content/components/content-page'),
              (m) => m.ContentPage,
              'content',
            ),
          },
        ],
      },
    ],
  },
];
