import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import { storageKeys } from '../core-modules/media/media-types.js';
import { KIOSK_FLAGS, openPlayerDevice, type PlayerDevice } from '../test/support/browser-player.js';
import { ensureBrowserPlayerBuilt } from '../test/support/browser-player-build.js';
import { launchChromium } from '../test/support/chromium.js';
import { bootServer, ownerApi } from './fleet.js';
import type { BenchKernel } from './support.js';

export type OwnerApi = Awaited<ReturnType<typeof ownerApi>>;

/** The whole server, a kiosk Chromium and one paired browser player on it. */
export interface BenchPlayer {
  server: BenchKernel;
  browser: Browser;
  device: PlayerDevice;
  screenId: string;
  api: OwnerApi;
  /** Page errors and CSP violations seen: a run with any is not a measurement of a working player. */
  problems: string[];
  stop(): Promise<void>;
}

/** Boots the server and pairs a browser player from the code on its page, as an administrator would. */
export async function startBenchPlayer(): Promise<BenchPlayer> {
  ensureBrowserPlayerBuilt();
  const server = await bootServer();
  let browser: Browser | undefined;
  let device: PlayerDevice | undefined;
  try {
    browser = await launchChromium(KIOSK_FLAGS);
    const api = await ownerApi(server);
    const problems: string[] = [];
    device = await openPlayerDevice(browser, server.url, problems, { width: 1920, height: 1080 });
    const request = await api('POST', '/screens/pairing/resolve', { code: await device.pairingCode(60_000) });
    const screen = await api('POST', `/screens/pairing/${request.id}/approve`, { name: 'Bench browser player' });
    for (const deadline = Date.now() + 60_000; (await device.storedCredential())?.screenId !== screen.id; ) {
      if (Date.now() > deadline) throw new Error('the browser player did not enroll within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const [opened, paired] = [browser, device];
    return {
      server,
      browser: opened,
      device: paired,
      screenId: screen.id,
      api,
      problems,
      stop: async () => {
        await paired.close();
        await opened.close();
        await server.stop();
      },
    };
  } catch (err) {
    await device?.close();
    await browser?.close();
    await server.stop();
    throw err;
  }
}

/** Real JPEGs (a different colour each, so none share a file) stored and ready, as processing leaves them. */
export async function seedPictures(server: BenchKernel, count: number): Promise<string[]> {
  const media = server.kernel.containerOf('media').cradle as MediaDeps;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } } })
      .jpeg()
      .toBuffer();
    const id = randomUUID();
    const digest = createHash('sha256').update(bytes).digest('hex');
    await media.assetsRepository.insertWithId(id, {
      name: `bench picture ${i}`,
      type: 'image',
      original_filename: `bench-${i}.jpg`,
      declared_mime_type: 'image/jpeg',
      detected_mime_type: 'image/jpeg',
      sha256: digest,
      original_size: bytes.length,
      processing_status: 'ready',
      folder_id: null,
    });
    const key = storageKeys.variant(id, 'original', '.jpg');
    await media.storage.put(key, Readable.from([bytes]));
    await media.assetsRepository.upsertVariant(id, {
      kind: 'original',
      storage_key: key,
      mime_type: 'image/jpeg',
      file_size: bytes.length,
      sha256: digest,
      player_compatible: true,
    });
    ids.push(id);
  }
  return ids;
}

/** A playlist of these pictures, each `durationMs` on screen, published through the console API; answers its item ids in order. */
export async function publishPictures(api: OwnerApi, name: string, assetIds: string[], durationMs: number): Promise<{ id: string; itemIds: string[] }> {
  const playlist = await api('POST', '/playlists', { name });
  let items: { id: string }[] = [];
  for (const assetId of assetIds) items = (await api('POST', `/playlists/${playlist.id}/items`, { assetId, durationMs })).items;
  const draft = await api('GET', `/playlists/${playlist.id}`);
  await api('POST', `/playlists/${playlist.id}/publish`, { expectedDraftRevision: draft.draftRevision });
  return { id: playlist.id, itemIds: items.map((i) => i.id) };
}
