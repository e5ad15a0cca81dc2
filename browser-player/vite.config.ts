import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';

// Served by the server at /player/ (kernel/system/player-app.routes.ts).
const BASE = '/player/';
/**
 * The oldest browsers the player runs on (docs/browser-player.md): TV browsers are years behind
 * desktop ones. Only syntax and CSS are lowered for them (a newer target writes media queries as
 * ranges they drop); `Array.prototype.at` and `Object.hasOwn` (in @noble/hashes) set the floor.
 */
const PLAYER_BROWSERS = ['chrome93', 'edge93', 'firefox92', 'safari15.4'];

/**
 * Builds the service worker once the app is written: an unhashed `sw.js` at the root of the build
 * (so its scope is `/player/`), one classic script (older TV browsers run no module workers), told
 * this build's file names. A new build therefore has a new worker, which replaces the kept app.
 */
function serviceWorker(): Plugin {
  return {
    name: 'browser-player-service-worker',
    apply: 'build',
    async writeBundle(output, bundle) {
      const files = Object.keys(bundle).filter((name) => name !== 'index.html' && !name.endsWith('.map') && !name.startsWith('.vite/'));
      const shell = [BASE, ...files.sort().map((name) => `${BASE}${name}`)];
      const page = bundle['index.html'];
      const digest = createHash('sha256')
        .update(JSON.stringify(shell))
        .update(page?.type === 'asset' ? page.source : '')
        .digest('hex')
        .slice(0, 16);
      await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        define: { __PLAYER_SHELL__: JSON.stringify(shell), __PLAYER_BUILD__: JSON.stringify(digest) },
        build: {
          outDir: output.dir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: PLAYER_BROWSERS,
          // Small and readable as it is in the browser's tools: no map for it to ask for.
          minify: false,
          sourcemap: false,
          lib: {
            entry: fileURLToPath(new URL('src/offline/sw.ts', import.meta.url)),
            formats: ['iife'],
            name: 'browserPlayerServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

export default defineConfig({
  base: BASE,
  html: { cspNonce: '__CSP_NONCE__' },
  plugins: [serviceWorker()],
  build: {
    target: PLAYER_BROWSERS,
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
  },
});
