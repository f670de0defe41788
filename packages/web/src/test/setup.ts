import { afterEach } from 'vitest';

// Component tests run in jsdom; a few unit tests run in node (`// @vitest-environment node`).
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  // jsdom does not scroll; React Router's scroll restoration calls it on every navigation.
  window.scrollTo = () => undefined;
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    document.documentElement.lang = 'hu';
  });
}
