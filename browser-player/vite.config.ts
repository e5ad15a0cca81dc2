import { defineConfig } from 'vite';

// Served by the server at /player (kernel/system/player-app.routes.ts).
export default defineConfig({
  base: '/player/',
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
  },
});
