import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server the dev and preview servers forward to (the Fastify server's default port). */
const apiTarget = process.env.SHOP_API_URL ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/images': { target: apiTarget, changeOrigin: false },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
