import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The API server the dev and preview servers forward to (the Fastify server's default port). */
const apiTarget = process.env.SHOP_API_URL ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/images': { target: apiTarget, changeOrigin: false },
};

/**
 * The installable app (issue 19, docs/product.md §2.9): the web app manifest with the icons of
 * scripts/generate-icons.mjs, and a Workbox service worker that precaches the app shell (the built
 * index.html, scripts, styles, fonts, icons and the scanner's WebAssembly). It never answers a page
 * itself while the server can: a navigation goes to the network (server-rendered catalogue pages,
 * personal pages, /admin) and only without a connection gets the precached shell; /api is never
 * touched. Product pictures are kept after their first view. A new version waits until the user
 * accepts the reload prompt (registerType 'prompt'); the page registers the worker itself, lazily,
 * after the first page is idle (features/offline/register-service-worker.ts).
 */
const pwa = (disable: boolean) =>
  VitePWA({
    disable,
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/*.png'],
    manifest: {
      id: '/',
      name: 'Nagyker Webshop',
      short_name: 'Nagyker',
      description: 'Nagykereskedelmi webáruház üzleti partnereknek',
      lang: 'hu',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#FFFFFF',
      theme_color: '#C2A278',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm,webmanifest}'],
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: null,
      // No precached page answers a navigation: without this, Workbox serves the precached
      // index.html for "/" (its directory index) to every returning visitor, and the home page lost
      // its server rendering once the worker was installed (issue 20: the app then rendered the
      // whole page itself, 1.5 s of blocked main thread on a phone).
      directoryIndex: null,
      // The browser fetches a page itself while the worker starts (its own request, with the
      // browser's headers: the server's guess of the screen width from the User-Agent holds), and
      // the navigation route answers with that response: a returning visitor's page is not held up
      // by the worker's start and keeps its server rendering.
      navigationPreload: true,
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'product-images',
            expiration: { maxEntries: 20_000, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server-side renderer needs no service worker (its registration module is a no-op there).
  plugins: [react(), pwa(isSsrBuild === true)],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  // The server-side page renderer (src/ssr/entry-server.tsx, decision 0016) is one file with its
  // packages inside, so the server loads it without resolving the web package's dependencies.
  ssr: { noExternal: true },
  // The renderer runs React's production build whatever NODE_ENV the server process has.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route screens and rarely used dialogs are lazy modules (see src/app/routes.tsx), so the first
    // page only loads the shell. The budget for what index.html loads is 200 KB gzipped.
    chunkSizeWarningLimit: 600,
    // Every browser the shop supports preloads modules itself: no polyfill in the entry. The page's
    // own scripts are preloaded (index.html); a lazy module's are not: its import() would add a
    // modulepreload link per dependency first, and adding them cost a phone ~70 ms of blocked main
    // thread when the router starts (issue 8). The browser fetches them as the module names them.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, context) => (context.hostType === 'html' ? deps : []),
    },
  },
}));
