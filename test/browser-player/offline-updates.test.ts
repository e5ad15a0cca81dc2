import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { coreModules } from '../../core-modules/index.js';
import { launchChromium } from '../support/chromium.js';
import { freePort } from '../support/free-port.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { buildOfflinePlayer, type PlayerWindow } from './offline-build.js';

/**
 * The next build of the player in a folder of its own: its entry script under a new name (as a
 * change to the code gives it) and its worker with a new build digest and that name in its app files.
 */
function nextBuild(from: string, digest: string, nextDigest: string, entryName: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'player-update-'));
  cpSync(from, dir, { recursive: true });
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  const entry = /src="\/player\/assets\/([^"]+\.js)"/.exec(index)![1]!;
  renameSync(join(dir, 'assets', entry), join(dir, 'assets', entryName));
  // Its source map is named after it (and listed with the app's files).
  if (existsSync(join(dir, 'assets', `${entry}.map`))) renameSync(join(dir, 'assets', `${entry}.map`), join(dir, 'assets', `${entryName}.map`));
  writeFileSync(join(dir, 'index.html'), index.replaceAll(entry, entryName));
  const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
  writeFileSync(join(dir, 'sw.js'), worker.replaceAll(entry, entryName).replaceAll(digest, nextDigest));
  return dir;
}

describe('browser player offline: a running screen picks up a new build by itself, in Chromium', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  let first: string;
  let port: number;
  let dataDir: string;
  let k: TestKernel;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** The server restarted on the same address with another build (an upgrade). */
  async function upgradeTo(dir: string) {
    const { databaseUrl } = k;
    await k.stop();
    k = await bootTestKernel({ plugins: coreModules, databaseUrl, dataDir, env: { BROWSER_PLAYER_DIR: dir, PORT: String(port) } });
  }
  const startUpdates = async () => {
    expect(await page.evaluate(() => (window as unknown as PlayerWindow).offline.registerServiceWorker())).to.equal(true);
    await page.evaluate(() => (window as unknown as PlayerWindow).offline.updates.start());
  };
  /** The check the player makes every 15 minutes and when its socket reconnects; then until the new build is weighed. */
  const checkUntilWaiting = async () => {
    await page.evaluate(() => (window as unknown as PlayerWindow).offline.updates.check());
    await page.waitForFunction(() => (window as unknown as PlayerWindow).offline.updates.waiting, undefined, { polling: 100 });
  };
  const quietMoment = () => page.evaluate(() => (window as unknown as PlayerWindow).offline.updates.quietMoment());
  const mark = () => page.evaluate(() => ((window as unknown as { mark: string }).mark = 'this page'));
  const marked = () => page.evaluate(() => (window as unknown as { mark?: string }).mark ?? 'reloaded');
  const shells = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('player-shell-')));
  const entry = () => page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src).pathname);

  before(async () => {
    first = await buildOfflinePlayer();
    dirs.push(first);
    port = await freePort();
    // Restarted on the same address and data with each new build.
    dataDir = mkdtempSync(join(tmpdir(), 'player-update-data-'));
    dirs.push(dataDir);
    k = await bootTestKernel({ plugins: coreModules, dataDir, env: { BROWSER_PLAYER_DIR: first, PORT: String(port) } });
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${k.url}/player/`);
    await startUpdates();
  });
  after(async () => {
    await browser?.close();
    await k?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reloads into the new build between items, never while offline, and not again soon after', async () => {
    const [shell] = await shells();
    const digest = shell!.slice('player-shell-'.length);
    await mark();
    // Nothing new: a quiet moment changes nothing, even after a check.
    await page.evaluate(() => (window as unknown as PlayerWindow).offline.updates.check());
    await quietMoment();
    expect(await marked()).to.equal('this page');

    const second = nextBuild(first, digest, 'feedfacefeedface', 'index-next1.js');
    dirs.push(second);
    await upgradeTo(second);
    await checkUntilWaiting();
    await context.setOffline(true);
    try {
      await quietMoment();
      expect(await marked()).to.equal('this page');
    } finally {
      await context.setOffline(false);
    }
    const reloaded = page.waitForEvent('load');
    await quietMoment();
    await reloaded;
    expect(await marked()).to.equal('reloaded');
    expect(await entry()).to.equal('/player/assets/index-next1.js');
    expect(await shells()).to.deep.equal(['player-shell-feedfacefeedface']);

    // Another build at once: it waits, but this screen reloaded for a build moments ago.
    await startUpdates();
    await mark();
    const third = nextBuild(second, 'feedfacefeedface', 'beefbeefbeefbeef', 'index-next2.js');
    dirs.push(third);
    await upgradeTo(third);
    await checkUntilWaiting();
    await quietMoment();
    expect(await marked()).to.equal('this page');
  });
  it('loads a new build at once on a screen with nothing playing, without waiting for an item to end', async () => {
    // Another tab: the last test's reloads count against that tab only.
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${k.url}/player/`);
    await startUpdates();
    await page.evaluate(() => {
      (window as unknown as PlayerWindow).offline.idle = true;
    });
    await mark();
    const [shell] = await shells();
    const next = nextBuild(dirs.at(-1)!, shell!.slice('player-shell-'.length), 'cafecafecafecafe', 'index-next3.js');
    dirs.push(next);
    const reloaded = page.waitForEvent('load');
    await upgradeTo(next);
    await page.evaluate(() => (window as unknown as PlayerWindow).offline.updates.check());
    await reloaded;
    expect(await marked()).to.equal('reloaded');
    expect(await entry()).to.equal('/player/assets/index-next3.js');
  });
});
