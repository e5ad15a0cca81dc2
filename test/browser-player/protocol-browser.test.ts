import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { coreModules } from '../../core-modules/index.js';
import { launchChromium } from '../support/chromium.js';
import { setUpOwner } from '../support/console-client.js';
import { pairScreen, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const PROTOCOL = resolve('browser-player/src/protocol');

/**
 * The protocol's browser-only parts (IndexedDB credential store and play queue, the pairing
 * metadata) bundled as the player bundles them, exposed on `window.protocol` for the page.
 */
async function bundle(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'protocol-page-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      [
        `import { PlayerApi } from '${PROTOCOL}/api.ts';`,
        `import { clearCredential, loadCredential, saveCredential } from '${PROTOCOL}/credential-store.ts';`,
        `import { IndexedDbPlayQueue } from '${PROTOCOL}/play-queue.ts';`,
        `import { activityEvent } from '${PROTOCOL}/activity-events.ts';`,
        `import { Reporter } from '${PROTOCOL}/reports.ts';`,
        `import { browserMetadata } from '${PROTOCOL}/browser-metadata.ts';`,
        'Object.assign(window, { protocol: { PlayerApi, clearCredential, loadCredential, saveCredential, IndexedDbPlayQueue, Reporter, activityEvent, browserMetadata } });',
      ].join('\n'),
    );
    const out = await build({
      configFile: false,
      logLevel: 'silent',
      root: resolve('browser-player'),
      build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'protocolPage' } },
    });
    const first = (Array.isArray(out) ? out[0] : out) as { output: { code?: string }[] };
    return first.output[0]!.code!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('browser player protocol in Chromium', () => {
  let k: TestKernel;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let code: string;
  let screen: PairedScreen;

  /** A page of the server's origin (IndexedDB is per origin) with the protocol loaded. */
  async function open() {
    await page.goto(`${k.url}/api/v1/system/identity`);
    await page.addScriptTag({ content: code });
  }

  before(async () => {
    [k, browser, code] = await Promise.all([bootTestKernel({ plugins: coreModules }), launchChromium(), bundle()]);
    screen = await pairScreen(k, await setUpOwner(k));
    // The page is only an origin for IndexedDB (a JSON answer); its CSP is not what is under test.
    context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    // tsx keeps function names with a `__name` helper that functions sent to the page call too.
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await open();
  });
  after(async () => {
    await browser?.close();
    await k?.stop();
  });

  it('keeps the credential in IndexedDB across a reload, and forgets it when cleared', async () => {
    const stored = { credential: screen.credential, screenId: screen.screenId, screenName: 'Lobby screen', installationId: crypto.randomUUID() };
    await page.evaluate((c) => (window as any).protocol.saveCredential(c), stored);
    await page.reload();
    await page.addScriptTag({ content: code });
    expect(await page.evaluate(() => (window as any).protocol.loadCredential())).to.deep.equal(stored);
    await page.evaluate(() => (window as any).protocol.clearCredential());
    expect(await page.evaluate(() => (window as any).protocol.loadCredential())).to.equal(undefined);
  });

  it('describes the browser in a way the server accepts for pairing, with one installation id per browser', async () => {
    const [first, second] = await page.evaluate(async () => [
      await (window as any).protocol.browserMetadata('0.1.0'),
      await (window as any).protocol.browserMetadata('0.1.0'),
    ]);
    expect(first.playerInstallationId).to.equal(second.playerInstallationId);
    expect(first.platform).to.equal('web');
    const session = await page.evaluate(
      async ([url, metadata]) => {
        const api = new (window as any).protocol.PlayerApi({ baseUrl: url });
        return api.startPairing((await api.identity()).installationId, metadata);
      },
      [k.url, first] as const,
    );
    expect(session.code).to.have.length(6);
  });

  it('keeps plays recorded offline through a reload, then delivers each once when back online', async () => {
    const record = (offline: boolean) =>
      page.evaluate(
        async ([url, credential, offline]) => {
          const p = (window as any).protocol;
          const queue = new p.IndexedDbPlayQueue();
          const reporter = new p.Reporter(new p.PlayerApi({ baseUrl: url, credential }), {
            snapshot: () => ({ playbackState: 'playing', selectionSource: 'direct' }),
            playerVersion: '0.1.0',
            queue,
          });
          if (offline) {
            for (let i = 0; i < 3; i++) {
              const startedAt = Date.now() - (5 - i) * 10_000;
              const session = { id: crypto.randomUUID(), kind: 'item', playlistItemId: crypto.randomUUID(), startedAt: new Date(startedAt).toISOString() };
              const ended = { at: new Date(startedAt + 8000).toISOString(), reason: 'expected_item_boundary' };
              await queue.push([p.activityEvent({ session }), p.activityEvent({ session, ended })]);
              await reporter.flush();
            }
          } else await reporter.flush();
          return (await queue.peek(200)).map((e: { sequence: number }) => e.sequence);
        },
        [k.url, screen.credential, offline] as const,
      );
    await context.setOffline(true);
    expect(await record(true)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    await context.setOffline(false);
    await page.reload();
    await page.addScriptTag({ content: code });
    expect(await record(false)).to.deep.equal([]);
    expect(await record(false)).to.deep.equal([]);
    const stored = await k.db('activity_events').where({ screen_id: screen.screenId }).orderBy('sequence');
    expect(stored.map((e) => [e.sequence, e.event_type])).to.deep.equal([
      [1, 'content.started'],
      [2, 'content.completed'],
      [3, 'content.started'],
      [4, 'content.completed'],
      [5, 'content.started'],
      [6, 'content.completed'],
    ]);
  });

  it('records a play as it starts, and ends one a reload cut short as a player restart at the last instant the page was alive', async () => {
    const startedAt = Date.now() - 20_000;
    const aliveAt = Date.now() - 5_000;
    const ids = await page.evaluate(
      async ([url, credential, startedAt, aliveAt]) => {
        const p = (window as any).protocol;
        const queue = new p.IndexedDbPlayQueue();
        const reporter = new p.Reporter(new p.PlayerApi({ baseUrl: url, credential }), {
          snapshot: () => ({ playbackState: 'playing', selectionSource: 'direct' }),
          playerVersion: '0.1.0',
          queue,
        });
        const at = new Date(startedAt).toISOString();
        const root = { id: crypto.randomUUID(), kind: 'presentation', presentationType: 'playlist', presentationId: crypto.randomUUID(), startedAt: at };
        const item = { id: crypto.randomUUID(), kind: 'item', parentId: root.id, playlistItemId: crypto.randomUUID(), startedAt: at };
        await queue.push([p.activityEvent({ session: root }), p.activityEvent({ session: item })]);
        await reporter.flush();
        // A heartbeat's tick, then the page goes away mid-item.
        await queue.alive(new Date(aliveAt).toISOString());
        return { root: root.id, item: item.id };
      },
      [k.url, screen.credential, startedAt, aliveAt] as const,
    );
    const sessions = () => k.db('playback_sessions').where({ screen_id: screen.screenId }).whereIn('activity_session_id', [ids.root, ids.item]);
    // Sent as it started: the play is on record before anything ends it.
    expect((await sessions()).map((s) => [s.activity_session_id, s.ended_at])).to.have.deep.members([
      [ids.root, null],
      [ids.item, null],
    ]);

    await page.reload();
    await page.addScriptTag({ content: code });
    await page.evaluate(
      async ([url, credential]) => {
        const p = (window as any).protocol;
        await new p.Reporter(new p.PlayerApi({ baseUrl: url, credential }), {
          snapshot: () => ({ playbackState: 'idle', selectionSource: 'none' }),
          playerVersion: '0.1.0',
          queue: new p.IndexedDbPlayQueue(),
        }).flush();
      },
      [k.url, screen.credential] as const,
    );
    const ended = await sessions();
    expect(
      ended.map((s) => [s.activity_session_id, s.terminal_reason, s.result, s.interrupted, s.ended_at?.getTime(), s.started_at.getTime()]),
    ).to.have.deep.members([
      [ids.root, 'player_restart', 'partial', true, aliveAt, startedAt],
      [ids.item, 'player_restart', 'partial', true, aliveAt, startedAt],
    ]);
  });
});
