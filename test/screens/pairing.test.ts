import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { createPairingSession, deviceMetadata, identity, pairScreen, poll } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

describe('pairing rules', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const sessions: Record<string, ConsoleSession> = {};

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    for (const role of ['administrator', 'editor', 'contributor', 'viewer']) {
      await consoleCall(k, owner, 'POST', '/api/v1/users', { name: role, username: role, password: 'a long enough password', role });
      sessions[role] = await login(k, role, 'a long enough password');
    }
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const approve = (by: ConsoleSession, id: string, body: Record<string, unknown> = { name: 'Hall' }) =>
    consoleCall(k, by, 'POST', `/api/v1/screens/pairing/${id}/approve`, body);

  it('refuses a player set up for another server, and pairing when it is turned off', async () => {
    const mismatch = await call(k, 'POST', '/api/v1/player/pairing-sessions', { installationId: randomUUID(), metadata: deviceMetadata() });
    expect([mismatch.status, mismatch.body.error.code]).to.deep.equal([409, 'installation_identity_mismatch']);
    await k.db('organization').update({ pairing_enabled: false });
    try {
      const { installationId } = await identity(k);
      const off = await call(k, 'POST', '/api/v1/player/pairing-sessions', { installationId, metadata: deviceMetadata() });
      expect([off.status, off.body.error.code]).to.deep.equal([403, 'pairing_disabled']);
    } finally {
      await k.db('organization').update({ pairing_enabled: true });
    }
  });

  it('checks the metadata bounds', async () => {
    const { installationId } = await identity(k);
    for (const bad of [
      { screenWidth: 0 },
      { screenHeight: 16385 },
      { density: 0.4 },
      { model: '' },
      { model: '   ' },
      { locale: 'x'.repeat(121) },
      { playerInstallationId: 'not-a-uuid' },
    ]) {
      const res = await call(k, 'POST', '/api/v1/player/pairing-sessions', { installationId, metadata: deviceMetadata(bad) });
      expect(res.status, JSON.stringify(bad)).to.equal(422);
    }
    const newer = await call(k, 'POST', '/api/v1/player/pairing-sessions', { installationId, metadata: deviceMetadata({ hdrSupported: true }) });
    expect(newer.status, 'an unknown metadata field from a newer player is tolerated').to.equal(201);
  });

  it('supersedes an earlier session of the same player installation', async () => {
    const metadata = deviceMetadata();
    const first = await createPairingSession(k, metadata);
    const second = await createPairingSession(k, metadata);
    expect((await poll(k, first.id, first.pollSecret)).body.data).to.deep.include({ status: 'expired', failureReason: 'superseded' });
    expect((await poll(k, second.id, second.pollSecret)).body.data.status).to.equal('pending');
    const stale = await approve(owner, first.id);
    expect(stale.status).to.equal(409);
  });

  it('expires a session after its lifetime: polls say expired, the console gets 410', async () => {
    const s = await createPairingSession(k);
    await k
      .db('screen_pairing_sessions')
      .where({ id: s.id })
      .update({ expires_at: k.db.raw(`now() - interval '1 second'`) });
    const resolved = await consoleCall(k, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: s.code });
    expect([resolved.status, resolved.body.error.code]).to.deep.equal([410, 'pairing_expired']);
    expect((await approve(owner, s.id)).body.error.code).to.equal('pairing_expired');
    expect((await poll(k, s.id, s.pollSecret)).body.data).to.deep.include({ status: 'expired' });
  });

  it('lets an administrator reject a request; the player learns why', async () => {
    const s = await createPairingSession(k);
    const res = await consoleCall(k, sessions.administrator!, 'POST', `/api/v1/screens/pairing/${s.id}/reject`, { reason: 'Not one of ours' });
    expect(res.status).to.equal(204);
    expect((await poll(k, s.id, s.pollSecret)).body.data).to.deep.include({ status: 'rejected', failureReason: 'Not one of ours' });
    expect((await approve(owner, s.id)).status).to.equal(409);
    expect((await consoleCall(k, owner, 'POST', `/api/v1/screens/pairing/${s.id}/reject`, {})).body.error.code).to.equal('state_conflict');
  });

  it('lets any signed-in user resolve a code but only administrators approve or reject', async () => {
    const s = await createPairingSession(k);
    expect((await consoleCall(k, sessions.viewer!, 'POST', '/api/v1/screens/pairing/resolve', { code: s.code })).status).to.equal(200);
    for (const role of ['editor', 'viewer']) {
      const approved = await approve(sessions[role]!, s.id);
      expect([approved.status, approved.body.error.code], role).to.deep.equal([403, 'insufficient_role']);
      expect((await consoleCall(k, sessions[role]!, 'POST', `/api/v1/screens/pairing/${s.id}/reject`, {})).status, role).to.equal(403);
    }
    expect((await approve(sessions.administrator!, s.id)).status).to.equal(200);
  });

  // The player's IP address is for those who may pair it; the field stays, null, as the console reads it.
  for (const [role, seesAddress] of [
    ['owner', true],
    ['administrator', true],
    ['editor', false],
    ['contributor', false],
    ['viewer', false],
  ] as const) {
    it(`gives the role ${role} ${seesAddress ? 'the player’s address' : 'no address for the player'} when it resolves a code`, async () => {
      const s = await createPairingSession(k);
      const resolved = await consoleCall(k, role === 'owner' ? owner : sessions[role]!, 'POST', '/api/v1/screens/pairing/resolve', { code: s.code });
      expect(resolved.status).to.equal(200);
      const { approximate_address } = await k.db('screen_pairing_sessions').where({ id: s.id }).first('approximate_address');
      expect(approximate_address).to.be.a('string').and.not.be.empty;
      if (seesAddress) expect(resolved.body.data.metadata).to.have.property('approximateAddress', approximate_address);
      else expect(resolved.body.data.metadata).to.not.have.property('approximateAddress');
      expect(resolved.body.data.metadata).to.include({ model: s.metadata.model });
    });
  }

  it('lists the requests waiting for an administrator, newest first, for the console’s badge', async () => {
    const ids = async (by = owner) => {
      const res = await consoleCall(k, by, 'GET', '/api/v1/screens/pairing/pending');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.total).to.equal(res.body.data.items.length);
      return res.body.data.items.map((r: any) => r.id);
    };
    const before = await ids();
    const older = await createPairingSession(k);
    const approved = await createPairingSession(k);
    const rejected = await createPairingSession(k);
    const expired = await createPairingSession(k);
    expect((await approve(owner, approved.id)).status).to.equal(200);
    expect((await consoleCall(k, owner, 'POST', `/api/v1/screens/pairing/${rejected.id}/reject`, { reason: 'not ours' })).status).to.equal(204);
    await k
      .db('screen_pairing_sessions')
      .where({ id: expired.id })
      .update({ expires_at: k.db.raw(`now() - interval '1 second'`) });
    const listed = (await ids()).filter((id: string) => !before.includes(id));
    expect(listed, 'approved and not yet picked up still waits; rejected and expired do not').to.deep.equal([approved.id, older.id]);
    const [first] = (await consoleCall(k, sessions.administrator!, 'GET', '/api/v1/screens/pairing/pending')).body.data.items;
    expect(first.metadata.approximateAddress, 'administrators see where it asked from').to.be.a('string');
    for (const role of ['editor', 'contributor', 'viewer']) {
      expect((await consoleCall(k, sessions[role]!, 'GET', '/api/v1/screens/pairing/pending')).status, role).to.equal(403);
    }
    expect((await call(k, 'GET', '/api/v1/screens/pairing/pending')).status).to.equal(401);
  });

  it('validates approvals: name, location, and the exclusive repair modes', async () => {
    const s = await createPairingSession(k);
    expect((await approve(owner, s.id, { name: ' x ' })).status).to.equal(422);
    const short = await approve(owner, s.id, { name: 'x' });
    expect([short.status, short.body.error.details.fields[0].field], 'the schema says so').to.deep.equal([422, 'body/name']);
    const noLocation = await approve(owner, s.id, { name: 'Hall', locationId: randomUUID() });
    expect([noLocation.status, noLocation.body.error.code]).to.deep.equal([422, 'location_not_found']);
    const both = await approve(owner, s.id, { name: 'Hall', replaceHardware: true, replaceExistingCredential: true, replacementScreenId: randomUUID() });
    expect([both.status, both.body.error.code]).to.deep.equal([409, 'state_conflict']);
    const noTarget = await approve(owner, s.id, { replaceHardware: true, replacementScreenId: randomUUID() });
    expect([noTarget.status, noTarget.body.error.code]).to.deep.equal([404, 'screen_not_found']);
    expect((await approve(owner, randomUUID())).body.error.code).to.equal('pairing_not_found');
  });

  it('refuses enrollment before the claim, with an unknown session, and after the enrollment window', async () => {
    const s = await createPairingSession(k);
    const early = await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: s.id, enrollmentToken: 'x'.repeat(43) });
    expect([early.status, early.body.error.code]).to.deep.equal([404, 'pairing_not_found']);
    await approve(owner, s.id);
    const unclaimed = await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: s.id, enrollmentToken: 'x'.repeat(43) });
    expect([unclaimed.status, unclaimed.body.error.code]).to.deep.equal([409, 'enrollment_already_used']);
    const claimed = await poll(k, s.id, s.pollSecret);
    await k
      .db('screen_pairing_sessions')
      .where({ id: s.id })
      .update({ claimed_at: k.db.raw(`now() - interval '11 minutes'`) });
    const late = await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: s.id, enrollmentToken: claimed.body.data.enrollmentToken });
    expect([late.status, late.body.error.code]).to.deep.equal([410, 'pairing_expired']);
    const unknown = await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: randomUUID(), enrollmentToken: 'x' });
    expect(unknown.status).to.equal(404);
  });

  it('limits unauthenticated pairing and enrollment to 10 a minute per address', async () => {
    const { installationId } = await identity(k);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call(k, 'POST', '/api/v1/player/pairing-sessions', { installationId, metadata: deviceMetadata() })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).to.equal(true);
    expect(statuses[10]).to.equal(429);
    const enrolls: number[] = [];
    for (let i = 0; i < 11; i++)
      enrolls.push((await call(k, 'POST', '/api/v1/player/enroll', { pairingSessionId: randomUUID(), enrollmentToken: 'x' })).status);
    expect(enrolls[9]).to.equal(404);
    expect(enrolls[10]).to.equal(429);
  });

  it('limits code lookups to 30 per 10 minutes per address and user', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await consoleCall(k, sessions.viewer!, 'POST', '/api/v1/screens/pairing/resolve', { code: 'ZZZZ-ZZ' })).status;
    expect(last).to.equal(429);
    expect(
      (await consoleCall(k, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: 'ZZZZ-ZZ' })).status,
      'another user has their own budget',
    ).not.to.equal(429);
  });

  it('purges sessions that expired more than a day ago (screens.purge-pairing-sessions)', async () => {
    const old = await createPairingSession(k);
    const recent = await createPairingSession(k);
    await k
      .db('screen_pairing_sessions')
      .where({ id: old.id })
      .update({ expires_at: k.db.raw(`now() - interval '25 hours'`) });
    await k
      .db('screen_pairing_sessions')
      .where({ id: recent.id })
      .update({ expires_at: k.db.raw(`now() - interval '23 hours'`) });
    await (k.containerOf('screens').cradle as ScreensDeps).jobs.send('screens.purge-pairing-sessions', {});
    const ids = await eventually(
      async () => (await k.db('screen_pairing_sessions').select('id')).map((r) => r.id),
      (rows) => !rows.includes(old.id),
      10_000,
    );
    expect(ids).not.to.include(old.id);
    expect(ids).to.include(recent.id);
  });

  it('keeps screens of approved sessions when the sessions are purged', async () => {
    const paired = await pairScreen(k, owner, { name: 'Kept' });
    await k
      .db('screen_pairing_sessions')
      .where({ id: paired.pairingSessionId })
      .update({ expires_at: k.db.raw(`now() - interval '2 days'`) });
    expect(await (k.containerOf('screens').cradle as ScreensDeps).pairingSessionsRepository.purgeExpired(1)).to.be.at.least(1);
    expect((await consoleCall(k, owner, 'GET', `/api/v1/screens/${paired.screenId}`)).status).to.equal(200);
  });
});
