/**
 * Message namespaces: `locales/<language>/<namespace>.json`. `translation` is the shell (always
 * loaded, hu bundled in the first page); the others load with the screens that use them.
 *
 * - feedback: error messages and toasts (the toast stack and forms with inline errors)
 * - catalog: product listings, product details, search results, news
 * - cart: cart, checkout, quick order
 * - account: login, registration, passwords, profile, order history, form validation
 * - content: content pages, newspapers, downloads
 *
 * A top-level key group (e.g. "cart") lives in exactly one namespace; `locales.test.ts` checks it,
 * and `message-namespaces.test.ts` checks that every lazy screen loads the namespaces it uses.
 */
export const LAZY_NAMESPACES = ['feedback', 'catalog', 'cart', 'account', 'content'] as const;
export const NAMESPACES = ['translation', ...LAZY_NAMESPACES] as const;

export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
export type Namespace = (typeof NAMESPACES)[number];
