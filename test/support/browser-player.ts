import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { coreModules } from '../../core-modules/index.js';
import type { StoredCredential } from '../../browser-player/src/seams.js';
import { ensureBrowserPlayerBuilt } from './browser-player-build.js';
import { launchChromium } from './chromium.js';
import { freePort } from './free-port.js';
import { consoleCall, type ConsoleSession, setUpOwner } from './console-client.js';
import { seedAsset } from './library-assets.js';
import { makeH264Mp4, makeJpeg } from './media-files.js';
import { publishPlaylist } from './publish-playlist.js';
import { tcpRelay } from './tcp-relay.js';
import { bootTestKernel, type TestKernel, type TestKernelOptions } from './test-kernel.js';

/** One change of what the screen shows, as the stage root announced it (`data-showing-item`). */
export interface ScreenShow {
  itemId: string | null;
  kind: string | null;
  /** When the test saw it (this process's wall clock, whatever the page's clock says). */
  at: number;
  /** The page's own clock then (the test's, once it installs one). */
  pageTime: number;
  /** Whether the device's network was cut then. */
  offline: boolean;
  /** Which page load showed it: a reload starts a new document. */
  documentId: string;
}

/** A browser (one context: one device) running the player from `/player`. */
export interface PlayerDevice {
  context: BrowserContext;
  page: Page;
  /** Every change of what is on screen since the device opened the player, across reloads. */
  shows: ScreenShow[];
  /** Waits until the screen shows this item (or any of these) at `shows[from]` or later; answers that show's index. */
  waitForShow(itemId: string | string[], options?: { from?: number; timeoutMs?: number }): Promise<number>;
  /** The pairing code the screen shows, as a person reads it off the screen. */
  pairingCode(timeoutMs?: number): Promise<string>;
  /** The StoredCredential the page keeps in IndexedDB (undefined when it has none). */
  storedCredential(): Promise<StoredCredential | undefined>;
  /** Pulls the device's network cable (or plugs it back). */
  setOffline(offline: boolean): Promise<void>;
  /** Switches the device off (its browser context and its cable). */
  close(): Promise<void>;
}

export interface BrowserPlayerRig {
  kernel: TestKernel;
  owner: ConsoleSession;
  browser: Browser;
  /** Uncaught page errors and Content-Security-Policy violations seen so far, on any device. */
  problems: string[];
  /** A new device (browser context) with the player open. */
  openPlayer(options?: { viewport?: { width: number; height: number } }): Promise<PlayerDevice>;
  /** Approves the code a device shows through the console API, as an administrator who read it; answers the new screen's id. */
  approve(device: PlayerDevice, name: string): Promise<string>;
  stop(): Promise<void>;
}

/** What a kiosk's Chromium is started with, besides full screen: video plays with sound, unasked. */
export const KIOSK_FLAGS = ['--autoplay-policy=no-user-gesture-required'];

// A string, not a function: tsx names inner functions with a helper the page does not have. It runs
// in every document before the player's own scripts, so no change of the stage root is missed.
const WATCH_STAGE = `(() => {
  const documentId = crypto.randomUUID();
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.attributeName !== 'data-showing-item') continue;
      window.__stageShows(r.target.getAttribute('data-showing-item'), r.target.getAttribute('data-showing-kind'), documentId, Date.now());
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-showing-item'] });
})()`;

// idb-keyval's default database and store; read without creating them (that would leave a
// database without its store, which idb-keyval would then never create).
const READ_CREDENTIAL = `(async () => {
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes('keyval-store')) return undefined;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('keyval')) return undefined;
    return await new Promise((resolve, reject) => {
      const get = db.transaction('keyval').objectStore('keyval').get('credential');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
  } finally {
    db.close();
  }
})()`;

/** How a pairing code reads on screen: six characters of the code alphabet, perhaps split by a dash or space. */
const CODE_ON_SCREEN = /\b([2-9A-HJKMNP-Z]{3})[\s-]?([2-9A-HJKMNP-Z]{3})\b/;

/**
 * A new device (its own browser context, on its own cable to the server at `serverUrl`) with the
 * player open; page errors and CSP violations go to `problems`.
 */
export async function openPlayerDevice(
  browser: Browser,
  serverUrl: string,
  problems: string[],
  viewport = { width: 1280, height: 720 },
): Promise<PlayerDevice> {
  // Its network cable: pulled, it drops every open connection and refuses new ones, whoever makes
  // them: the page, its socket, the service worker and the browser's own checks of the worker script
  // (Chromium's offline emulation spares the latter two).
  const cable = await tcpRelay(serverUrl);
  const context = await browser.newContext({ viewport });
  const shows: ScreenShow[] = [];
  const waiters = new Set<() => void>();
  let offline = false;
  await context.exposeFunction('__stageShows', (itemId: string | null, kind: string | null, documentId: string, pageTime: number) => {
    shows.push({ itemId, kind, at: Date.now(), pageTime, offline, documentId });
    for (const w of [...waiters]) w();
  });
  await context.addInitScript(WATCH_STAGE);
  const page = await context.newPage();
  // Generous: a CI machine has two cores, shared with the server, PostgreSQL and Chromium's decoders.
  page.setDefaultTimeout(20_000);
  page.setDefaultNavigationTimeout(30_000);
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

  const waitForShow = (itemId: string | string[], { from = 0, timeoutMs = 20_000 } = {}) =>
    new Promise<number>((resolve, reject) => {
      const wanted = typeof itemId === 'string' ? [itemId] : itemId;
      const check = () => {
        const at = shows.findIndex((s, i) => i >= from && s.itemId !== null && wanted.includes(s.itemId));
        if (at < 0) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(at);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        const seen = shows.slice(from).map((s) => s.itemId);
        reject(new Error(`item ${wanted.join(' or ')} not on screen within ${timeoutMs} ms; shown since: ${JSON.stringify(seen)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  const pairingCode = async (timeoutMs = 20_000) => {
    const code = page.getByText(CODE_ON_SCREEN).first();
    await code.waitFor({ timeout: timeoutMs });
    const match = CODE_ON_SCREEN.exec((await code.textContent()) ?? '');
    if (!match) throw new Error('the pairing code went away while it was read');
    return match[1]! + match[2]!;
  };

  // localhost is a secure context: the service worker, Cache Storage and crypto.subtle are there, as on https.
  await page.goto(`http://localhost:${cable.port}/player`);
  return {
    context,
    page,
    shows,
    waitForShow,
    pairingCode,
    storedCredential: () => page.evaluate(READ_CREDENTIAL) as Promise<StoredCredential | undefined>,
    // The browser is told too, as it is when a cable is pulled. A show counts as offline only while the cable is out for sure.
    setOffline: async (cut) => {
      if (!cut) offline = false;
      if (cut) cable.pull();
      else cable.plug();
      await context.setOffline(cut);
      offline = cut;
    },
    close: async () => {
      await context.close();
      await cable.close();
    },
  };
}

/**
 * The whole server (core modules) on a fresh database with its first owner, and Chromium started as a
 * kiosk starts it (autoplay with sound allowed), ready to open the built player at `/player`.
 */
export async function startBrowserPlayerRig(options: TestKernelOptions = {}): Promise<BrowserPlayerRig> {
  ensureBrowserPlayerBuilt();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const kernel = await bootTestKernel({
    plugins: coreModules,
    ...options,
    env: { PORT: String(port), PUBLIC_URL: origin, ...options.env },
  });
  const browser = await launchChromium(KIOSK_FLAGS).catch(async (err: unknown) => {
    await kernel.stop();
    throw err;
  });
  const owner = await setUpOwner(kernel);
  const problems: string[] = [];
  const devices: PlayerDevice[] = [];
  return {
    kernel,
    owner,
    browser,
    problems,
    openPlayer: async (o = {}) => {
      const device = await openPlayerDevice(browser, kernel.url, problems, o.viewport);
      devices.push(device);
      return device;
    },
    approve: async (device, name) => {
      const code = await device.pairingCode();
      const found = await consoleCall(kernel, owner, 'POST', '/api/v1/screens/pairing/resolve', { code });
      expect(found.status, `resolving the code ${code}: ${JSON.stringify(found.body)}`).to.equal(200);
      const approved = await consoleCall(kernel, owner, 'POST', `/api/v1/screens/pairing/${found.body.data.id}/approve`, { name });
      expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
      return approved.body.data.id as string;
    },
    stop: async () => {
      for (const device of devices) await device.close();
      await browser.close();
      await kernel.stop();
    },
  };
}

/** A playlist item as the console adds it. */
export interface ItemSpec {
  assetId: string;
  durationMs?: number;
  audioEnabled?: boolean;
  volume?: number;
}

export interface PublishedPlaylist {
  id: string;
  /** The items' ids, in playing order: what the stage root names once each is on screen. */
  itemIds: string[];
}

/** Creates a playlist of these items and publishes it, as an editor does in the console. */
export async function publishedPlaylist(k: TestKernel, owner: ConsoleSession, name: string, items: ItemSpec[]): Promise<PublishedPlaylist> {
  const created = await consoleCall(k, owner, 'POST', '/api/v1/playlists', { name });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  const itemIds: string[] = [];
  for (const item of items) {
    const added = await consoleCall(k, owner, 'POST', `/api/v1/playlists/${created.body.data.id}/items`, item);
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    itemIds.push(added.body.data.items.at(-1).id);
  }
  await publishPlaylist(k, owner, created.body.data.id);
  return { id: created.body.data.id, itemIds };
}

/** Makes the playlist the screen's own (its assignment), as the screen's page in the console does. */
export async function assignPlaylist(k: TestKernel, owner: ConsoleSession, screenId: string, playlistId: string): Promise<void> {
  const res = await consoleCall(k, owner, 'PUT', `/api/v1/screens/${screenId}/playlist-assignment`, { playlistId });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
}

/** A real JPEG in the library (ready, as processing leaves it). */
export const seedPicture = async (k: TestKernel, name: string) => (await seedAsset(k, { name, bytes: await makeJpeg(640, 360), mimeType: 'image/jpeg' })).id;

/** A real H.264/AAC MP4 with sound in the library, `seconds` long. */
export const seedClip = async (k: TestKernel, name: string, seconds = 2) =>
  (await seedAsset(k, { type: 'video', name, bytes: await makeH264Mp4(seconds), mimeType: 'video/mp4' })).id;

/** The requests the kernel answered that a browser made (not this test's own console and player calls). */
export const browserRequests = (k: TestKernel, from = 0) =>
  k.logs.slice(from).filter((l) => l.msg === 'request' && typeof l.userAgent === 'string' && /Chrom/.test(l.userAgent)) as {
    method: string;
    path: string;
    status: number;
  }[];
