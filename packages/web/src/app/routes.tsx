import { redirect, type RouteObject } from 'react-router';
import { loadMessages } from '../i18n/i18n';
import { authStore } from '../lib/auth-store';
import type { RouteHandle } from '../lib/route-handle';
import { AppShell } from './shell/app-shell';
import { RouteErrorView } from './shell/route-error-view';
import { ShellFallback } from './shell/shell-fallback';

const handle = (value: RouteHandle): RouteHandle => value;

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
            lazy: async () => {
              const [{ CatalogPage }] = await Promise.all([
                import('../features/catalog/components/catalog-page'),
                loadMessages('catalog', 'feedback'),
              ]);
              return { Component: CatalogPage };
            },
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
                lazy: async () => {
                  const [{ SearchResultsPage }] = await Promise.all([
                    import('../features/search/components/search-results-page'),
                    loadMessages('catalog', 'feedback'),
                  ]);
                  return { Component: SearchResultsPage };
                },
              },
              {
                path: 'login',
                handle: handle({ name: 'login', title: 'routes.login', dialog: true }),
                loader: guestOnly,
                lazy: async () => {
                  const [{ LoginDialog }] = await Promise.all([
                    import('../features/auth/components/auth-dialogs'),
                    loadMessages('account', 'feedback'),
                  ]);
                  return { Component: LoginDialog };
                },
              },
              {
                path: 'registration',
                handle: handle({ name: 'registration', title: 'routes.registration', dialog: true }),
                loader: guestOnly,
                lazy: async () => {
                  const [{ RegistrationDialog }] = await Promise.all([
                    import('../features/auth/components/auth-dialogs'),
                    loadMessages('account', 'feedback'),
                  ]);
                  return { Component: RegistrationDialog };
                },
              },
              {
                path: 'forgot-password',
                handle: handle({ name: 'forgot-password', title: 'routes.forgotPassword', dialog: true }),
                loader: guestOnly,
                lazy: async () => {
                  const [{ ForgotPasswordDialog }] = await Promise.all([
                    import('../features/auth/components/auth-dialogs'),
                    loadMessages('account', 'feedback'),
                  ]);
                  return { Component: ForgotPasswordDialog };
                },
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
                lazy: async () => {
                  const [{ CartPage }] = await Promise.all([
                    import('../features/cart/components/cart-page'),
                    loadMessages('cart', 'catalog', 'feedback'),
                  ]);
                  return { Component: CartPage };
                },
              },
              {
                path: 'receipt-and-payment',
                handle: handle({
                  name: 'receipt-and-payment',
                  title: 'routes.receiptAndPayment',
                  sidebar: false,
                }),
                lazy: async () => {
                  const [{ ReceiptAndPaymentPage }] = await Promise.all([
                    import('../features/cart/components/receipt-and-payment-page'),
                    loadMessages('cart', 'catalog', 'feedback'),
                  ]);
                  return { Component: ReceiptAndPaymentPage };
                },
              },
            ],
          },
          {
            path: 'profile',
            lazy: async () => {
              const [{ ProfileLayout }] = await Promise.all([
                import('../features/profile/components/profile-layout'),
                loadMessages('account'),
              ]);
              return { Component: ProfileLayout };
            },
            children: [
              {
                index: true,
                handle: handle({ name: 'profile', title: 'routes.profile' }),
                lazy: async () => {
                  const [{ ProfileDataPage }] = await Promise.all([
                    import('../features/profile/components/profile-data-page'),
                    loadMessages('account', 'feedback'),
                  ]);
                  return { Component: ProfileDataPage };
                },
              },
              {
                path: 'change-password',
                handle: handle({ name: 'change-password', title: 'routes.changePassword' }),
                lazy: async () => {
                  const [{ ChangePasswordPage }] = await Promise.all([
                    import('../features/profile/components/change-password-page'),
                    loadMessages('account', 'feedback'),
                  ]);
                  return { Component: ChangePasswordPage };
                },
              },
              {
                path: 'order-history',
                handle: handle({ name: 'order-history', title: 'routes.orderHistory' }),
                lazy: async () => {
                  const [{ OrderHistoryPage }] = await Promise.all([
                    import('../features/profile/components/order-history-page'),
                    loadMessages('account', 'cart', 'catalog', 'feedback'),
                  ]);
                  return { Component: OrderHistoryPage };
                },
              },
              {
                // Company users (issue 15): owners manage their company's logins.
                path: 'company-users',
                handle: handle({ name: 'company-users', title: 'routes.companyUsers' }),
                lazy: async () => {
                  const [{ CompanyUsersPage }] = await Promise.all([
                    import('../features/company/components/company-users-page'),
                    loadMessages('account', 'feedback'),
                  ]);
                  return { Component: CompanyUsersPage };
                },
              },
              {
                path: 'order-lists',
                handle: handle({ name: 'order-lists', title: 'routes.orderLists' }),
                lazy: async () => {
                  const [{ OrderListsPage }] = await Promise.all([
                    import('../features/order-lists/components/order-lists-page'),
                    loadMessages('account', 'catalog', 'feedback'),
                  ]);
                  return { Component: OrderListsPage };
                },
              },
              {
                path: 'order-lists/:listId',
                handle: handle({ name: 'order-list', title: 'routes.orderList' }),
                lazy: async () => {
                  const [{ OrderListPage }] = await Promise.all([
                    import('../features/order-lists/components/order-list-page'),
                    loadMessages('account', 'cart', 'catalog', 'feedback'),
                  ]);
                  return { Component: OrderListPage };
                },
              },
              {
                path: 'offline',
                handle: handle({ name: 'offline', title: 'routes.offline' }),
                lazy: async () => {
                  const [{ OfflinePage }] = await Promise.all([
                    import('../features/offline/components/offline-page'),
                    loadMessages('catalog', 'feedback'),
                  ]);
                  return { Component: OfflinePage };
                },
              },
              {
                path: 'back-in-stock',
                handle: handle({ name: 'back-in-stock', title: 'routes.backInStock' }),
                lazy: async () => {
                  const [{ BackInStockPage }] = await Promise.all([
                    import('../features/back-in-stock/components/back-in-stock-page'),
                    loadMessages('catalog', 'feedback'),
                  ]);
                  return { Component: BackInStockPage };
                },
              },
            ],
          },
          {
            path: 'user/:userId/verify/:emailVerificationCode',
            handle: handle({ name: 'verify-email', title: 'routes.verifyEmail' }),
            lazy: async () => {
              const [{ VerifyEmailPage }] = await Promise.all([
                import('../features/auth/components/verify-email-page'),
                loadMessages('account', 'feedback'),
              ]);
              return { Component: VerifyEmailPage };
            },
          },
          {
            path: 'user/:userId/reset-password/:resetPasswordCode',
            handle: handle({ name: 'reset-password', title: 'routes.resetPassword' }),
            lazy: async () => {
              const [{ ResetPasswordPage }] = await Promise.all([
                import('../features/auth/components/reset-password-page'),
                loadMessages('account', 'feedback'),
              ]);
              return { Component: ResetPasswordPage };
            },
          },
          {
            // The invitation into a company (issue 15): the invited person sets a password.
            path: 'user/:userId/invite/:code',
            handle: handle({ name: 'accept-invite', title: 'routes.acceptInvite' }),
            lazy: async () => {
              const [{ AcceptInvitePage }] = await Promise.all([
                import('../features/company/components/accept-invite-page'),
                loadMessages('account', 'feedback'),
              ]);
              return { Component: AcceptInvitePage };
            },
          },
          {
            // The special-offer newspaper (logged-in users; others get the not-allowed view).
            path: 'special-offer',
            handle: handle({ ownDocumentTitle: true }),
            lazy: async () => {
              const [{ SpecialOfferPage }] = await Promise.all([
                import('../features/newspapers/components/special-offer-page'),
                loadMessages('content', 'feedback'),
              ]);
              return { Component: SpecialOfferPage };
            },
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
            lazy: async () => {
              const [{ ContentPage }] = await Promise.all([
                import('../features/content/components/content-page'),
                loadMessages('content'),
              ]);
              return { Component: ContentPage };
            },
          },
        ],
      },
    ],
  },
];
