import { expect } from 'chai';
import sharp from 'sharp';
import { Type } from '@sinclair/typebox';
import { coreModules } from '../../core-modules/index.js';
import type { ConsoleEventsDeps } from '../../core-modules/console-events/console-events-deps.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { consoleCall, login, resetRateLimits, setUpOwner, OWNER, type ConsoleSession } from '../support/console-client.js';
import { makePng, makeVp9Webm } from '../support/media-files.js';
import { bearer, openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { uploadFile } from '../support/uploads.js';
import { eventually } from '../support/wait.js';
import { openConsoleSocket, refusedUpgrade, type ConsoleSocket } from './console-socket-client.js';

const ENV = { CONSOLE_EVENTS_SESSION_CHECK_MS: '200', SCREENS_CONTACT_FLUSH_MS: '50' };

describe('console events socket', () => {
  let web: TestKernel; // the process the console talks to
  let edge: TestKernel; // another web process on the same database (no jobs: files are in web's DATA_DIR): the players talk to it
  let elsewhere: TestKernel; // another installation: another organization
  let owner: ConsoleSession;
  let console_: ConsoleSocket;

  const statusOf = (screenId: string) => (m: Record<string, any>) => m.type === 'screen.status' && m.screenId === screenId;
  const heartbeat = (screen: PairedScreen) => playerCall(edge, screen.credential, 'POST', '/api/v1/player/heartbeat', { playerVersion: '2.4.0' });

  before(async () => {
    web = await bootTestKernel({ plugins: coreModules, env: ENV });
    edge = await bootTestKernel({ plugins: coreModules, env: ENV, databaseUrl: web.databaseUrl, role: 'web' });
    elsewhere = await bootTestKernel({ plugins: coreModules, env: ENV });
    owner = await setUpOwner(web);
  });
  after(async () => {
    await elsewhere?.stop();
    await edge?.stop();
    await web?.stop();
  });
  beforeEach(async () => {
    await resetRateLimits(web);
    console_ = await openConsoleSocket(web, owner);
  });
  afterEach(() => console_.ws.close());

  it('tells of each status change of a screen, not of each heartbeat: online, recent, offline', async () => {
    const screen = await pairScreen(web, owner, { name: 'Lobby' });
    expect((await heartbeat(screen)).status).to.equal(200);
    const first = await console_.next(statusOf(screen.screenId));
    expect(first).to.have.keys('type', 'screenId', 'status', 'lastContactAt');
    expect(first, 'its first heartbeat makes a paired screen recent').to.include({ status: 'recent' });
    expect(Date.parse(first.lastContactAt)).to.be.closeTo(Date.now(), 10_000);

    for (let i = 0; i < 3; i++) expect((await heartbeat(screen)).status).to.equal(200);
    const player = await openPlayerSocket(edge, screen.credential);
    await player.next('server.hello');
    await console_.next((m) => statusOf(screen.screenId)(m) && m.status === 'online');
    player.ws.close();
    await player.closed;
    await console_.next((m) => statusOf(screen.screenId)(m) && m.status === 'recent' && m !== first);
    expect(
      console_.messages.filter(statusOf(screen.screenId)).map((m) => m.status),
      'the heartbeats in between changed nothing',
    ).to.deep.equal(['recent', 'online', 'recent']);

    // Fifteen minutes without contact: the once-a-minute sweep finds it crossed into offline in the
    // last whole minute (tried again if a minute starts between the update and the sweep).
    const { screenStatusAnnouncer } = edge.containerOf('screens').cradle as ScreensDeps;
    const offline = await eventually(
      async () => {
        await web.db.raw(`UPDATE screen_status SET last_contact_at = date_trunc('minute', now()) - interval '15 minutes 30 seconds' WHERE screen_id = ?`, [
          screen.screenId,
        ]);
        await screenStatusAnnouncer.sweep();
        return console_.next((m) => statusOf(screen.screenId)(m) && m.status === 'offline', 1_000).catch(() => undefined);
      },
      (m) => m !== undefined,
      10_000,
    );
    expect(offline).to.deep.include({ screenId: screen.screenId, status: 'offline' });
    expect(Date.parse(offline!.lastContactAt)).to.be.below(Date.now() - 15 * 60_000);
  });

  it('tells of a screen disabled from the console', async () => {
    const screen = await pairScreen(web, owner, { name: 'Kiosk' });
    expect((await consoleCall(web, owner, 'POST', `/api/v1/screens/${screen.screenId}/disable`)).status).to.be.within(200, 204);
    expect(await console_.next(statusOf(screen.screenId))).to.deep.include({ status: 'disabled', lastContactAt: null });
  });

  it('tells every console of a change someone made, with its route and no ids; not of reads, refusals, previews or personal settings', async () => {
    const changes = () => console_.messages.filter((m) => m.type === 'resource.changed');
    // Another person's session, on the other process.
    const created = await consoleCall(edge, owner, 'POST', '/api/v1/playlists', { name: 'Announced' });
    expect(created.status).to.equal(201);
    expect(await console_.next((m) => m.type === 'resource.changed')).to.deep.equal({ type: 'resource.changed', method: 'POST', path: '/api/v1/playlists' });
    expect((await consoleCall(web, owner, 'PATCH', `/api/v1/playlists/${created.body.data.id}`, { description: 'x' })).status).to.equal(200);
    await console_.next((m) => m.type === 'resource.changed' && m.method === 'PATCH');

    const screen = await pairScreen(web, owner, { name: 'Previewed' });
    console_.messages.length = 0;
    expect((await consoleCall(web, owner, 'GET', '/api/v1/playlists')).status).to.equal(200);
    expect((await consoleCall(web, owner, 'PATCH', `/api/v1/playlists/${created.body.data.id}`, { name: '' })).status).to.equal(422);
    expect((await consoleCall(web, owner, 'POST', '/api/v1/schedules/preview', { screenId: screen.screenId })).status).to.equal(200);
    const prefs = (await consoleCall(web, owner, 'GET', '/api/v1/me/preferences')).body.data;
    expect((await consoleCall(web, owner, 'PATCH', '/api/v1/me/preferences', { revision: prefs.revision, values: {} })).status).to.equal(200);
    // A change after them: once it has arrived, anything they announced would have arrived before it.
    expect((await consoleCall(web, owner, 'DELETE', `/api/v1/playlists/${created.body.data.id}`)).status).to.equal(204);
    await console_.next((m) => m.type === 'resource.changed' && m.method === 'DELETE');
    expect(changes()).to.deep.equal([{ type: 'resource.changed', method: 'DELETE', path: '/api/v1/playlists/{id}' }]);
  });

  it('follows an uploaded image through processing to ready', async () => {
    const { res } = await uploadFile(web, owner, 'poster.png', await makePng(320, 200), 'image/png');
    expect(res.status).to.equal(200);
    const assetId = res.body.data.id as string;
    const processing = (m: Record<string, any>) => m.type === 'asset.processing' && m.assetId === assetId;
    await console_.next((m) => processing(m) && m.status === 'ready', 30_000);
    expect(console_.messages.filter(processing)).to.deep.equal(
      ['inspecting', 'processing', 'ready'].map((status) => ({ type: 'asset.processing', assetId, status, progress: null })),
    );
    expect((await consoleCall(web, owner, 'GET', `/api/v1/assets/${assetId}`)).body.data.processingStatus).to.equal('ready');
  });

  it('tells of a conversion’s progress, at most about once a second', async () => {
    const arrivals: { progress: number; at: number }[] = [];
    console_.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'asset.processing' && m.progress !== null) arrivals.push({ progress: m.progress, at: Date.now() });
    });
    const { res } = await uploadFile(web, owner, 'clip.webm', await makeVp9Webm(30), 'video/webm');
    expect(res.status).to.equal(200);
    const assetId = res.body.data.id as string;
    await console_.next((m) => m.type === 'asset.processing' && m.assetId === assetId && m.status === 'ready', 60_000);
    const statuses = console_.messages.filter((m) => m.type === 'asset.processing' && m.assetId === assetId && m.progress === null).map((m) => m.status);
    expect(statuses).to.deep.equal(['inspecting', 'processing', 'ready']);
    expect(arrivals[0]?.progress, 'the conversion starts at 0').to.equal(0);
    for (let i = 1; i < arrivals.length; i++) {
      expect(arrivals[i]!.progress).to.be.at.least(arrivals[i - 1]!.progress);
      expect(arrivals[i]!.at - arrivals[i - 1]!.at, 'a second apart, give or take delivery').to.be.at.least(800);
    }
  });

  it('tells of a preview a screen uploaded, with when it was captured', async () => {
    const screen = await pairScreen(web, owner, { name: 'Window' });
    expect((await consoleCall(web, owner, 'POST', `/api/v1/screens/${screen.screenId}/preview-session`, { forceCapture: true })).status).to.equal(200);
    const capturedAt = new Date(Date.now() - 1_000).toISOString();
    const form = new FormData();
    form.append('capturedAt', capturedAt);
    form.append('playerVersion', '2.4.0');
    const image = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    form.append('preview', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'preview.jpg');
    const uploaded = await edge.request('/api/v1/player/preview', { method: 'POST', headers: bearer(screen.credential), body: form });
    expect(uploaded.status).to.equal(204);
    expect(await console_.next((m) => m.type === 'screen.preview')).to.deep.equal({ type: 'screen.preview', screenId: screen.screenId, capturedAt });
  });

  it('refuses an upgrade without a session (401) or from another origin (403)', async () => {
    expect(await refusedUpgrade(openConsoleSocket(web, undefined))).to.deep.include({ status: 401 });
    const foreign = await refusedUpgrade(openConsoleSocket(web, owner, 'https://evil.example'));
    expect(foreign.status).to.equal(403);
    expect(foreign.body.error?.code).to.equal('origin_not_allowed');
    expect((await refusedUpgrade(openConsoleSocket(web, owner, null))).status, 'no Origin at all').to.equal(403);
    const forged = { ...owner, cookie: 'signage_session=not-a-session' };
    expect((await refusedUpgrade(openConsoleSocket(web, forged))).status).to.equal(401);
  });

  it('never carries another organization’s events', async () => {
    const theirOwner = await setUpOwner(elsewhere);
    const theirs = await openConsoleSocket(elsewhere, theirOwner);
    try {
      const screen = await pairScreen(web, owner, { name: 'Ours' });
      expect((await heartbeat(screen)).status).to.equal(200);
      await console_.next(statusOf(screen.screenId));
      const their = await pairScreen(elsewhere, theirOwner, { name: 'Theirs' });
      expect((await playerCall(elsewhere, their.credential, 'POST', '/api/v1/player/heartbeat', {})).status).to.equal(200);
      await theirs.next(statusOf(their.screenId));
      expect(theirs.messages.filter((m) => m.type !== 'resource.changed').map((m) => m.screenId ?? m.type)).to.deep.equal(['server.hello', their.screenId]);
      expect(console_.messages.some(statusOf(their.screenId))).to.equal(false);
    } finally {
      theirs.ws.close();
    }
  });

  it('closes the socket once its session is signed out, and takes no messages', async () => {
    const second = await login(web, OWNER.username, OWNER.password);
    const socket = await openConsoleSocket(web, second);
    expect((await consoleCall(web, second, 'POST', '/api/v1/auth/logout')).status).to.equal(204);
    expect(await socket.closed).to.deep.equal({ code: 1008, reason: 'session ended' });
    expect(console_.ws.readyState, 'the other session’s socket stays open').to.equal(console_.ws.OPEN);

    console_.ws.send(JSON.stringify({ type: 'hello' }));
    expect((await console_.closed).code).to.equal(1003);
  });

  it('documents the socket, its refusals and every message it carries', async () => {
    const doc = (await call(web, 'GET', '/api/v1/openapi.json')).body;
    const op = doc.paths['/api/v1/console/events'].get;
    expect(op.responses).to.include.keys('101', '401', '403');
    expect(op['x-access']).to.equal('signedIn');
    expect(op['x-server-messages'].map((m: { type: string }) => m.type)).to.deep.equal([
      'asset.processing',
      'content_submission.changed',
      'data_source.changed',
      'presentation_override.changed',
      'resource.changed',
      'screen.preview',
      'screen.status',
      'server.hello',
      'takeover.changed',
      'takeover.screen_state',
      'update_deployment.changed',
    ]);
    const status = op['x-server-messages'].find((m: { type: string }) => m.type === 'screen.status');
    expect(status.schema.required).to.deep.equal(['type', 'screenId', 'status', 'lastContactAt']);
  });
  it('sends an event published in a transaction only once it commits, never after a rollback', async () => {
    // Declared after the API document was built: the document test above is unaffected.
    const { consoleEvents } = web.containerOf('console-events').cradle as ConsoleEventsDeps;
    consoleEvents.declare({ type: 'test.note', module: 'test', fields: { n: Type.Integer() }, description: 'A test’s own event.' });
    const rolledBack = await web.db
      .transaction(async (trx) => {
        consoleEvents.publish('test.note', { n: 1 }, trx);
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    expect(rolledBack).to.equal('roll back');
    await web.db.transaction(async (trx) => {
      consoleEvents.publish('test.note', { n: 2 }, trx);
      await new Promise((r) => setTimeout(r, 200));
      expect(
        console_.messages.some((m) => m.type === 'test.note'),
        'not before the commit',
      ).to.equal(false);
    });
    await console_.next((m) => m.type === 'test.note');
    expect(console_.messages.filter((m) => m.type === 'test.note')).to.deep.equal([{ type: 'test.note', n: 2 }]);
    expect(() => consoleEvents.publish('test.note', { n: 'three' })).to.throw(/console event test.note is invalid/);
    expect(() => consoleEvents.publish('test.undeclared', {})).to.throw(/never declared/);
  });
  it('closes its sockets when the process stops hearing the hub, so consoles reconnect and refetch', async () => {
    const listeners = () =>
      web.db
        .raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'signage-server hub' AND datname = current_database()`)
        .then((r: { rows: { n: number }[] }) => r.rows[0]!.n);
    await web.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'signage-server hub' AND datname = current_database()`);
    expect(await console_.closed).to.deep.equal({ code: 1012, reason: 'events interrupted' });

    expect(await eventually(listeners, (n) => n === 2), 'both processes listen again').to.equal(2);
    const again = await openConsoleSocket(web, owner);
    try {
      const screen = await pairScreen(web, owner, { name: 'After the blip' });
      expect((await consoleCall(web, owner, 'POST', `/api/v1/screens/${screen.screenId}/disable`)).status).to.be.within(200, 204);
      expect(await again.next(statusOf(screen.screenId))).to.include({ status: 'disabled' });
    } finally {
      again.ws.close();
    }
  });
});
