import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import sharp from 'sharp';
import WebSocket from 'ws';
import { coreModules } from '../../core-modules/index.js';
import { PlayerApi, PlayerApiError, PlayerNetworkError, type PairingMetadata } from '../../browser-player/src/protocol/api.js';
import { CommandRunner } from '../../browser-player/src/protocol/commands.js';
import { isSameServer, pairUntilEnrolled, type PairingCode } from '../../browser-player/src/protocol/pairing.js';
import { activityEvent } from '../../browser-player/src/protocol/activity-events.js';
import { MemoryPlayQueue, Reporter } from '../../browser-player/src/protocol/reports.js';
import { PlayerSocketClient, type SocketConstructor } from '../../browser-player/src/protocol/socket.js';
import type { ServerMessage } from '../../browser-player/src/wire/messages.js';
import type { PlaybackSnapshot } from '../../browser-player/src/seams.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/** What the browser player sends when it asks to pair (browser-metadata.ts builds it in a page). */
const browserMetadata = (): PairingMetadata => ({
  playerInstallationId: crypto.randomUUID(),
  platform: 'web',
  manufacturer: 'Google Inc.',
  model: 'Linux x86_64',
  androidVersion: 'Chromium 131',
  playerVersion: '0.1.0',
  screenWidth: 1920,
  screenHeight: 1080,
  density: 1,
  locale: 'en-GB',
  timezone: 'Europe/London',
});

/** A port nothing listens on: requests to it fail as they do with the network down. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('browser player protocol against the server', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const admin = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const fast = { sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 20))) };

  /** Pairs through the player's own pairing loop while an administrator approves its code in the console. */
  async function pair(name: string) {
    const api = new PlayerApi({ baseUrl: k.url });
    const codes: PairingCode[] = [];
    const enrolled = pairUntilEnrolled(api, browserMetadata(), {
      ...fast,
      onCode: (c) => {
        codes.push(c);
        void (async () => {
          const resolved = await admin('POST', '/api/v1/screens/pairing/resolve', { code: c.code });
          const approved = await admin('POST', `/api/v1/screens/pairing/${resolved.body.data.id}/approve`, { name });
          expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
        })();
      },
    });
    const result = await enrolled;
    api.setCredential(result.credential);
    return { api, codes, ...result };
  }

  async function assignNewPlaylist(screenId: string) {
    const image = await seedImage(k, 'Menu');
    const created = await admin('POST', '/api/v1/playlists', { name: `browser ${crypto.randomUUID().slice(0, 6)}` });
    const item = await admin('POST', `/api/v1/playlists/${created.body.data.id}/items`, { assetId: image.id, durationMs: 8000 });
    expect(item.status, JSON.stringify(item.body)).to.equal(201);
    await publishPlaylist(k, owner, created.body.data.id);
    const assigned = await admin('PUT', `/api/v1/screens/${screenId}/playlist-assignment`, { playlistId: created.body.data.id });
    expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
    return { playlistId: created.body.data.id as string, itemId: item.body.data.id as string, assetId: image.id };
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PLAYER_PING_INTERVAL_MS: '250', SCREENS_CONTACT_FLUSH_MS: '100' } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('pairs: shows a code and the console’s approval link, and enrolls once an administrator approves it', async () => {
    const { codes, credential, screenId, screenName, installationId } = await pair('Reception');
    expect(codes).to.have.length(1);
    expect(codes[0]!.code).to.match(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(codes[0]!.approvalUrl).to.contain(codes[0]!.code);
    expect(credential).to.match(/^svc_device_/);
    expect(screenName).to.equal('Reception');
    expect(installationId).to.equal((await (await fetch(`${k.url}/api/v1/system/identity`)).json()).data.installationId);
    const screen = await admin('GET', `/api/v1/screens/${screenId}`);
    expect(screen.body.data).to.include({ platform: 'web', androidVersion: 'Chromium 131' });
  });

  it('starts a new session (a new code) when the administrator rejects the first', async () => {
    const api = new PlayerApi({ baseUrl: k.url });
    const codes: string[] = [];
    const enrolled = await pairUntilEnrolled(api, browserMetadata(), {
      ...fast,
      onCode: (c) => {
        codes.push(c.code);
        void (async () => {
          const { body } = await admin('POST', '/api/v1/screens/pairing/resolve', { code: c.code });
          if (codes.length === 1) await admin('POST', `/api/v1/screens/pairing/${body.data.id}/reject`, { reason: 'not this one' });
          else await admin('POST', `/api/v1/screens/pairing/${body.data.id}/approve`, { name: 'Second try' });
        })();
      },
    });
    expect(codes).to.have.length(2);
    expect(codes[1]).not.to.equal(codes[0]);
    expect(enrolled.screenName).to.equal('Second try');
  });

  it('waits out an unreachable server while pairing, then pairs; knows its server again by installation id', async () => {
    let offline = true;
    const dead = await deadUrl();
    const api = new PlayerApi({ baseUrl: k.url, fetch: (input, init) => fetch(offline ? String(input).replace(k.url, dead) : input, init) });
    const waits: number[] = [];
    const enrolled = await pairUntilEnrolled(api, browserMetadata(), {
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 2) offline = false;
      },
      onCode: (c) => {
        expect(offline).to.equal(false);
        void (async () => {
          const { body } = await admin('POST', '/api/v1/screens/pairing/resolve', { code: c.code });
          await admin('POST', `/api/v1/screens/pairing/${body.data.id}/approve`, { name: 'Patient screen' });
        })();
      },
    });
    // A backoff (at least half the 2 s base), not a busy retry.
    expect(waits[0]).to.be.at.least(1000);
    expect(enrolled.screenName).to.equal('Patient screen');
    expect(await isSameServer(api, enrolled.installationId)).to.equal(true);
    expect(await isSameServer(api, crypto.randomUUID())).to.equal(false);
    offline = true;
    expect(await isSameServer(api, enrolled.installationId)).to.equal(undefined);
  });

  it('tells a revoked credential from a disabled screen (after a 1008 close, the player asks which)', async () => {
    const { api, screenId } = await pair('State screen');
    expect(await api.credentialState()).to.equal('valid');
    await admin('POST', `/api/v1/screens/${screenId}/disable`);
    expect(await api.credentialState()).to.equal('disabled');
    await admin('POST', `/api/v1/screens/${screenId}/enable`);
    await admin('POST', `/api/v1/screens/${screenId}/revoke`, { reason: 'replaced' });
    expect(await api.credentialState()).to.equal('lost');
  });

  it('fetches the manifest and the config, then revalidates both with their ETags (304 → undefined)', async () => {
    const { api, screenId } = await pair('Manifest screen');
    await assignNewPlaylist(screenId);
    const manifest = await api.manifest();
    expect(manifest!.manifest.screenId).to.equal(screenId);
    expect(manifest!.manifest.playlist?.items).to.have.length(1);
    expect(manifest!.etag).to.match(/^"/);
    expect(await api.manifest(manifest!.etag)).to.equal(undefined);
    const config = await api.config();
    expect(config!.config.playback.defaultImageDurationSeconds).to.be.a('number');
    expect(config!.config.sync.statusReportSeconds).to.be.a('number');
    expect(await api.config(config!.etag)).to.equal(undefined);
  });

  it('tells an error answer from no answer: PlayerApiError with the server’s code, PlayerNetworkError when unreachable', async () => {
    const wrong = new PlayerApi({ baseUrl: k.url, credential: 'svc_device_nope.nope' });
    const refused = await wrong.manifest().catch((e) => e);
    expect(refused).to.be.instanceOf(PlayerApiError);
    expect([refused.status, refused.code]).to.deep.equal([401, 'device_credential_invalid']);
    const unreachable = await new PlayerApi({ baseUrl: await deadUrl() }).identity().catch((e) => e);
    expect(unreachable).to.be.instanceOf(PlayerNetworkError);
  });

  describe('the socket, authenticated by subprotocol', () => {
    const open = (protocols: string[]) =>
      new Promise<{ ws: WebSocket; protocol: string }>((resolve, reject) => {
        const ws = new WebSocket(`${k.url.replace(/^http/, 'ws')}/api/v1/player/socket`, protocols);
        ws.once('open', () => resolve({ ws, protocol: ws.protocol }));
        ws.once('unexpected-response', (_req, res) => {
          let body = '';
          res
            .on('data', (c) => (body += c))
            .on('end', () => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body) })));
        });
        ws.once('error', reject);
      });

    it('accepts the credential as bearer.<credential> and answers with signage.player.v1 only', async () => {
      const { credential } = await pair('Socket screen');
      const { ws, protocol } = await open(['signage.player.v1', `bearer.${credential}`]);
      expect(protocol).to.equal('signage.player.v1');
      const hello = await new Promise<Record<string, unknown>>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
      expect(hello.type).to.equal('server.hello');
      ws.terminate();
      expect(JSON.stringify(k.logs)).not.to.contain(credential.split('.')[1]);
    });

    it('refuses a wrong credential with the same 401 as over HTTP, and a credential offered without signage.player.v1', async () => {
      const { credential } = await pair('Refused socket');
      const wrong = await open(['signage.player.v1', `bearer.${credential.split('.')[0]}.${'A'.repeat(43)}`]).catch((e) => e);
      expect([wrong.status, wrong.body.error.code]).to.deep.equal([401, 'device_credential_invalid']);
      const bare = await open([`bearer.${credential}`]).catch((e) => e);
      expect([bare.status, bare.body.error.code]).to.deep.equal([401, 'device_credential_required']);
    });

    it('still takes the stock players’ Authorization: Bearer', async () => {
      const { credential } = await pair('Stock socket');
      const ws = new WebSocket(`${k.url.replace(/^http/, 'ws')}/api/v1/player/socket`, { headers: { authorization: `Bearer ${credential}` } });
      const hello = await new Promise<Record<string, unknown>>((resolve, reject) => {
        ws.once('message', (d) => resolve(JSON.parse(String(d))));
        ws.once('error', reject);
      });
      expect(hello.type).to.equal('server.hello');
      expect(ws.protocol).to.equal('');
      ws.terminate();
    });

    it('the player’s client says hello, hears manifest.changed on a change, and gives up on a revoke (1008)', async () => {
      const { credential, screenId } = await pair('Live screen');
      const messages: ServerMessage[] = [];
      const states: boolean[] = [];
      let revoked = 0;
      const client = new PlayerSocketClient({
        url: new PlayerApi({ baseUrl: k.url }).socketUrl(),
        credential,
        WebSocket: WebSocket as unknown as SocketConstructor,
        playerVersion: '0.1.0',
        onMessage: (m) => messages.push(m),
        onRevoked: () => revoked++,
        onStateChange: (o) => states.push(o),
      });
      client.start();
      try {
        await eventually(
          () => states,
          (s) => s.includes(true),
        );
        // player.hello was taken: the server measured the player's clock from its timestamp.
        await eventually(
          () => messages.filter((m) => m.type === 'server.ping').length,
          (n) => n >= 2,
        );
        expect(
          client.sendStatus(
            new Reporter(new PlayerApi({ baseUrl: k.url }), { snapshot: idle, playerVersion: '0.1.0', queue: new MemoryPlayQueue() }).heartbeat(),
          ),
        ).to.equal(true);
        await assignNewPlaylist(screenId);
        const changed = await eventually(
          () => messages.find((m) => m.type === 'manifest.changed'),
          (m) => m !== undefined,
        );
        expect(changed).to.have.property('manifestVersion').that.is.a('number');
        expect((await admin('POST', `/api/v1/screens/${screenId}/revoke`, { reason: 'stolen' })).status).to.equal(204);
        await eventually(
          () => revoked,
          (n) => n === 1,
        );
        expect(states.at(-1)).to.equal(false);
        expect(client.isOpen).to.equal(false);
      } finally {
        client.stop();
      }
    });
  });

  const idle = (): PlaybackSnapshot => ({ playbackState: 'idle', selectionSource: 'none' });

  it('runs each command once, reports its result, and fails a type it has no handler for', async () => {
    const { api, screenId } = await pair('Command screen');
    let synced = 0;
    const runner = new CommandRunner(api, {
      sync_now: async () => {
        synced++;
        return { success: true, code: 'synced' };
      },
    });
    const sync = await admin('POST', `/api/v1/screens/${screenId}/commands`, { type: 'sync_now' });
    const identify = await admin('POST', `/api/v1/screens/${screenId}/commands`, { type: 'identify_screen', payload: { durationSeconds: 15 } });
    expect([sync.status, identify.status]).to.deep.equal([202, 202]);
    await Promise.all([runner.poll(), runner.poll(), runner.poll()]);
    await runner.poll();
    expect(synced).to.equal(1);
    const history = (await admin('GET', `/api/v1/screens/${screenId}/commands`)).body.data.items as Record<string, unknown>[];
    const byId = new Map(history.map((c) => [c.id, c]));
    expect(byId.get(sync.body.data.id)).to.include({ state: 'succeeded', resultCode: 'synced' });
    expect(byId.get(identify.body.data.id)).to.include({ state: 'failed', resultCode: 'unsupported_command' });
    expect(runner.lastCommandId).to.be.oneOf([sync.body.data.id, identify.body.data.id]);
  });

  it('reloads for restart_player_process only once the server has its result, so the command never runs again after the reload', async () => {
    const { api, screenId } = await pair('Restart screen');
    let reloads = 0;
    let resultsRefused = 1;
    // The first result upload is lost (the network drops): the page must not reload yet.
    const flaky = Object.assign(Object.create(api), {
      result: (...args: Parameters<typeof api.result>) => {
        if (resultsRefused-- > 0) return Promise.reject(new TypeError('Failed to fetch'));
        return api.result(...args);
      },
    }) as typeof api;
    const runner = new CommandRunner(flaky, {
      restart_player_process: async () => ({ success: true, afterReported: () => reloads++ }),
    });
    const restart = await admin('POST', `/api/v1/screens/${screenId}/commands`, { type: 'restart_player_process' });
    expect(restart.status).to.equal(202);
    await runner.poll().catch(() => undefined);
    expect(reloads).to.equal(0);
    await runner.poll();
    expect(reloads).to.equal(1);
    const history = (await admin('GET', `/api/v1/screens/${screenId}/commands`)).body.data.items as Record<string, unknown>[];
    expect(history.find((c) => c.id === restart.body.data.id)).to.include({ state: 'succeeded' });
    await runner.poll();
    expect(reloads).to.equal(1);
  });

  it('sends heartbeats with what plays (the screen’s stored heartbeat names the item, playlist and manifest) and telemetry', async () => {
    const { api, screenId } = await pair('Heartbeat screen');
    const { playlistId, itemId, assetId } = await assignNewPlaylist(screenId);
    const manifestVersion = (await api.manifest())!.manifest.manifestVersion;
    const reporter = new Reporter(api, {
      snapshot: () => ({
        playbackState: 'playing',
        selectionSource: 'direct',
        activeManifestVersion: manifestVersion,
        currentPlaylistId: playlistId,
        currentItemId: itemId,
        currentAssetId: assetId,
      }),
      playerVersion: '0.1.0',
      queue: new MemoryPlayQueue(),
    });
    await reporter.report();
    const status = await eventually(
      () => k.db('screen_status').where({ screen_id: screenId }).first(),
      (r) => r?.last_heartbeat?.currentItemId === itemId,
    );
    expect(status.last_heartbeat).to.include({
      currentPlaylistId: playlistId,
      currentAssetId: assetId,
      playbackState: 'playing',
      activeManifestVersion: manifestVersion,
    });
    expect((await admin('GET', `/api/v1/screens/${screenId}`)).body.data.playerVersion).to.equal('0.1.0');
    // The telemetry sample sent beside it was taken as the screen's latest.
    expect((await k.db('screen_telemetry').where({ screen_id: screenId }).first())?.sample).to.include({ currentItemId: itemId, rendererState: 'playing' });
  });

  it('keeps plays recorded while the server is unreachable and delivers each exactly once when it is back', async () => {
    const { credential, screenId } = await pair('Offline screen');
    const dead = await deadUrl();
    let offline = true;
    const api = new PlayerApi({
      baseUrl: k.url,
      credential,
      fetch: (input, init) => fetch(offline ? String(input).replace(k.url, dead) : input, init),
    });
    const queue = new MemoryPlayQueue();
    const reporter = new Reporter(api, { snapshot: idle, playerVersion: '0.1.0', queue });
    const play = async (i: number, completed = true) => {
      const startedAt = new Date(Date.now() - (10 - i) * 10_000);
      const session = { id: crypto.randomUUID(), kind: 'item' as const, playlistItemId: crypto.randomUUID(), startedAt: startedAt.toISOString() };
      const ended = {
        at: new Date(startedAt.getTime() + 8000).toISOString(),
        reason: completed ? ('expected_item_boundary' as const) : ('renderer_failure' as const),
      };
      await queue.push([activityEvent({ session }), activityEvent({ session, ended })]);
      await reporter.flush();
    };
    await play(1);
    await play(2, false);
    await play(3);
    expect(await queue.peek(200)).to.have.length(6);
    offline = false;
    await reporter.flush();
    expect(await queue.peek(200)).to.have.length(0);
    await reporter.flush();
    const stored = await k.db('activity_events').where({ screen_id: screenId }).orderBy('sequence');
    expect(stored.map((e) => e.event_type)).to.deep.equal([
      'content.started',
      'content.completed',
      'content.started',
      'content.failed',
      'content.started',
      'content.completed',
    ]);
  });

  it('uploads a live preview frame once the console opens a preview, and a status when it cannot capture', async () => {
    const { api, screenId } = await pair('Preview screen');
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 960, height: 540, channels: 3, background: '#305070' } })
        .jpeg()
        .toBuffer(),
    );
    let frame: Uint8Array | undefined = jpeg;
    const reporter = new Reporter(api, { snapshot: idle, playerVersion: '0.1.0', queue: new MemoryPlayQueue(), capture: async () => frame });
    reporter.start(3600);
    try {
      expect((await admin('POST', `/api/v1/screens/${screenId}/preview-session`, { forceCapture: true })).status).to.equal(200);
      reporter.previewChanged();
      await eventually(
        async () => (await admin('GET', `/api/v1/screens/${screenId}/preview`)).body.data,
        (p) => p?.status === 'available',
      );
      frame = undefined;
      await admin('POST', `/api/v1/screens/${screenId}/preview-session`, { forceCapture: true });
      reporter.previewChanged();
      await eventually(
        async () => (await admin('GET', `/api/v1/screens/${screenId}/preview`)).body.data,
        (p) => p?.status === 'unavailable',
      );
    } finally {
      reporter.stop();
    }
  });

  it('keeps one capture loop when the console renews the preview while a frame is being taken', async () => {
    const { api, screenId } = await pair('Renewed preview screen');
    expect((await admin('POST', `/api/v1/screens/${screenId}/preview-session`, { forceCapture: true })).status).to.equal(200);
    // The server's 20 s capture interval, shortened so a second loop would show within the test.
    const session = await api.previewSession();
    api.previewSession = async () => ({ ...session, captureIntervalSeconds: 1, captureNow: true });
    const uploads: string[] = [];
    const upload = api.uploadPreview.bind(api);
    api.uploadPreview = async (u) => {
      await upload(u);
      uploads.push(u.capturedAt);
    };
    // Each capture waits until the test lets it finish.
    const pending: ((jpeg: Uint8Array | undefined) => void)[] = [];
    const reporter = new Reporter(api, {
      snapshot: idle,
      playerVersion: '0.1.0',
      queue: new MemoryPlayQueue(),
      capture: () => new Promise((resolve) => pending.push(resolve)),
    });
    reporter.start(3600);
    try {
      await eventually(
        () => pending.length,
        (n) => n === 1,
      );
      // The console renews its lease (preview.session_changed) while the first frame is being taken.
      reporter.previewChanged();
      await eventually(
        () => pending.length,
        (n) => n === 2,
      );
      pending[0]!(undefined);
      await eventually(
        () => uploads.length,
        (n) => n === 1,
      );
      // The first loop, had it gone on, would ask for a frame a second after its upload; only the
      // second loop may, and it is still taking its frame.
      expect(
        await eventually(
          () => pending.length,
          (n) => n > 2,
          2_500,
        ),
      ).to.equal(2);
      pending[1]!(undefined);
      await eventually(
        () => pending.length,
        (n) => n === 3,
      );
    } finally {
      reporter.stop();
      for (const resolve of pending) resolve(undefined);
    }
  });

  it('drops an event the server refuses without holding back the others', async () => {
    const { api, screenId } = await pair('Refused event screen');
    const queue = new MemoryPlayQueue();
    const reporter = new Reporter(api, { snapshot: idle, playerVersion: '0.1.0', queue });
    // Ten years ago: outside the window the server takes.
    await queue.push([
      { id: crypto.randomUUID(), eventType: 'content.completed', occurredAt: new Date(Date.now() - 3650 * 86_400_000).toISOString(), durationMs: 1000 },
    ]);
    const session = { id: crypto.randomUUID(), kind: 'item' as const, startedAt: new Date(Date.now() - 5000).toISOString() };
    await queue.push([activityEvent({ session }), activityEvent({ session, ended: { at: new Date().toISOString(), reason: 'expected_item_boundary' } })]);
    await reporter.flush();
    expect(await queue.peek(200)).to.have.length(0);
    expect(await k.db('activity_events').where({ screen_id: screenId }).count('* as n').first()).to.deep.equal({ n: 2 });
  });
});
