import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { createPairingSession, deviceMetadata, identity, openPlayerSocket, pairScreen, playerCall, poll } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ALPHABET = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;
const CREDENTIAL = /^svc_device_[0-7][0-9a-hjkmnp-tv-z]{25}\.[A-Za-z0-9_-]{43}$/;
// Fast contact flushes; presence refreshes stay at their default (15 s) so that a socket closing
// within a second can only have been closed by the hub message, not by the presence sweep.
const ENV = { PLAYER_PING_INTERVAL_MS: '300', SCREENS_CONTACT_FLUSH_MS: '100' };

/**
 * One screen's whole life through HTTP and the socket, on two server processes sharing a database:
 * pairing, enrollment, heartbeats, presence, disable/enable, revoke, and pairing again.
 */
describe('a screen from pairing to revocation', () => {
  let a: TestKernel;
  let b: TestKernel;
  let owner: ConsoleSession;
  let locationId: string;
  const metadata = deviceMetadata();
  let session: Awaited<ReturnType<typeof createPairingSession>>;
  let screenId: string;
  let credential: string;

  before(async () => {
    a = await bootTestKernel({ plugins: coreModules, env: ENV });
    b = await bootTestKernel({ plugins: coreModules, databaseUrl: a.databaseUrl, env: ENV });
    owner = await setUpOwner(a);
    locationId = (await consoleCall(a, owner, 'POST', '/api/v1/locations', { name: 'Head office' })).body.data.id;
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });
  beforeEach(() => resetRateLimits(a));

  const screenOn = async (k: TestKernel) => (await consoleCall(k, owner, 'GET', `/api/v1/screens/${screenId}`)).body.data;
  const statusOn = async (k: TestKernel) => (await screenOn(k)).status as string;

  it('opens a pairing session for a player that checked the server identity', async () => {
    const id = await identity(a);
    expect(id.pairingEnabled).to.equal(true);
    const res = await call(a, 'POST', '/api/v1/player/pairing-sessions', { installationId: id.installationId, metadata });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const data = res.body.data;
    expect(data.code).to.match(ALPHABET);
    expect(data.pollSecret).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(data.pollingIntervalSeconds).to.equal(3);
    expect(data.organizationName).to.equal('Corner Café');
    expect(data.approvalUrl).to.match(new RegExp(`/screens/pair/${data.code}$`));
    const lifetime = Date.parse(data.expiresAt) - Date.parse(data.serverTime);
    expect(lifetime).to.be.within(599_000, 601_000);
    session = { ...data, metadata };

    const row = await a.db('screen_pairing_sessions').where({ id: data.id }).first();
    expect(row.code_hash).to.equal(sha256(data.code));
    expect(row.poll_secret_hash).to.equal(sha256(data.pollSecret));
    expect(JSON.stringify(row)).not.to.contain(data.pollSecret);
    expect(row.approximate_address).to.be.a('string');
  });

  it('answers polls with the Pairing secret only', async () => {
    expect((await poll(a, session.id, session.pollSecret)).body.data).to.deep.include({ status: 'pending' });
    const none = await call(a, 'GET', `/api/v1/player/pairing-sessions/${session.id}`);
    expect([none.status, none.body.error.code]).to.deep.equal([401, 'pairing_secret_required']);
    const bearer = await call(a, 'GET', `/api/v1/player/pairing-sessions/${session.id}`, undefined, { authorization: `Bearer ${session.pollSecret}` });
    expect([bearer.status, bearer.body.error.code]).to.deep.equal([401, 'pairing_secret_required']);
    const wrong = await poll(a, session.id, `${session.pollSecret.slice(0, -2)}xx`);
    expect([wrong.status, wrong.body.error.code]).to.deep.equal([401, 'device_credential_invalid']);
    const unknown = await poll(a, randomUUID(), session.pollSecret);
    expect([unknown.status, unknown.body.error.code]).to.deep.equal([404, 'pairing_not_found']);
  });

  it('lets a console user find the request by its code in lower case with a dash', async () => {
    const typed = `${session.code.slice(0, 3)}-${session.code.slice(3)}`.toLowerCase();
    const res = await consoleCall(a, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: ` ${typed} ` });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.deep.include({
      id: session.id,
      status: 'pending',
      previouslyPaired: false,
      hasActiveCredential: false,
      pairingMode: 'new_screen',
    });
    expect(res.body.data.metadata).to.deep.include({
      playerInstallationId: metadata.playerInstallationId,
      model: 'Linux x64',
      androidVersion: metadata.androidVersion,
    });
    const bad = await consoleCall(a, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: 'O0I1LL' });
    expect([bad.status, bad.body.error.code]).to.deep.equal([422, 'invalid_pairing_code']);
    const missing = await consoleCall(a, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: session.code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ' });
    expect([missing.status, missing.body.error?.code]).to.deep.equal([404, 'pairing_not_found']);
  });

  it('creates the screen on approval', async () => {
    const res = await consoleCall(a, owner, 'POST', `/api/v1/screens/pairing/${session.id}/approve`, {
      name: '  Lobby  ',
      locationId,
      roomName: 'Entrance',
      roomNumber: '0.01',
      description: 'By the door',
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    screenId = res.body.data.id;
    expect(res.body.data).to.deep.include({
      name: 'Lobby',
      locationId,
      location: 'Head office',
      roomName: 'Entrance',
      roomNumber: '0.01',
      description: 'By the door',
      platform: 'linux',
      deviceManufacturer: 'lobby-pc',
      deviceModel: 'Linux x64',
      androidVersion: metadata.androidVersion,
      playerVersion: '1.4.2',
      screenWidth: 1920,
      screenHeight: 1080,
      locale: 'en_US',
      timezone: 'Europe/Berlin',
      enabled: true,
      hasActiveCredential: false,
    });
    const again = await consoleCall(a, owner, 'POST', `/api/v1/screens/pairing/${session.id}/approve`, { name: 'Lobby' });
    expect(again.body.data.id, 'a repeated approval answers with the same screen').to.equal(screenId);
  });

  it('hands the enrollment token to the first poll after approval, once', async () => {
    const first = await poll(a, session.id, session.pollSecret);
    expect(first.body.data).to.deep.include({ status: 'claimed', screenId });
    expect(first.body.data.enrollmentToken).to.match(/^[A-Za-z0-9_-]{43}$/);
    const second = await poll(a, session.id, session.pollSecret);
    expect(second.body.data).to.deep.include({ status: 'claimed', screenId });
    expect(second.body.data).not.to.have.property('enrollmentToken');
    (session as any).enrollmentToken = first.body.data.enrollmentToken;
    const row = await a.db('screen_pairing_sessions').where({ id: session.id }).first();
    expect(row.enrollment_token_hash).to.equal(sha256(first.body.data.enrollmentToken));
  });

  it('enrolls once, returning a credential that is stored only as a hash', async () => {
    const token = (session as any).enrollmentToken as string;
    const wrong = await call(a, 'POST', '/api/v1/player/enroll', { pairingSessionId: session.id, enrollmentToken: `${token}x` });
    expect([wrong.status, wrong.body.error.code]).to.deep.equal([401, 'device_credential_invalid']);

    const res = await call(a, 'POST', '/api/v1/player/enroll', { pairingSessionId: session.id, enrollmentToken: token });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.data).to.deep.include({ screenId, screenName: 'Lobby' });
    credential = res.body.data.deviceCredential;
    expect(credential).to.match(CREDENTIAL);
    const [publicId, secret] = credential.slice('svc_device_'.length).split('.') as [string, string];

    const again = await call(a, 'POST', '/api/v1/player/enroll', { pairingSessionId: session.id, enrollmentToken: token });
    expect([again.status, again.body.error.code]).to.deep.equal([409, 'enrollment_already_used']);

    const row = await a.db('screen_credentials').where({ public_id: publicId }).first();
    expect(row).to.deep.include({ screen_id: screenId, secret_hash: sha256(secret), revoked_at: null });
    for (const table of ['screen_credentials', 'screen_pairing_sessions', 'screen_player_history', 'audit_log', 'screens']) {
      expect(JSON.stringify(await a.db(table).select()), table).not.to.contain(secret);
    }
    expect(JSON.stringify(a.logs)).not.to.contain(secret);
    const history = await consoleCall(a, owner, 'GET', `/api/v1/screens/${screenId}/player-history`);
    expect(history.body.data.total).to.equal(1);
    expect(history.body.data.items[0]).to.deep.include({
      installationId: metadata.playerInstallationId,
      pairingMode: 'new_screen',
      credentialId: row.id,
    });
    expect(history.body.data.items[0]).to.not.have.property('retiredAt');
    expect((await screenOn(a)).hasActiveCredential).to.equal(true);
  });

  it('takes heartbeats: a bad playback id is dropped, a bad command id refused, unknown fields kept', async () => {
    const playlistId = randomUUID();
    const res = await playerCall(a, credential, 'POST', '/api/v1/player/heartbeat', {
      playerVersion: '1.5.0',
      playerVersionCode: 10500,
      uptimeSeconds: 3600,
      screenWidth: 0, // some displays report 0x0: ignored, not refused
      screenHeight: 0,
      currentItemId: 'layout-item-1',
      currentPlaylistId: playlistId,
      lastCommandId: null,
      airplaySupported: false,
      nativePresentationCapabilities: { 'layout.box': 1 },
      noiseMeter: { status: 'normal', currentLevel: 41.5 },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.deep.equal({ accepted: true, ignoredFields: ['currentItemId'] });

    const badCommand = await playerCall(a, credential, 'POST', '/api/v1/player/heartbeat', { lastCommandId: 'command-7' });
    expect([badCommand.status, badCommand.body.error.code]).to.deep.equal([422, 'validation_failed']);
    expect(new Set(badCommand.body.error.details.fields.map((f: any) => f.field))).to.deep.equal(new Set(['body/lastCommandId']));
    const badType = await playerCall(a, credential, 'POST', '/api/v1/player/heartbeat', { screenWidth: 'wide' });
    expect(badType.status).to.equal(422);
    const snakeCase = await playerCall(a, credential, 'POST', '/api/v1/player/heartbeat', { not_a_protocol_field: 1 });
    expect(snakeCase.status).to.equal(422);

    const screen = await screenOn(a);
    expect(screen.status).to.equal('recent');
    const row = await eventually(
      () => a.db('screen_status').where({ screen_id: screenId }).first(),
      (r) => r.last_heartbeat_at !== null,
    );
    expect(await a.db('screens').where({ id: screenId }).first()).to.deep.include({
      player_version: '1.5.0',
      player_version_code: 10500,
      screen_width: 1920,
      screen_height: 1080,
    });
    expect(Number(row.uptime_seconds)).to.equal(3600);
    expect(row.last_heartbeat).to.deep.include({ currentPlaylistId: playlistId, airplaySupported: false });
    expect(row.last_heartbeat).not.to.have.property('currentItemId');
    expect(await statusOn(b), 'the other process reads the flushed contact').to.equal('recent');
  });

  it('takes liveness with an empty body', async () => {
    const res = await playerCall(a, credential, 'POST', '/api/v1/player/liveness', {});
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ accepted: true });
    const withBody = await playerCall(a, credential, 'POST', '/api/v1/player/liveness', { uptime: 1 });
    expect(withBody.status).to.equal(400);
  });

  it('greets, pings and counts the socket as online on every server process', async () => {
    const socket = await openPlayerSocket(a, credential);
    try {
      expect(await socket.next('server.hello')).to.deep.equal({ type: 'server.hello', protocolVersion: 1, screenId, screenName: 'Lobby' });
      socket.send({ type: 'player.hello', protocolVersion: 1, playerVersion: '1.5.0' });
      const ping = await socket.next('server.ping');
      expect(Date.parse(ping.timestamp)).to.be.closeTo(Date.now(), 5_000);
      socket.send({ type: 'player.pong', timestamp: new Date().toISOString() });
      socket.send({ type: 'player.status', protocolVersion: 1, playerVersion: '1.5.1', payload: { playerVersion: '1.5.1', currentItemId: 'x' } });
      expect(await statusOn(a)).to.equal('online');
      expect(await statusOn(b), 'presence lives in the database, not in one process').to.equal('online');
      const listed = await consoleCall(b, owner, 'GET', '/api/v1/screens?status=online');
      expect(listed.body.data.items.map((s: any) => s.id)).to.deep.equal([screenId]);
      await eventually(
        () => a.db('screens').where({ id: screenId }).first(),
        (r) => r.player_version === '1.5.1',
      );
      expect(socket.ws.readyState, 'an invalid status payload does not close the socket').to.equal(socket.ws.OPEN);
    } finally {
      socket.ws.close();
      await socket.closed;
    }
    expect(
      await eventually(
        () => statusOn(b),
        (s) => s === 'recent',
      ),
    ).to.equal('recent');
    expect(await statusOn(a)).to.equal('recent');
    const screen = await screenOn(a);
    expect(screen.lastConnectedAt).to.be.a('string');
    expect(screen.lastDisconnectedAt).to.be.a('string');
  });

  it('disables: players get 403 screen_disabled and the socket closes with 1008; enable restores', async () => {
    const socket = await openPlayerSocket(a, credential);
    await socket.next('server.hello');
    const started = Date.now();
    expect((await consoleCall(b, owner, 'POST', `/api/v1/screens/${screenId}/disable`)).status).to.equal(204);
    const { code } = await socket.closed;
    expect(code).to.equal(1008);
    expect(Date.now() - started).to.be.below(2_000);
    const onB = await playerCall(b, credential, 'POST', '/api/v1/player/heartbeat', {});
    expect([onB.status, onB.body.error.code]).to.deep.equal([403, 'screen_disabled']);
    const onA = await eventually(
      () => playerCall(a, credential, 'POST', '/api/v1/player/heartbeat', {}),
      (r) => r.status === 403,
      1_000,
    );
    expect([onA.status, onA.body.error.code]).to.deep.equal([403, 'screen_disabled']);
    const refused = await openPlayerSocket(a, credential).catch((e) => e);
    expect([refused.status, refused.body.error.code]).to.deep.equal([403, 'screen_disabled']);
    expect(await statusOn(a)).to.equal('disabled');

    expect((await consoleCall(a, owner, 'POST', `/api/v1/screens/${screenId}/enable`)).status).to.equal(204);
    expect((await playerCall(a, credential, 'POST', '/api/v1/player/liveness')).status).to.equal(200);
    expect(await statusOn(a)).to.equal('recent');
  });

  it('revokes for good from the other process: 401 device_credential_revoked and the socket closes at once', async () => {
    const socket = await openPlayerSocket(a, credential);
    await socket.next('server.hello');
    const started = Date.now();
    const res = await consoleCall(b, owner, 'POST', `/api/v1/screens/${screenId}/revoke`, { reason: 'stolen' });
    expect(res.status).to.equal(204);
    expect((await socket.closed).code).to.equal(1008);
    expect(Date.now() - started).to.be.below(2_000);
    const onB = await playerCall(b, credential, 'POST', '/api/v1/player/heartbeat', {});
    expect([onB.status, onB.body.error.code], 'at once on the process that revoked').to.deep.equal([401, 'device_credential_revoked']);
    // Process a caches working credentials; the database tells it of the revocation on commit,
    // which under load can land a moment after the socket close did.
    const onA = await eventually(
      () => playerCall(a, credential, 'POST', '/api/v1/player/heartbeat', {}),
      (r) => r.status === 401,
      1_000,
    );
    expect([onA.status, onA.body.error.code]).to.deep.equal([401, 'device_credential_revoked']);
    expect(await statusOn(a)).to.equal('revoked');
    const row = await a.db('screen_credentials').where({ screen_id: screenId }).first();
    expect(row.revocation_reason).to.equal('stolen');
    const audit = await a.db('audit_log').where({ action: 'screen.revoked', resource_id: screenId }).first();
    expect(audit.actor_id).to.equal(owner.userId);
  });

  it('pairs the same player again onto the same screen', async () => {
    const again = await createPairingSession(a, metadata);
    const resolved = await consoleCall(a, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: again.code });
    expect(resolved.body.data).to.deep.include({
      previouslyPaired: true,
      existingScreenId: screenId,
      existingScreenName: 'Lobby',
      hasActiveCredential: false,
      pairingMode: 'credential_repair',
    });
    // The credential is revoked, so no replaceExistingCredential is needed.
    const approved = await consoleCall(a, owner, 'POST', `/api/v1/screens/pairing/${again.id}/approve`, { name: 'Lobby again' });
    expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
    expect(approved.body.data.id).to.equal(screenId);
    const claimed = await poll(a, again.id, again.pollSecret);
    const enrolled = await call(a, 'POST', '/api/v1/player/enroll', { pairingSessionId: again.id, enrollmentToken: claimed.body.data.enrollmentToken });
    expect(enrolled.body.data).to.deep.include({ screenId, screenName: 'Lobby again' });
    expect((await playerCall(a, enrolled.body.data.deviceCredential, 'POST', '/api/v1/player/liveness')).status).to.equal(200);
    expect((await screenOn(a)).status).to.equal('recent');
  });
});

describe('pairing a player that still has a working credential', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { SCREENS_CONTACT_FLUSH_MS: '100' } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('requires replaceExistingCredential, keeps the screen id, and revokes the old credential and its socket', async () => {
    const metadata = deviceMetadata();
    const first = await pairScreen(k, owner, { name: 'Cafeteria', metadata });
    const oldSocket = await openPlayerSocket(k, first.credential);
    await oldSocket.next('server.hello');

    const again = await createPairingSession(k, { ...metadata, playerVersion: '2.0.0' });
    const refused = await consoleCall(k, owner, 'POST', `/api/v1/screens/pairing/${again.id}/approve`, { name: 'Cafeteria' });
    expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'pairing_recovery_required']);
    const resolved = await consoleCall(k, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: again.code });
    expect(resolved.body.data).to.deep.include({ previouslyPaired: true, existingScreenId: first.screenId, hasActiveCredential: true });

    const approved = await consoleCall(k, owner, 'POST', `/api/v1/screens/pairing/${again.id}/approve`, { name: 'Cafeteria', replaceExistingCredential: true });
    expect(approved.body.data.id).to.equal(first.screenId);
    expect(approved.body.data.playerVersion).to.equal('2.0.0');
    const claimed = await poll(k, again.id, again.pollSecret);
    expect((await playerCall(k, first.credential, 'POST', '/api/v1/player/liveness')).status, 'the old credential works until enrollment').to.equal(200);
    const enrolled = await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: again.id, enrollmentToken: claimed.body.data.enrollmentToken });
    expect(enrolled.status).to.equal(201);
    expect(enrolled.body.data.screenId).to.equal(first.screenId);
    expect(enrolled.body.data.deviceCredential).not.to.equal(first.credential);

    expect((await oldSocket.closed).code).to.equal(1008);
    const old = await playerCall(k, first.credential, 'POST', '/api/v1/player/liveness');
    expect([old.status, old.body.error.code]).to.deep.equal([401, 'device_credential_revoked']);
    expect((await playerCall(k, enrolled.body.data.deviceCredential, 'POST', '/api/v1/player/liveness')).status).to.equal(200);

    const history = (await consoleCall(k, owner, 'GET', `/api/v1/screens/${first.screenId}/player-history`)).body.data;
    expect(history.total).to.equal(2);
    expect(history.items[0]).to.deep.include({ pairingMode: 'credential_repair', playerVersion: '2.0.0' });
    expect(history.items[0]).to.not.have.property('retiredAt');
    expect(history.items[1].retiredAt).to.be.a('string');
    expect(await k.db('screens').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
  });

  it('moves a screen onto new hardware, keeping its id', async () => {
    const old = await pairScreen(k, owner, { name: 'Gym' });
    const replacement = await pairScreen(k, owner, { name: 'ignored', approval: { replaceHardware: true, replacementScreenId: old.screenId } });
    expect(replacement.screenId).to.equal(old.screenId);
    expect(replacement.screenName).to.equal('Gym');
    const gone = await playerCall(k, old.credential, 'POST', '/api/v1/player/liveness');
    expect(gone.body.error.code).to.equal('device_credential_revoked');
    const row = await k.db('screens').where({ id: old.screenId }).first();
    expect(row.player_installation_id).to.equal(replacement.playerInstallationId);
    const history = (await consoleCall(k, owner, 'GET', `/api/v1/screens/${old.screenId}/player-history`)).body.data.items;
    expect(history.map((h: any) => [h.pairingMode, h.installationId, h.retiredAt === undefined])).to.deep.equal([
      ['hardware_replacement', replacement.playerInstallationId, true],
      ['new_screen', old.playerInstallationId, false],
    ]);
  });
});
