import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The server puts each answer's nonce here (kernel/system/console-app.routes.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // The server's own sign-in and first pages must stay light: split the libraries that change rarely.
    chunkSizeWarningLimit: 700,
  },
  server: {
    // `npm run dev -w console`: the API of a server started with `npm start` (port 8080).
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
