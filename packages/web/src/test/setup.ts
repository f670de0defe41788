import { afterEach } from 'vitest';

// Component tests run in jsdom; a few unit tests run in node (`// @vitest-environment node`).
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy/waitFor wait up to 5 s, not 1 s: the suite runs beside the server tests on two cores,
  // and a screen that is right but slow must not fail (a wrong one still fails, just later).
  configure({ asyncUtilTimeout: 5000 });
  const { toastStore } = await import('../lib/toast-store');
  // jsdom does not scroll; React Router's scroll restoration calls it on every navigation.
  window.scrollTo = () => undefined;
  afterEach(() => {
    cleanup();
    // Toasts live in a module-level store: one test's errors must not leak into the next.
    toastStore.clear();
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.documentElement.lang = 'hu';
  });
}
