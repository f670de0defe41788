import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while hydrating server-rendered markup, true in every other render: what
 * only the browser can show (a virtualised list measured against the window) renders after
 * hydration, and a client-side navigation renders it at once.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
