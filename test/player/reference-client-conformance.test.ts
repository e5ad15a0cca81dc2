import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import sharp from 'sharp';
import { coreModules } from '../../core-modules/index.js';
import type { PluginDef } from '../../kernel/plugin.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset } from '../support/library-assets.js';
import { PLUGIN_CASES } from '../support/plugin-cases.js';
import { openPlayerSocket, pairScreen, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { PLAYER_CLIENTS, type Wire } from '../support/player-wire.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/**
 * Wire conformance with the stock Linux player of the reference server (Tilecast). Every request
 * below is shaped the way that client puts it on the wire: its paths and methods, `Content-Type:
 * application/json` only when there is a body, no `Authorization` on pairing and enrollment,
 * `Authorization: Pairing <pollSecret>` on the pairing poll and `Authorization: Bearer <credential>`
 * everywhere else. Assertions are on what that client reads from the answer (and the statuses it
 * branches on), not on everything we happen to send.
 *
 * A mismatch found later goes in as `it.skip` naming what goes wrong, and is turned on by fixing the
 * server, never by weakening the assertion.
 *
 * The walk runs once per client (PLAYER_CLIENTS): as the stock client puts requests, and through the
 * browser player's PlayerApi, which must put them the same way and read the same answers.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const isIsoInstant = (v: unknown) => typeof v === 'string' && Number.isFinite(Date.parse(v));
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const ok = (r: Wire) => r.status >= 200 && r.status < 300;

/** What the stock player reports about itself when it asks to pair (its own field names). */
function linuxMetadata(playerInstallationId: string) {
  return {
    playerInstallationId,
    platform: 'linux',
    manufacturer: 'classroom-nuc',
    model: 'Linux x64',
    androidVersion: '6.8.0-49-generic',
    playerVersion: '2.7.1',
    screenWidth: 1920,
    screenHeight: 1080,
    density: 1,
    locale: 'de_DE',
    timezone: 'Europe/Berlin',
  };
}

/** A heartbeat with the fields and value shapes the stock Linux player sends. */
function linuxHeartbeat(overrides: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    screenWidth: 1920,
    screenHeight: 1080,
    playerVersion: '2.7.1',
    playerVersionCode: 20701,
    presentationSchemaVersions: [1],
    nativePresentationCapabilities: {
      'layout.surface': 1,
      'layout.grid': 1,
      'content.text': 1,
      'content.qr_code': 1,
      'binding.core': 2,
      'playback.auto_skip': 1,
    },
    webRuntimeVersion: 2,
    webBundleLimitBytes: 20 * 1024 * 1024,
    uptimeSeconds: 5423,
    playbackState: 'playing',
    playbackDisabled: false,
    safeMode: false,
    recoveryLevel: 0,
    recoveryCount: 0,
    websiteRendererRecoveryCount: 0,
    lastMeaningfulProgressAt: now,
    expectedMotion: true,
    rendererResponding: true,
    currentItemStartedAt: now,
    lastHealthyPlaybackAt: now,
    autostartState: 'installed',
    autostartTarget: 'systemd-user',
    autostartSupervised: true,
    autostartLingerEnabled: true,
    bootLaunchVerified: true,
    lastSuccessfulColdBootAt: now,
    airplaySupported: false,
    airplayUxPlayInstalled: false,
    airplayLimitation: 'uxplay_missing',
    displayControlProvider: 'none',
    displayControlProviders: [],
    displayControlCapabilities: { power: 'unsupported' },
    displayPowerState: 'unknown',
    displayPowerStateConfirmed: false,
    displayControlPolicyState: 'normal',
    presentationNetworkSupported: false,
    presentationNetworkState: 'unassigned',
    wiredInterfaceAvailable: true,
    wiredIpv4: '10.0.4.17',
    activeManifestVersion: 3,
    currentItemId: randomUUID(),
    currentAssetId: randomUUID(),
    currentPlaylistId: randomUUID(),
    selectionSource: 'direct_assignment',
    lastCommandId: randomUUID(),
    lastCommandState: 'succeeded',
    lastCommandResult: 'identified',
    lastCommandCompletedAt: now,
    activeConfigRevision: 1,
    availableStorageBytes: 48_000_000_000,
    ...overrides,
  };
}

/** Ten-second noise aggregates as the player's queue holds them (aligned to the 10 s grid). */
function noiseBuckets(count: number) {
  const start = Math.floor(Date.now() / 10_000) * 10_000 - count * 10_000;
  return Array.from({ length: count }, (_, i) => ({
    startedAt: new Date(start + i * 10_000).toISOString(),
    averageLevel: 41.5,
    peakLevel: 77.2,
    monitoredMs: 10_000,
    warningMs: 1_500,
    loudMs: 0,
    triggerCount: 0,
  }));
}

for (const client of PLAYER_CLIENTS) {
  describe(`${client.name} on the wire: pairing to revocation`, () => {
    const wire = client.wire;
    let k: TestKernel;
    let owner: ConsoleSession;
    const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);

    // What the walk carries from one step to the next, as the player's own state files would.
    let serverInstallationId: string;
    const playerInstallationId = randomUUID();
    let session: { id: string; pollSecret: string; code: string };
    let enrollmentToken: string;
    let credential: string;
    let screenId: string;
    let manifestEtag: string | null = null;
    let manifest: any;
    const files = new Map<string, Buffer>(); // variantId → original bytes
    let socket: PlayerSocket | undefined;

    async function assignPlaylist(assetIds: string[]) {
      const created = await api('POST', '/api/v1/playlists', { name: `conformance ${randomUUID().slice(0, 6)}` });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      for (const assetId of assetIds) {
        const added = await api('POST', `/api/v1/playlists/${created.body.data.id}/items`, { assetId, durationMs: 8000 });
        expect(added.status, JSON.stringify(added.body)).to.equal(201);
      }
      await publishPlaylist(k, owner, created.body.data.id);
      const assigned = await api('PUT', `/api/v1/screens/${screenId}/playlist-assignment`, { playlistId: created.body.data.id });
      expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
      return created.body.data.id as string;
    }

    before(async () => {
      k = await bootTestKernel({ plugins: coreModules, env: { PLAYER_PING_INTERVAL_MS: '250', SCREENS_CONTACT_FLUSH_MS: '100' } });
      owner = await setUpOwner(k);
    });
    after(async () => {
      socket?.ws.terminate();
      await k?.stop();
    });
    beforeEach(() => resetRateLimits(k));

    describe('pairing and enrollment', () => {
      it('reads GET /api/v1/system/identity without a credential (installationId gates every credential it sends)', async () => {
        const res = await wire(k, 'GET', '/api/v1/system/identity');
        expect(res.status).to.equal(200);
        expect(res.data.installationId).to.be.a('string').and.not.empty;
        expect(res.data.pairingEnabled).to.equal(true);
        expect(res.data.apiVersion).to.equal('v1');
        serverInstallationId = res.data.installationId;
      });

      it('creates a pairing session from {installationId, metadata} and gets what it shows and persists', async () => {
        const res = await wire(k, 'POST', '/api/v1/player/pairing-sessions', {
          body: { installationId: serverInstallationId, metadata: linuxMetadata(playerInstallationId) },
        });
        expect(ok(res), JSON.stringify(res.error)).to.equal(true);
        const created = res.data;
        expect(created.id).to.be.a('string').and.not.empty;
        expect(created.code).to.match(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
        expect(created.pollSecret).to.be.a('string').with.length.greaterThan(20);
        expect(isIsoInstant(created.expiresAt)).to.equal(true);
        // The client resumes a persisted session only while it has more than 5 s left.
        expect(Date.parse(created.expiresAt)).to.be.greaterThan(Date.now() + 60_000);
        expect(isIsoInstant(created.serverTime)).to.equal(true);
        expect(created.pollingIntervalSeconds).to.be.a('number').within(2, 30); // it polls every max(n, 2) s
        expect(created.approvalUrl).to.be.a('string').and.include(created.code);
        expect(created.organizationName).to.be.a('string');
        session = { id: created.id, pollSecret: created.pollSecret, code: created.code };
      });

      it('is told 409 installation_identity_mismatch when it pairs with another server’s installation id', async () => {
        const res = await wire(k, 'POST', '/api/v1/player/pairing-sessions', { body: { installationId: randomUUID(), metadata: linuxMetadata(randomUUID()) } });
        expect([res.status, res.error?.code]).to.deep.equal([409, 'installation_identity_mismatch']);
      });

      it('polls with Authorization: Pairing <pollSecret> and stays pending until approved', async () => {
        const res = await wire(k, 'GET', `/api/v1/player/pairing-sessions/${session.id}`, { headers: { Authorization: `Pairing ${session.pollSecret}` } });
        expect(res.status).to.equal(200);
        expect(res.data.status).to.equal('pending');
        expect(isIsoInstant(res.data.expiresAt)).to.equal(true);
        expect(res.data).not.to.have.property('enrollmentToken');
      });

      it('branches only on 404/410 to abandon a session: an unknown one is 404, a wrong secret is not', async () => {
        const unknown = await wire(k, 'GET', `/api/v1/player/pairing-sessions/${randomUUID()}`, {
          headers: { Authorization: `Pairing ${session.pollSecret}` },
        });
        expect(unknown.status).to.equal(404);
        const wrong = await wire(k, 'GET', `/api/v1/player/pairing-sessions/${session.id}`, { headers: { Authorization: 'Pairing not-the-secret' } });
        expect(wrong.status).to.equal(401);
        expect(wrong.error?.code).to.equal('device_credential_invalid');
      });

      it('collects the one-time enrollmentToken with status claimed on the first poll after console approval', async () => {
        const resolved = await api('POST', '/api/v1/screens/pairing/resolve', { code: session.code.toLowerCase() });
        expect(resolved.status, JSON.stringify(resolved.body)).to.equal(200);
        expect(resolved.body.data.metadata).to.include({ playerInstallationId, platform: 'linux', androidVersion: '6.8.0-49-generic' });
        const approved = await api('POST', `/api/v1/screens/pairing/${session.id}/approve`, { name: 'Room 204' });
        expect(approved.status, JSON.stringify(approved.body)).to.equal(200);

        const first = await wire(k, 'GET', `/api/v1/player/pairing-sessions/${session.id}`, { headers: { Authorization: `Pairing ${session.pollSecret}` } });
        expect(first.status).to.equal(200);
        expect(first.data.status).to.equal('claimed');
        expect(first.data.enrollmentToken).to.be.a('string').and.not.empty;
        enrollmentToken = first.data.enrollmentToken;
        // A lost answer: the next poll says claimed without a token, and the client starts over.
        const again = await wire(k, 'GET', `/api/v1/player/pairing-sessions/${session.id}`, { headers: { Authorization: `Pairing ${session.pollSecret}` } });
        expect(again.data.status).to.equal('claimed');
        expect(again.data).not.to.have.property('enrollmentToken');
      });

      it('enrolls with {pairingSessionId, enrollmentToken} and gets {screenId, screenName, deviceCredential}', async () => {
        const res = await wire(k, 'POST', '/api/v1/player/enroll', { body: { pairingSessionId: session.id, enrollmentToken } });
        expect(ok(res), JSON.stringify(res.error)).to.equal(true);
        expect(res.data.screenId).to.be.a('string').and.not.empty;
        expect(res.data.screenName).to.equal('Room 204');
        expect(res.data.deviceCredential).to.match(/^svc_device_[^.]+\..+$/);
        credential = res.data.deviceCredential;
        screenId = res.data.screenId;
        // The token is one-time; a replay is a server verdict (4xx), which the client never retries.
        const replay = await wire(k, 'POST', '/api/v1/player/enroll', { body: { pairingSessionId: session.id, enrollmentToken } });
        expect(replay.status).to.be.within(400, 499);
        // Identity gate on the next start: the same installation id before the credential leaves.
        expect((await wire(k, 'GET', '/api/v1/system/identity')).data.installationId).to.equal(serverInstallationId);
      });
    });

    describe('config and heartbeat', () => {
      it('fetches GET /api/v1/player/config with its Bearer credential and revalidates with If-None-Match (304)', async () => {
        const res = await wire(k, 'GET', '/api/v1/player/config', { credential });
        expect(res.status).to.equal(200);
        expect(res.data.schemaVersion).to.be.a('number');
        expect(res.data.configRevision).to.be.a('number');
        for (const section of ['playback', 'cache', 'sync', 'updates']) expect(res.data[section], section).to.be.an('object');
        const etag = res.headers.get('etag');
        expect(etag).to.be.a('string');
        const again = await wire(k, 'GET', '/api/v1/player/config', { credential, headers: { 'If-None-Match': etag! } });
        expect(again.status).to.equal(304);
        expect(again.bytes.length).to.equal(0);
      });

      // The client dereferences playback and website without a null check; the others it reads too.
      it('sends every config section the client reads (website in particular) as objects', async () => {
        const res = await wire(k, 'GET', '/api/v1/player/config', { credential });
        for (const section of [
          'branding',
          'playback',
          'cache',
          'sync',
          'website',
          'reliability',
          'power',
          'managedKiosk',
          'linuxKiosk',
          'accessibility',
          'updates',
        ]) {
          expect(res.data[section], section).to.be.an('object');
        }
      });

      it('names the cache, sync and playback settings the way the client reads them', async () => {
        const { cache, sync, playback } = (await wire(k, 'GET', '/api/v1/player/config', { credential })).data;
        for (const key of ['maximumBytes', 'minimumFreeBytes', 'concurrentDownloads', 'automaticThresholdBytes'])
          expect(cache[key], `cache.${key}`).to.be.a('number');
        for (const key of ['manifestReconciliationSeconds', 'statusReportSeconds']) expect(sync[key], `sync.${key}`).to.be.a('number');
        expect(playback.defaultImageDurationSeconds, 'playback.defaultImageDurationSeconds').to.be.a('number');
      });

      it('posts a heartbeat shaped like the stock player’s and reads {accepted: true}', async () => {
        const res = await wire(k, 'POST', '/api/v1/player/heartbeat', { credential, body: linuxHeartbeat() });
        expect(res.status, JSON.stringify(res.error)).to.equal(200);
        expect(res.data.accepted).to.equal(true);
        expect(res.data).not.to.have.property('ignoredFields');
        const screen = await eventually(
          () => api('GET', `/api/v1/screens/${screenId}`),
          (r) => r.body?.data?.playerVersion === '2.7.1' && r.body.data.lastHeartbeatAt !== undefined,
        );
        expect(screen.body.data).to.include({ playerVersion: '2.7.1', playerVersionCode: 20701 });
      });

      it('has a heartbeat carrying noise meter state and pending history accepted, never refused', async () => {
        const res = await wire(k, 'POST', '/api/v1/player/heartbeat', {
          credential,
          body: linuxHeartbeat({ noiseMeter: { status: 'normal', currentLevel: 38.4, pendingHistory: noiseBuckets(120) } }),
        });
        expect(res.status, JSON.stringify(res.error)).to.equal(200);
        expect(res.data.accepted).to.equal(true);
        // noiseHistory.accepted is the noise-meter plugin's answer; see the plugin suite below.
        if (res.data.noiseHistory !== undefined) expect(res.data.noiseHistory.accepted).to.be.a('number');
      });
    });

    describe('manifest and downloads', () => {
      it('fetches the manifest with the fields it parses, and revalidates it with If-None-Match (304)', async () => {
        const image = await seedAsset(k, { name: 'Timetable' });
        const video = await seedAsset(k, {
          name: 'Welcome clip',
          type: 'video',
          bytes: Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 31 + 7) % 251)),
        });
        files.set(image.id, image.original);
        files.set(video.id, video.original);
        await assignPlaylist([image.id, video.id]);

        const res = await wire(k, 'GET', '/api/v1/player/manifest', { credential });
        expect(res.status).to.equal(200);
        manifestEtag = res.headers.get('etag');
        expect(manifestEtag).to.be.a('string');
        manifest = res.data;
        expect(manifest.schemaVersion).to.be.a('number');
        expect(manifest.manifestVersion).to.be.a('number');
        expect(manifest.screenId).to.equal(screenId);
        expect(isIsoInstant(manifest.serverTime)).to.equal(true); // the client's clock offset
        for (const section of ['playlists', 'schedules', 'assets', 'websites', 'plugins']) expect(manifest[section], section).to.be.an('array');
        expect(manifest.assets).to.have.length(2);
        for (const asset of manifest.assets) {
          expect(asset.assetId).to.be.a('string');
          expect(asset.variantId).to.be.a('string');
          expect(asset.mimeType).to.be.a('string');
          expect(asset.sha256).to.match(/^[0-9a-f]{64}$/);
          expect(asset.fileSize).to.equal(files.get(asset.assetId)!.length);
          expect(asset.downloadPath).to.equal(`/api/v1/player/assets/${asset.assetId}/variants/${asset.variantId}`);
        }
        expect(manifest.playlist.items).to.have.length(2);
        for (const item of manifest.playlist.items) {
          expect(item.id).to.be.a('string');
          expect(
            manifest.assets.some((a: any) => a.assetId === item.assetId && a.variantId === item.variantId),
            'item variant listed in assets',
          ).to.equal(true);
          expect(item.assetType).to.be.oneOf(['image', 'video']);
          expect(item.deliveryPolicy).to.be.oneOf(['download', 'stream', 'automatic']);
          expect(item.fitMode).to.be.a('string');
          expect(item.transition).to.be.a('string');
          expect(item.audioEnabled).to.be.a('boolean');
          expect(item.volume).to.be.a('number');
        }
        expect(manifest.playlists.map((p: any) => p.id)).to.deep.equal([manifest.playlist.id]);

        const again = await wire(k, 'GET', '/api/v1/player/manifest', { credential, headers: { 'If-None-Match': manifestEtag! } });
        expect(again.status).to.equal(304);
        expect(again.bytes.length).to.equal(0);
      });

      it('downloads every listed variant with its Bearer credential; size and sha256 match the manifest', async () => {
        for (const asset of manifest.assets) {
          const res = await wire(k, 'GET', asset.downloadPath, { credential });
          expect(res.status, asset.downloadPath).to.equal(200);
          expect(res.bytes.length).to.equal(asset.fileSize);
          expect(sha256(res.bytes)).to.equal(asset.sha256);
        }
      });

      it('resumes as the client does (Range + If-Range: "<sha256>"): a whole 200 or a 206 tail, either one verifiable', async () => {
        const asset = manifest.assets.find((a: any) => a.mimeType.startsWith('video/'));
        const offset = Math.floor(asset.fileSize / 3);
        const res = await wire(k, 'GET', asset.downloadPath, { credential, headers: { Range: `bytes=${offset}-`, 'If-Range': `"${asset.sha256}"` } });
        expect(res.status).to.be.oneOf([200, 206]);
        const whole = files.get(asset.assetId)!;
        if (res.status === 200)
          expect(sha256(res.bytes)).to.equal(asset.sha256); // the client restarts from zero
        else expect(res.bytes.equals(whole.subarray(offset))).to.equal(true);
      });

      it('honours that resume with 206 and Content-Range', async () => {
        const asset = manifest.assets.find((a: any) => a.mimeType.startsWith('video/'));
        const offset = Math.floor(asset.fileSize / 3);
        const res = await wire(k, 'GET', asset.downloadPath, { credential, headers: { Range: `bytes=${offset}-`, 'If-Range': `"${asset.sha256}"` } });
        expect(res.status).to.equal(206);
        expect(res.headers.get('content-range')).to.equal(`bytes ${offset}-${asset.fileSize - 1}/${asset.fileSize}`);
      });

      it('gets 404 (which the client treats as not retryable) for a variant its manifest does not list', async () => {
        const other = await seedAsset(k, { name: 'Not on this screen' });
        const variant = (await k.db('asset_variants').where({ asset_id: other.id, kind: 'original' }).first('id')).id as string;
        const res = await wire(k, 'GET', `/api/v1/player/assets/${other.id}/variants/${variant}`, { credential });
        expect(res.status).to.equal(404);
      });

      it('gives every manifest item, tag-rule items included, a distinct string id', async () => {
        const tag = (await api('POST', '/api/v1/content-tags', { name: `lobby-${randomUUID().slice(0, 6)}` })).body.data.id;
        const a = await seedAsset(k, { name: 'Tagged A' });
        const b = await seedAsset(k, { name: 'Tagged B' });
        expect((await api('POST', '/api/v1/assets/bulk-organize', { assetIds: [a.id, b.id], addTagIds: [tag] })).status).to.be.lessThan(300);
        const playlistId = await assignPlaylist([]);
        expect(
          (await api('PUT', `/api/v1/playlists/${playlistId}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 7000, tagIds: [tag] })).status,
        ).to.equal(200);
        await publishPlaylist(k, owner, playlistId);
        const items = (await wire(k, 'GET', '/api/v1/player/manifest', { credential })).data.playlist.items;
        expect(items).to.have.length(2);
        for (const item of items) expect(item.id).to.be.a('string');
        expect(new Set(items.map((i: any) => i.id)).size).to.equal(items.length);
      });
    });

    describe('player socket', () => {
      it('opens with Bearer, sends player.hello at once and gets server.hello, server.ping (answered with player.pong)', async () => {
        socket = await openPlayerSocket(k, credential);
        // The client speaks first, without waiting for server.hello.
        socket.send({ type: 'player.hello', protocolVersion: 1, playerVersion: '2.7.1' });
        const hello = await socket.next('server.hello');
        expect(hello).to.include({ screenId, screenName: 'Room 204', protocolVersion: 1 });
        const ping = await socket.next('server.ping');
        expect(isIsoInstant(ping.timestamp)).to.equal(true);
        socket.send({ type: 'player.pong', timestamp: new Date().toISOString() });
      });

      it('takes player.status {protocolVersion, playerVersion, payload: heartbeat} as the heartbeat', async () => {
        socket!.send({
          type: 'player.status',
          protocolVersion: 1,
          playerVersion: '2.7.2',
          payload: linuxHeartbeat({ playerVersion: '2.7.2', playerVersionCode: 20702 }),
        });
        const screen = await eventually(
          () => api('GET', `/api/v1/screens/${screenId}`),
          (r) => r.body?.data?.playerVersion === '2.7.2',
        );
        expect(screen.body.data).to.include({ playerVersion: '2.7.2', playerVersionCode: 20702, status: 'online' });
      });

      it('pushes manifest.changed {manifestVersion: number}; the conditional fetch then returns the new manifest', async () => {
        const seen = socket!.messages.length;
        const image = await seedAsset(k, { name: 'Menu' });
        files.set(image.id, image.original);
        await assignPlaylist([image.id]);
        const changed = await eventually(
          async () => socket!.messages.slice(seen).find((m) => m.type === 'manifest.changed'),
          (m) => m !== undefined,
        );
        expect(changed?.manifestVersion).to.be.a('number').greaterThan(manifest.manifestVersion);
        const res = await wire(k, 'GET', '/api/v1/player/manifest', { credential, headers: { 'If-None-Match': manifestEtag! } });
        expect(res.status).to.equal(200);
        expect(res.data.manifestVersion).to.equal(changed!.manifestVersion);
        manifest = res.data;
        manifestEtag = res.headers.get('etag');
      });

      it('keeps the socket open through all of it (no 1003/1007 for anything the client sends)', async () => {
        expect(socket!.ws.readyState).to.equal(socket!.ws.OPEN);
      });
    });

    describe('commands', () => {
      it('fetches, acknowledges (POST without a body) and reports {success, code, message}; a repeat report is accepted', async () => {
        const seen = socket!.messages.length;
        const idempotencyKey = randomUUID();
        const queued = await api('POST', `/api/v1/screens/${screenId}/commands`, { type: 'identify_screen', payload: { durationSeconds: 15 }, idempotencyKey });
        expect(queued.status, JSON.stringify(queued.body)).to.equal(202);
        await eventually(
          async () => socket!.messages.slice(seen).find((m) => m.type === 'commands.available'),
          (m) => m !== undefined,
        );

        const list = await wire(k, 'GET', '/api/v1/player/commands', { credential });
        expect(list.status).to.equal(200);
        const command = list.data.items.find((c: any) => c.id === queued.body.data.id);
        expect(command).to.include({ type: 'identify_screen', idempotencyKey });
        expect(command.payload).to.deep.equal({ durationSeconds: 15 });
        expect(command.state).to.be.a('string');
        expect(isIsoInstant(command.createdAt) && isIsoInstant(command.expiresAt)).to.equal(true);

        const ack = await wire(k, 'POST', `/api/v1/player/commands/${command.id}/acknowledge`, { credential });
        expect(ack.status, JSON.stringify(ack.error)).to.be.within(200, 299);
        const result = await wire(k, 'POST', `/api/v1/player/commands/${command.id}/result`, {
          credential,
          body: { success: true, code: 'identified', message: 'Shown for 15 seconds' },
        });
        expect(result.status, JSON.stringify(result.error)).to.be.within(200, 299);
        // After a restart the client re-reports an executed key instead of running it again.
        const again = await wire(k, 'POST', `/api/v1/player/commands/${command.id}/result`, {
          credential,
          body: { success: true, code: 'already_executed', message: 'command was already executed by this player' },
        });
        expect(again.status, JSON.stringify(again.error)).to.be.within(200, 299);
        expect((await wire(k, 'GET', '/api/v1/player/commands', { credential })).data.items.map((c: any) => c.id)).not.to.include(command.id);
      });

      it('answers 409 to acknowledging a cancelled or expired command (the client skips it)', async () => {
        const cancelled = await api('POST', `/api/v1/screens/${screenId}/commands`, { type: 'sync_now', idempotencyKey: randomUUID() });
        const expired = await api('POST', `/api/v1/screens/${screenId}/commands`, { type: 'reload_playback', idempotencyKey: randomUUID() });
        await wire(k, 'GET', '/api/v1/player/commands', { credential });
        expect((await api('POST', `/api/v1/screens/${screenId}/commands/${cancelled.body.data.id}/cancel`)).status).to.equal(200);
        await k
          .db('player_commands')
          .where({ id: expired.body.data.id })
          .update({ expires_at: new Date(Date.now() - 1000) });
        for (const id of [cancelled.body.data.id, expired.body.data.id]) {
          expect((await wire(k, 'POST', `/api/v1/player/commands/${id}/acknowledge`, { credential })).status, id).to.equal(409);
        }
      });

      it('gives every command its own non-null idempotencyKey, also when the console sent none', async () => {
        const first = await api('POST', `/api/v1/screens/${screenId}/commands`, { type: 'sync_now' });
        const second = await api('POST', `/api/v1/screens/${screenId}/commands`, { type: 'reload_playback' });
        const items = (await wire(k, 'GET', '/api/v1/player/commands', { credential })).data.items;
        const keys = [first, second].map((q) => items.find((c: any) => c.id === q.body.data.id)?.idempotencyKey);
        for (const key of keys) expect(key).to.be.a('string').and.not.empty;
        expect(keys[0]).not.to.equal(keys[1]);
      });
    });

    describe('activity, telemetry and live preview', () => {
      // The Linux player's reporter: category "playback" and severity "info" unless the caller says
      // otherwise, a per-device sequence, and failureMessage cut to 240 characters.
      let sequence = 0;
      const linuxEvent = (fields: Record<string, unknown>) => ({
        id: randomUUID(),
        sequence: ++sequence,
        eventType: 'content.started',
        category: 'playback',
        severity: 'info',
        occurredAt: new Date().toISOString(),
        elapsedRealtimeMs: 1_000 + sequence * 100,
        playerTimezone: 'Europe/Berlin',
        ...fields,
      });

      it('uploads a batch of up to 200 activity events; any 2xx lets it drop them', async () => {
        const root = randomUUID();
        const child = randomUUID();
        const events = [
          linuxEvent({
            eventType: 'presentation.started',
            category: 'manifest',
            result: 'playing',
            activitySessionId: root,
            sessionType: 'presentation',
            presentationType: 'playlist',
            presentationId: manifest.playlist.id,
            manifestVersion: manifest.manifestVersion,
          }),
          linuxEvent({
            eventType: 'content.started',
            result: 'playing',
            activitySessionId: child,
            parentActivitySessionId: root,
            sessionType: 'playlist_item',
            contentType: 'image',
            contentId: manifest.playlist.items[0].assetId,
            playlistItemId: manifest.playlist.items[0].id,
            expectedDurationMs: 8000,
          }),
          linuxEvent({
            eventType: 'content.completed',
            result: 'completed',
            activitySessionId: child,
            sessionType: 'playlist_item',
            terminalReason: 'expected_item_boundary',
            durationMs: 8000,
          }),
          ...Array.from({ length: 197 }, () => linuxEvent({ eventType: 'connection.lost', category: 'connectivity', severity: 'warning' })),
        ];
        const res = await wire(k, 'POST', '/api/v1/player/activity-events', { credential, body: { events } });
        expect(ok(res), JSON.stringify(res.error)).to.equal(true);
        expect(res.data.acknowledgedEventIds).to.have.length(200);
        const sessions = (await api('GET', `/api/v1/activity/proof-of-play?screen=${screenId}`)).body.data.items;
        expect(sessions.find((s: any) => s.activitySessionId === child)).to.include({ result: 'completed', playlistItemId: manifest.playlist.items[0].id });
      });

      it('posts a telemetry sample shaped like its TelemetryReporter’s (gauges, interval counters, absent averages)', async () => {
        const sample = {
          observedAt: new Date().toISOString(),
          currentItemId: manifest.playlist.items[0].id,
          rendererState: 'playing',
          rendererResponding: true,
          serverRoundTripMs: 38,
          networkLinkType: 'ethernet',
          displayPowerState: 'on',
          interval: {
            seconds: 60,
            connectedSeconds: 60,
            disconnectedSeconds: 0,
            healthyPlaybackSeconds: 58,
            stalledPlaybackSeconds: 2,
            blackOutputSeconds: 0,
            droppedFrames: 3,
            frameChangeCount: 240,
            downloadedBytes: 0,
            cacheHits: 4,
            cacheMisses: 0,
            consecutiveDownloadFailures: 0,
            averageCpuPercent: 12.5,
            thermalSeconds: { nominal: 60 },
            httpRequestCount: 9,
            frameTimeP95Ms: 16.7,
          },
        };
        const res = await wire(k, 'POST', '/api/v1/player/telemetry', { credential, body: sample });
        expect(ok(res), JSON.stringify(res.error)).to.equal(true);
      });

      it('polls GET /player/preview-session (reads active and captureNow) and uploads a capture form while a lease is active', async () => {
        const idle = await wire(k, 'GET', '/api/v1/player/preview-session', { credential });
        expect(idle.status).to.equal(200);
        expect(idle.data.active).to.equal(false);
        await api('POST', `/api/v1/screens/${screenId}/preview-session`, { forceCapture: true });
        const watched = await wire(k, 'GET', '/api/v1/player/preview-session', { credential });
        expect([watched.data.active, watched.data.captureNow]).to.deep.equal([true, true]);
        // What its host hands over: a JPEG within 960×540, posted with the capture's metadata.
        const jpeg = await sharp({ create: { width: 960, height: 540, channels: 3, background: '#204060' } })
          .jpeg({ quality: 75 })
          .toBuffer();
        const form = new FormData();
        form.append('capturedAt', new Date().toISOString());
        form.append('width', '960');
        form.append('height', '540');
        form.append('fileSize', String(jpeg.byteLength));
        form.append('playerVersion', '2.7.1');
        form.append('preview', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'preview.jpg');
        const res = await fetch(`${k.url}/api/v1/player/preview`, { method: 'POST', headers: { Authorization: `Bearer ${credential}` }, body: form });
        expect(res.ok, await res.clone().text()).to.equal(true);
        expect((await wire(k, 'GET', '/api/v1/player/preview-session', { credential })).data.captureNow).to.equal(false);
        expect((await api('GET', `/api/v1/screens/${screenId}/preview`)).body.data).to.include({ status: 'available', width: 960, height: 540 });
        // A protected state reports a status instead of an image.
        const protectedForm = new FormData();
        protectedForm.append('failureStatus', 'unavailable');
        protectedForm.append('playerVersion', '2.7.1');
        const status = await fetch(`${k.url}/api/v1/player/preview`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${credential}` },
          body: protectedForm,
        });
        expect(status.ok).to.equal(true);
      });
    });

    describe('disable, enable and revoke', () => {
      it('disabling closes the socket with 1008 and the probe gets 403 screen_disabled (credential kept); enabling lets it back', async () => {
        const closed = socket!.closed;
        expect((await api('POST', `/api/v1/screens/${screenId}/disable`)).status).to.equal(204);
        expect((await closed).code).to.equal(1008);
        for (const path of ['/api/v1/player/commands', '/api/v1/player/manifest', '/api/v1/player/config']) {
          const res = await wire(k, 'GET', path, { credential });
          expect([res.status, res.error?.code], path).to.deep.equal([403, 'screen_disabled']);
          expect(res.error?.message).to.be.a('string');
        }
        expect((await api('POST', `/api/v1/screens/${screenId}/enable`)).status).to.equal(204);
        expect((await wire(k, 'GET', '/api/v1/player/commands', { credential })).status).to.equal(200);
        socket = await openPlayerSocket(k, credential);
        socket.send({ type: 'player.hello', protocolVersion: 1, playerVersion: '2.7.2' });
        await socket.next('server.hello');
      });

      it('revoking closes the socket with 1008 and every device route answers 401 device_credential_revoked', async () => {
        const closed = socket!.closed;
        expect((await api('POST', `/api/v1/screens/${screenId}/revoke`, { reason: 'replaced' })).status).to.equal(204);
        expect((await closed).code).to.equal(1008);
        const probes: [string, string, unknown][] = [
          ['GET', '/api/v1/player/commands', undefined],
          ['GET', '/api/v1/player/manifest', undefined],
          ['GET', '/api/v1/player/config', undefined],
          ['POST', '/api/v1/player/heartbeat', linuxHeartbeat()],
        ];
        for (const [method, path, body] of probes) {
          const res = await wire(k, method, path, { credential, body });
          expect([res.status, res.error?.code], path).to.deep.equal([401, 'device_credential_revoked']);
        }
        const forged = await wire(k, 'GET', '/api/v1/player/commands', { credential: `${credential.split('.')[0]}.${'A'.repeat(43)}` });
        expect([forged.status, forged.error?.code]).to.deep.equal([401, 'device_credential_invalid']);
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Plugin entries. The plugins are optional (plugins/index.ts); these cases run once the matching
// plugin is offered and skip otherwise. Instance bodies use the reference's field names.

const optionalString = (v: unknown) => v === undefined || v === null || typeof v === 'string';
const optionalNumber = (v: unknown) => v === undefined || v === null || isFiniteNumber(v);
const validZone = (zone: unknown) => {
  if (typeof zone !== 'string') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(0);
    return true;
  } catch {
    return false;
  }
};
const days = (v: unknown) => Array.isArray(v) && v.every((d) => Number.isInteger(d) && d >= 0 && d <= 6);

/**
 * How the stock player reads one `plugins[]` entry. It takes an entry only when `version === 1`
 * (the number) and reads `config` without checking types, so a missing required value is a broken
 * bar, not a default; the optional ones have defaults there.
 */
function checkEntryAsThePlayerReadsIt(entry: any, manifest: any): void {
  expect(entry.id, 'id').to.be.a('string');
  expect(entry.version, 'version').to.equal(1);
  expect(entry.config, 'config').to.be.an('object');
  const c = entry.config;
  if (entry.type === 'countdown_bar') {
    expect(c.scheduleType).to.be.oneOf(['weekly', 'one_time']);
    if (c.scheduleType === 'weekly') {
      expect(c.targetTime).to.match(/^\d{2}:\d{2}/);
      expect(days(c.daysOfWeek), 'daysOfWeek').to.equal(true);
    } else expect(isIsoInstant(c.oneTimeAt), 'oneTimeAt').to.equal(true);
    expect(validZone(c.timezone), 'timezone').to.equal(true); // an invalid zone throws in the resolver
    expect(isFiniteNumber(c.leadTimeSeconds) && c.leadTimeSeconds > 0, 'leadTimeSeconds').to.equal(true);
    expect(c.message, 'message').to.be.a('string');
    expect(c.displayMode).to.be.oneOf(['overlay', 'push']);
    expect(isFiniteNumber(c.heightPx), 'heightPx').to.equal(true);
    expect(isFiniteNumber(c.priority), 'priority').to.equal(true);
    expect(optionalString(c.completionText), 'completionText').to.equal(true);
    expect(c.showConfetti === undefined || typeof c.showConfetti === 'boolean', 'showConfetti').to.equal(true);
    expect(c.progressFill === undefined || c.progressFill === null || ['none', 'drain'].includes(c.progressFill), 'progressFill').to.equal(true);
    for (const key of ['contentPadding', 'textScale', 'startingSoonSeconds', 'urgentSeconds', 'pulseSeconds'])
      expect(optionalNumber(c[key]), key).to.equal(true);
    expect(c.urgencyEnabled === undefined || typeof c.urgencyEnabled === 'boolean', 'urgencyEnabled').to.equal(true);
  } else if (entry.type === 'brand_bug') {
    expect(c.corner).to.be.oneOf(['top_left', 'top_right', 'bottom_left', 'bottom_right']);
    expect(optionalString(c.text), 'text').to.equal(true);
    expect(Boolean(c.imageAssetId) || (c.text ?? '').trim() !== '', 'a logo or text').to.equal(true);
    for (const key of ['widthPercent', 'textSizePercent', 'opacityPercent', 'marginPercent', 'priority']) expect(isFiniteNumber(c[key]), key).to.equal(true);
    expect(c.textColor).to.match(/^#[0-9a-fA-F]{6}$/);
    expect(c.backgroundStyle).to.be.oneOf(['none', 'scrim']);
    for (const key of ['startsAt', 'endsAt', 'imageAvailableFrom', 'imageExpiresAt']) expect(c[key] == null || isIsoInstant(c[key]), key).to.equal(true);
    if (c.imageAssetId) {
      // The logo is drawn from the cache, so it must be an exact variant the manifest lists.
      expect(c.imageVariantId, 'imageVariantId').to.be.a('string');
      expect(
        manifest.assets.some((a: any) => a.assetId === c.imageAssetId && a.variantId === c.imageVariantId),
        'logo variant in assets[]',
      ).to.equal(true);
    }
  } else if (entry.type === 'noise_meter') {
    for (const key of ['warningLevel', 'loudLevel', 'sensitivity', 'triggerHoldMs', 'clearHoldMs', 'heightPx'])
      expect(isFiniteNumber(c[key]), key).to.equal(true);
    expect(c.displayMode).to.be.oneOf(['overlay', 'push']);
    expect(optionalString(c.name) && optionalString(c.message), 'name/message').to.equal(true);
    // Absent means "off" to the player, so a server that stores history has to say so.
    expect(c.historyEnabled, 'historyEnabled').to.be.a('boolean');
    expect(c.historyRetentionDays, 'historyRetentionDays').to.be.a('number').within(1, 30);
    expect(c.historyActiveHoursOnly === undefined || typeof c.historyActiveHoursOnly === 'boolean', 'historyActiveHoursOnly').to.equal(true);
    if (c.scheduleEnabled === true) {
      expect(days(c.scheduleDaysOfWeek), 'scheduleDaysOfWeek').to.equal(true);
      expect(c.scheduleStartTime).to.match(/^\d{2}:\d{2}/);
      expect(c.scheduleEndTime).to.match(/^\d{2}:\d{2}/);
      expect(c.scheduleTimezone === undefined || validZone(c.scheduleTimezone), 'scheduleTimezone').to.equal(true);
    }
  }
}

for (const client of PLAYER_CLIENTS) {
  describe(`${client.name} on the wire: plugin entries and noise history`, () => {
    const wire = client.wire;
    let k: TestKernel | undefined;
    let owner: ConsoleSession;
    let screen: PairedScreen;
    const offered = new Set<string>();

    before(async function () {
      let optional: PluginDef[] = [];
      try {
        optional = (await import('../../plugins/index.js')).optionalPlugins;
      } catch {
        optional = [];
      }
      for (const p of optional) offered.add(p.name);
      if (!PLUGIN_CASES.some((c) => offered.has(c.path))) return this.skip();
      k = await bootTestKernel({ plugins: [...coreModules, ...optional] });
      owner = await setUpOwner(k);
      screen = await pairScreen(k, owner, { name: 'Plugin screen' });
    });
    after(() => k?.stop());

    const manifestOf = async () => (await wire(k!, 'GET', '/api/v1/player/manifest', { credential: screen.credential })).data;

    for (const pluginCase of PLUGIN_CASES) {
      it(`projects a ${pluginCase.type} instance into plugins[] the way the player reads it`, async function () {
        if (!offered.has(pluginCase.path)) return this.skip();
        await resetRateLimits(k!);
        const created = await consoleCall(k!, owner, 'POST', `/api/v1/plugins/${pluginCase.path}/instances`, pluginCase.body);
        expect(created.status, JSON.stringify(created.body)).to.equal(201);
        const manifest = await manifestOf();
        const entries = manifest.plugins.filter((p: any) => p.type === pluginCase.type);
        expect(entries, `${pluginCase.type} entries`).to.have.length.greaterThan(0);
        for (const entry of entries) checkEntryAsThePlayerReadsIt(entry, manifest);
      });
    }

    it('answers a heartbeat carrying pending noise history with noiseHistory.accepted', async function () {
      if (!offered.has('noise-meter')) return this.skip();
      const buckets = noiseBuckets(12);
      const res = await wire(k!, 'POST', '/api/v1/player/heartbeat', {
        credential: screen.credential,
        body: linuxHeartbeat({ noiseMeter: { status: 'active', currentLevel: 52, pendingHistory: buckets } }),
      });
      expect(res.status, JSON.stringify(res.error)).to.equal(200);
      // The player drops exactly this many of the oldest records it sent; absent keeps them queued.
      expect(res.data.noiseHistory?.accepted).to.equal(buckets.length);
      // A resend of the same slots (lost answer) is consumed again, not refused.
      const again = await wire(k!, 'POST', '/api/v1/player/heartbeat', {
        credential: screen.credential,
        body: linuxHeartbeat({ noiseMeter: { status: 'active', pendingHistory: buckets } }),
      });
      expect(again.data.noiseHistory?.accepted).to.equal(buckets.length);
    });

    // The player caches a brand bug logo before it activates the manifest, and draws it, only when
    // that exact variant (imageAssetId + imageVariantId) is listed in `assets[]`.
    it('lists a brand bug logo’s variant in assets[] and serves it', async function () {
      if (!offered.has('brand-bug')) return this.skip();
      const logo = await seedAsset(k!, { name: 'Crest' });
      await resetRateLimits(k!);
      const created = await consoleCall(k!, owner, 'POST', '/api/v1/plugins/brand-bug/instances', {
        ...PLUGIN_CASES[1]!.body,
        name: 'Crest logo',
        corner: 'bottom_left',
        imageAssetId: logo.id,
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const manifest = await manifestOf();
      const entry = manifest.plugins.find((p: any) => p.type === 'brand_bug' && p.config.imageAssetId === logo.id);
      checkEntryAsThePlayerReadsIt(entry, manifest);
      const asset = manifest.assets.find((a: any) => a.assetId === logo.id && a.variantId === entry.config.imageVariantId);
      const res = await wire(k!, 'GET', asset.downloadPath, { credential: screen.credential });
      expect([res.status, sha256(res.bytes)]).to.deep.equal([200, asset.sha256]);
    });
  });
}
