/**
 * The contract between the server and the web package's page renderer (decision 0016): the server
 * loads `packages/web/dist-ssr/entry-server.js` and calls `renderPage` for the anonymous catalogue
 * pages, so their first paint comes with the HTML instead of after the JavaScript.
 */

/** A fetch the renderer's API client uses; the server answers it in process (Fastify inject). */
export type SsrFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface SsrRequest {
  /** The page's path and query, e.g. `/category/kave-tea?page=2`. */
  url: string;
  fetch: SsrFetch;
  /** Render the narrow (below 1280 px) header: the server's guess from the User-Agent. */
  narrow: boolean;
  /**
   * A personal page (`isPersonalPath`): the visitor's access token, checked by the server, from the
   * session cookie. The renderer renders the page for that account and its API calls carry it.
   */
  token?: string;
}

export interface SsrPage {
  /** The markup of the app, to go inside `#root`. */
  html: string;
  /** Elements for the head: React's preload hints for the first images. */
  head: string;
  /** The CSS rules the markup uses (emotion), for one `<style>` element in the head. */
  css: string;
  /** The emotion ids of those rules, so the browser's style cache knows they are present. */
  cssIds: string[];
  /** The data the page was rendered from (TanStack Query's dehydrated state), as JSON. */
  state: string;
}

export interface SsrRenderer {
  /** The page, or null when it is not one to render on the server (a redirect, an error). */
  renderPage(request: SsrRequest): Promise<SsrPage | null>;
}

/**
 * The cookie that carries the access token to the server for rendering personal pages (decision
 * 0017). The browser keeps it equal to the stored token; the API itself never reads it (it takes
 * the bearer header only), so the cookie cannot make a cross-site request act for anyone.
 */
export const SSR_AUTH_COOKIE = 'shop_session';

/**
 * The cookie goes only with requests for the personal pages (`/cart` and below): not with API
 * calls, pictures or the other pages, which have no use for it.
 */
export const SSR_AUTH_COOKIE_PATH = '/cart';

/** The element id of the embedded state, and the attribute that marks server-rendered markup. */
export const SSR_STATE_ID = 'ssr-state';
export const SSR_MARKUP_ATTRIBUTE = 'data-ssr';

/**
 * Personal pages rendered on the server for the logged-in visitor whose session cookie comes with
 * the request (decision 0017): the cart and the checkout (docs/product.md §4).
 */
export function isPersonalPath(pathname: string): boolean {
  return /^\/cart(\/receipt-and-payment)?\/?$/.test(pathname);
}

/**
 * Paths rendered on the server: the public catalogue listings and search results (docs/product.md §§2
 * and 4) for everyone, and the personal pages for a logged-in visitor. Everything else (profile,
 * back office, content pages) is rendered by the browser alone.
 */
export function isServerRenderedPath(pathname: string): boolean {
  return (
    isPersonalPath(pathname) ||
    pathname === '/' ||
    pathname === '/on-sale-products' ||
    pathname === '/seasonal-products' ||
    pathname === '/search' ||
    /^\/category\/[^/]+(\/[^/]+)?\/?$/.test(pathname)
  );
}
