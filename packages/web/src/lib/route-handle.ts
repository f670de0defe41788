import { useMatches } from 'react-router';
import type { Messages } from '../i18n/messages';

/**
 * Route names (docs/product.md §2). The listing routes (main-category-products, sub-category-products,
 * on-sale-products, seasonal-products, ordered-products) each set their own filter; any other
 * route means no filter.
 */
export type RouteName =
  | 'home'
  | 'ordered-products'
  | 'on-sale-products'
  | 'seasonal-products'
  | 'main-category-products'
  | 'sub-category-products'
  | 'search'
  | 'login'
  | 'registration'
  | 'forgot-password'
  | 'cart'
  | 'receipt-and-payment'
  | 'profile'
  | 'change-password'
  | 'order-history'
  | 'order-lists'
  | 'quotes'
  | 'approvals'
  | 'offline'
  | 'back-in-stock'
  | 'verify-email'
  | 'reset-password'
  | 'company-users'
  | 'accept-invite'
  | 'content';

export type RouteTitleKey = `routes.${keyof Messages['routes']}`;

/** What a route declares about itself in its `handle` (React Router's route meta). */
export interface RouteHandle {
  name?: RouteName;
  /** Translation key of the page title (document title and, where shown, the heading). */
  title?: RouteTitleKey;
  /** Cart pages: whether the cart sidebar shows (docs/product.md §2.4: the checkout hides it). */
  sidebar?: boolean;
  /** The page sets the document title itself (content pages use the loaded title). */
  ownDocumentTitle?: boolean;
  /** Rendered as a dialog over its parent page. */
  dialog?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The handles of all matched routes merged, the deepest route winning. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (isRouteHandle(match.handle)) Object.assign(merged, match.handle);
  }
  return merged;
}
