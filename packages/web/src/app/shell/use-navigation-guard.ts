import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { authStore } from '../../lib/auth-store';
import type { PageViewHandler } from './shell-options';

/**
 * Runs on every navigation (docs/product.md §2): ends an expired session, and from the second
 * navigation on reports the page view. The report runs after the navigation in a macrotask and
 * its failures are swallowed, so it can never delay or break a navigation. (The router renews
 * the navigation abort scope itself, before the new page renders: see router.tsx.)
 */
export function useNavigationGuard(onPageView: PageViewHandler | undefined): void {
  const location = useLocation();
  const { i18n } = useTranslation();
  const lastKey = useRef<string | null>(null);
  const navigations = useRef(0);
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    navigations.current += 1;
    authStore.checkExpiry();
    if (navigations.current < 2 || !onPageView) return;
    const language = currentLanguage(i18n);
    const timer = setTimeout(() => {
      try {
        void Promise.resolve(onPageView(path, language)).catch(() => undefined);
      } catch {
        // Tracking must never break the shop.
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [location.key, path, onPageView, i18n]);
}
