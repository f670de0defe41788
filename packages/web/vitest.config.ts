import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineProject } from 'vitest/config';

/**
 * react-router ships ESM and CJS builds; the test runner would load `react-router/dom` as CJS
 * next to the ESM `react-router`, i.e. two router contexts. Point both at the ESM files Node picks.
 */
const esm = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

export default defineProject({
  // The service worker's registration module (features/offline) resolves to the plugin's no-op.
  plugins: [react(), VitePWA({ disable: true, injectRegister: false })],
  resolve: {
    alias: [
      { find: /^react-router\/dom$/, replacement: esm('react-router/dom') },
      { find: /^react-router$/, replacement: esm('react-router') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../vitest.setup.ts', './src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
