import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { loadMessages } from '../i18n/i18n';
import type { LazyNamespace } from '../i18n/namespaces';
import { authStore } from '../lib/auth-store';
import type { RouteHandle } from '../lib/route-handle';
import { AppShell } from './shell/app-shell';
import { RouteErrorView } from './shell/route-error-view';
import { ShellFallback } from './shell/shell-fallback';

const handle = (value: RouteHandle): RouteHandle => value;

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
              { index: true, element: null, handle: handle({ name: 'home', title: 'routes.home' }) },
              {
                path: 'ordered-products',
                element: null,
                handle: handle({ name: 'ordered-products', title: 'routes.orderedProducts' }),
              },
              {
                path: 'on-sale-products',
                element: null,
                handle: handle({ name: 'on-sale-products', title: 'routes.onSaleProducts' }),
              },
              {
                path: 'seasonal-products',
                element: null,
                handle: handle({ name: 'seasonal-products', title: 'routes.seasonalProducts' }),
              },
              {
                path: 'category/:mainCategorySlug',
                // The listing sets the tab title to the category's name.
                handle: handle({
                  name: 'main-category-products',
                  title: 'routes.mainCategoryProducts',
                  ownDocumentTitle: true,
                }),
                children: [
                  { index: true, element: null },
                  {
                    path: ':subCategorySlug',
                    element: null,
                    handle: handle({ name: 'sub-category-products', title: 'routes.subCategoryProducts' }),
                  },
                ],
              },
              {
                path: 'search',
                handle: handle({ name: 'search', title: 'routes.search', ownDocumentTitle: true }),
                lazy: screen(
                  () => import('../features/search/components/search-results-page'),
                  (m) => m.SearchResultsPage,
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'login',
                handle: handle({ name: 'login', title: 'routes.login', dialog: true }),
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
                handle: handle({ name: 'registration', title: 'routes.registration', dialog: true }),
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
                handle: handle({ name: 'forgot-password', title: 'routes.forgotPassword', dialog: true }),
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
                handle: handle({ name: 'cart', title: 'routes.cart', sidebar: true }),
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
                handle: handle({
                  name: 'receipt-and-payment',
                  title: 'routes.receiptAndPayment',
                  sidebar: false,
                }),
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
                handle: handle({ name: 'profile', title: 'routes.profile' }),
                lazy: screen(
                  () => import('../features/profile/components/profile-data-page'),
                  (m) => m.ProfileDataPage,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'change-password',
                handle: handle({ name: 'change-password', title: 'routes.changePassword' }),
                lazy: screen(
                  () => import('../features/profile/components/change-password-page'),
                  (m) => m.ChangePasswordPage,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'order-history',
                handle: handle({ name: 'order-history', title: 'routes.orderHistory' }),
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
                handle: handle({ name: 'company-users', title: 'routes.companyUsers' }),
                lazy: screen(
                  () => import('../features/company/components/company-users-page'),
                  (m) => m.CompanyUsersPage,
                  'account',
                  'feedback',
                ),
              },
              {
                path: 'order-lists',
                handle: handle({ name: 'order-lists', title: 'routes.orderLists' }),
                lazy: screen(
                  () => import('../features/order-lists/components/order-lists-page'),
                  (m) => m.OrderListsPage,
                  'account',
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'order-lists/:listId',
                handle: handle({ name: 'order-list', title: 'routes.orderList' }),
                lazy: screen(
                  () => import('../features/order-lists/components/order-list-page'),
                  (m) => m.OrderListPage,
                  'account',
                  'cart',
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'offline',
                handle: handle({ name: 'offline', title: 'routes.offline' }),
                lazy: screen(
                  () => import('../features/offline/components/offline-page'),
                  (m) => m.OfflinePage,
                  'catalog',
                  'feedback',
                ),
              },
              {
                path: 'back-in-stock',
                handle: handle({ name: 'back-in-stock', title: 'routes.backInStock' }),
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
            handle: handle({ name: 'verify-email', title: 'routes.verifyEmail' }),
            lazy: screen(
              () => import('../features/auth/components/verify-email-page'),
              (m) => m.VerifyEmailPage,
              'account',
              'feedback',
            ),
          },
          {
            path: 'user/:userId/reset-password/:resetPasswordCode',
            handle: handle({ name: 'reset-password', title: 'routes.resetPassword' }),
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
            handle: handle({ name: 'accept-invite', title: 'routes.acceptInvite' }),
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
