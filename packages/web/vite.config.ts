import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server the dev and preview servers forward to (the Fastify server's default port). */
const apiTarget = process.env.SHOP_API_URL ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/images': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route screens and rarely used dialogs are lazy modules (see src/app/routes.tsx), so the first
    // page only loads the shell. The budget for what index.html loads is 200 KB gzipped.
    chunkSizeWarningLimit: 600,
  },
});
