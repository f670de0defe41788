/// <reference types="vite-plugin-pwa/client" />

/**
 * Registers the service worker of the built shop (vite.config.ts, issue 19) and reports a waiting
 * new version: `apply()` activates it and reloads the page. Only the production build has a worker;
 * the development server and the tests register nothing.
 */
export async function registerServiceWorker(
  onNewVersion: (apply: () => Promise<void>) => void,
): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => onNewVersion(() => update(true)),
  });
}
