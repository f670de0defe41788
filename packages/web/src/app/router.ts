import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { renewNavigationSignal } from '../lib/navigation-abort';
import { appRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Navigation aborts pending requests (docs/product.md §7): every location change renews the
 * navigation abort scope. The router's subscribers run before React renders the new page, so
 * only requests of the page being left are aborted.
 */
export function renewAbortScopeOnNavigation(router: AppRouter): () => void {
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    renewNavigationSignal();
  });
}

export function createAppRouter(routes: RouteObject[] = appRoutes): AppRouter {
  const router = createBrowserRouter(routes);
  renewAbortScopeOnNavigation(router);
  return router;
}

/** For tests: the same routes in memory, starting at the given entries. */
export function createAppMemoryRouter(
  initialEntries: string[] = ['/'],
  routes: RouteObject[] = appRoutes,
): AppRouter {
  const router = createMemoryRouter(routes, { initialEntries });
  renewAbortScopeOnNavigation(router);
  return router;
}

/** Resolves once the router has loaded the first route's lazy module (and run its loaders). */
export function routerInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
