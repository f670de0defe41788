import { PAGE_VIEW_PATH_MAX, redactPagePath } from '@shop/shared/contracts/tracking';
import type { Language } from '@shop/shared/i18n/languages';

/**
 * The navigation guard's page-view call (docs/product.md §2, docs/decisions/0007-page-tracking.md):
 * POST /api/tracking/page-view {path, language, consent}. The token goes with it only when the
 * visitor accepted analytics cookies; otherwise the view is anonymous. Fire and forget: it returns
 * at once, never throws, and a failure is silent. `keepalive` lets it finish when the page unloads.
 */
export const PAGE_VIEW_ENDPOINT = '/api/tracking/page-view';

export interface PageViewSenderOptions {
  /** The current, unexpired access token, or null. */
  getToken: () => string | null;
  /** True when the visitor accepted analytics cookies. */
  hasConsent: () => boolean;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** navigator.sendBeacon, used when fetch cannot be called. */
  sendBeacon?: (url: string, data: Blob) => boolean;
}

export function createPageViewSender(
  options: PageViewSenderOptions,
): (path: string, language: Language) => void {
  return (path, language) => {
    try {
      const consent = options.hasConsent();
      const token = consent ? options.getToken() : null;
      const payload = { path: redactPagePath(path).slice(0, PAGE_VIEW_PATH_MAX), language, consent };
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const fetchFn = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
      if (fetchFn) {
        void fetchFn(PAGE_VIEW_ENDPOINT, {
          method: 'POST',
          headers,
          body: JSON.stringify(payload),
          keepalive: true,
          credentials: 'same-origin',
        }).catch(() => undefined);
        return;
      }
      // Without fetch only an anonymous beacon is possible (it cannot carry a token).
      const anonymous = JSON.stringify({ ...payload, consent: false });
      options.sendBeacon?.(PAGE_VIEW_ENDPOINT, new Blob([anonymous], { type: 'application/json' }));
    } catch {
      // Statistics never break the shop.
    }
  };
}
