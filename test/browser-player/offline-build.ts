import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ensureBrowserPlayerBuilt } from '../support/browser-player-build.js';
import type { OfflinePage } from './offline-page.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What the test reaches in the page: the offline parts (offline-page.ts). */
export type PlayerWindow = { offline: OfflinePage };

/**
 * The built player (its real service worker and app files, as `npm ci` builds them) with its entry
 * script replaced by offline-page.ts: the offline parts are driven alone, apart from playback (whose
 * journeys test/browser-player/journeys*.test.ts drive), and the replaced script keeps the entry's
 * name, so the worker keeps it as part of the app.
 */
export async function buildOfflinePlayer(): Promise<string> {
  ensureBrowserPlayerBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'player-offline-'));
  cpSync(join(root, 'browser-player', 'dist'), dir, { recursive: true });
  const entry = /src="\/player\/(assets\/[^"]+\.js)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('the built page names no entry script');
  await build({
    entryPoints: [fileURLToPath(new URL('offline-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: join(dir, entry),
    allowOverwrite: true,
    logLevel: 'warning',
  });
  return dir;
}
