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
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file: on a slow network each extra file costs a
        // round trip (about 0.56 s on Fast 3G), and HTTP/1.1 fetches only six at once. What only
        // other pages use (forms, uploads, the plugin settings) still comes with its page.
        codeSplitting: { groups: [{ name: 'startup', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    // `npm run dev -w console`: the API of a server started with `npm start` (port 8080).
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
