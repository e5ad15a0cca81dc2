import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { consoleCall, type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { bearer, openPlayerSocket, type PairedScreen, pairScreen, type PlayerSocket } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { makeDataDir, type Server, startServer, stopServers, waitReady } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';
import type { HttpTarget } from '../support/test-kernel.js';
import { completeUpload, patchUpload, sha256, startUpload } from '../support/uploads.js';
import { eventually } from '../support/wait.js';

const host = (s: Server): HttpTarget => ({ url: s.url, request: (path, init) => fetch(s.url + path, init) });

/**
 * The README's scale-out: two web processes as on two hosts (each its own DATA_DIR, nothing shared
 * on disk), one worker, one PostgreSQL and one bucket. Media lives only in the bucket, so any
 * process can take any request.
 */
describe('two web hosts, one worker, one database, one bucket', function () {
  this.timeout(240_000);
  let s3: S3Server;
  let first: HttpTarget;
  let second: HttpTarget;
  let webs: Server[];
  let owner: ConsoleSession;
  let photo: Buffer;
  let assetId: string;
  let screens: PairedScreen[];
  let sockets: PlayerSocket[];

  before(async function () {
    this.timeout(300_000); // three processes booting on a busy machine
    // Noise, so the photo is large enough (about a megabyte) to be sent in several chunks.
    photo = await sharp(randomBytes(1280 * 720 * 3), { raw: { width: 1280, height: 720, channels: 3 } })
      .jpeg()
      .toBuffer();
    s3 = await startS3Server({ buckets: ['fleet-media'] });
    const env = {
      ...s3.envFor('fleet-media', 'signage/'),
      DATABASE_URL: await createTestDatabase(),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    };
    // The first web process migrates the database; the others start on it.
    const web1 = await startServer(makeDataDir(), env, { args: ['--role=web'] });
    await waitReady(web1, 120_000);
    // The second serves downloads by redirecting to the bucket, as players that follow redirects allow.
    const web2 = await startServer(makeDataDir(), { ...env, MEDIA_DOWNLOADS: 'redirect' }, { args: ['--role=web'] });
    await startServer(makeDataDir(), env, { script: 'worker' });
    await waitReady(web2, 120_000);
    webs = [web1, web2];
    [first, second] = webs.map(host) as [HttpTarget, HttpTarget];
    owner = await setUpOwner(first);
  });
  after(async function () {
    this.timeout(60_000);
    for (const socket of sockets ?? []) socket.ws.close();
    await stopServers();
    await s3?.stop();
  });

  it('takes an upload whose chunks arrive through both hosts, and the worker processes it from the bucket', async () => {
    const created = await startUpload(second, owner, 'harbour.jpg', photo.length, 'image/jpeg');
    expect(created.status).to.equal(201);
    const id = created.body.data.id as string;
    const third = Math.floor(photo.length / 3);
    const cuts = [0, third, 2 * third, photo.length];
    for (let i = 0; i < cuts.length - 1; i++) {
      // Alternating hosts: the bytes must be where the next one can append to them.
      const through = i % 2 === 0 ? first : second;
      const res = await patchUpload(through, owner, id, cuts[i]!, photo.subarray(cuts[i], cuts[i + 1]));
      expect(res.status, JSON.stringify(res.body)).to.equal(204);
    }
    const done = await completeUpload(first, owner, id);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.data.sha256).to.equal(sha256(photo));
    assetId = done.body.data.id;
    const asset = await eventually(
      async () => (await consoleCall(second, owner, 'GET', `/api/v1/assets/${assetId}`)).body.data,
      (a) => a.processingStatus !== 'queued' && a.processingStatus !== 'processing' && a.processingStatus !== 'inspecting',
      60_000,
      250,
    );
    expect(asset).to.include({ processingStatus: 'ready', width: 1280, height: 720 });
    // Nothing of it on either web host's disk.
    for (const web of webs) {
      const media = join(web.dataDir, 'media');
      expect(existsSync(media) ? readdirSync(media, { recursive: true }).filter((n) => !String(n).startsWith('.tmp')) : [], web.url).to.deep.equal([]);
    }
  });

  it('pairs a screen on each host, and a change made on one reaches the socket held by the other', async () => {
    screens = [await pairScreen(first, owner, { name: 'Harbour east' }), await pairScreen(second, owner, { name: 'Harbour west' })];
    sockets = [await openPlayerSocket(first, screens[0]!.credential), await openPlayerSocket(second, screens[1]!.credential)];
    for (const socket of sockets) await socket.next('server.hello');
    const playlist = (await consoleCall(second, owner, 'POST', '/api/v1/playlists', { name: `Harbour ${randomUUID().slice(0, 6)}` })).body.data;
    expect((await consoleCall(first, owner, 'POST', `/api/v1/playlists/${playlist.id}/items`, { assetId, durationMs: 8000 })).status).to.equal(201);
    await publishPlaylist(second, owner, playlist.id);
    for (const [index, screen] of screens.entries()) {
      // Assigned through the host that does not hold the screen's socket.
      const through = index === 0 ? second : first;
      const res = await consoleCall(through, owner, 'PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      await sockets[index]!.next('manifest.changed', 15_000);
    }
  });

  it('serves the file with Range from one host, and redirects to the bucket from the other', async () => {
    const manifest = (await (await first.request('/api/v1/player/manifest', { headers: bearer(screens[0]!.credential) })).json()).data;
    const item = manifest.assets.find((a: { assetId: string }) => a.assetId === assetId);
    expect(item, JSON.stringify(manifest.assets)).to.exist;
    const whole = await first.request(item.downloadPath, { headers: bearer(screens[0]!.credential) });
    expect(whole.status).to.equal(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(sha256(bytes)).to.equal(item.sha256);

    const range = { ...bearer(screens[0]!.credential), range: 'bytes=1000-1999' };
    const served = await first.request(item.downloadPath, { headers: range });
    expect(served.status).to.equal(206);
    expect(served.headers.get('content-range')).to.equal(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes.subarray(1000, 2000))).to.equal(true);

    const redirected = await second.request(item.downloadPath, { headers: range, redirect: 'manual' });
    expect(redirected.status).to.equal(302);
    expect(redirected.headers.get('cache-control')).to.equal('no-store');
    expect(redirected.headers.get('content-type')).to.equal(null);
    const location = redirected.headers.get('location')!;
    expect(location.startsWith(s3.endpoint), location).to.equal(true);
    // What a player does: follow it with the same Range.
    const fromBucket = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(fromBucket.status).to.equal(206);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(bytes.subarray(1000, 2000))).to.equal(true);
  });
});
