import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { openConsoleSocket } from '../console-events/console-socket-client.js';
import { CreatedUpdateDeployment, UpdateDeploymentDetail, UpdateDeploymentList } from '../fixtures/console-types/update-deployments.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { expectConsoleShape } from '../support/console-contract.js';
import { bearer, deviceMetadata, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { releaseSigner, signedRelease, uploadRelease, type ReleaseSigner, type SignedRelease } from '../support/player-release-fixtures.js';
import { dependencyClosure } from '../support/module-boundaries.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { CodehostServer } from '../support/codehost-server.js';

// The module and what it builds on: booting the other features too would double the file's time.
const needs = dependencyClosure(coreModules)('update-deployments');
const MODULES = coreModules.filter((m) => m.name === 'update-deployments' || needs.has(m.name));

const OLD = 400;
const NEW = 500;
const SETTLED = { uptimeSeconds: 600 };

/** Update deployments as the reference's console starts them and its players follow them (heartbeats posted directly). */
describe('update deployments', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let release: SignedRelease;
  let releaseId: string;
  /** A release the codehost lists, recorded on check but not downloaded: not deployable. */
  let uncached: string;
  let codehost: CodehostServer;
  let signer: ReleaseSigner;
  /** Ten Linux players on the old build: the canary scenario's fleet. */
  let fleet: PairedScreen[];
  let spare: PairedScreen;
  let tv: PairedScreen;
  let fresh: PairedScreen;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const heartbeat = (s: PairedScreen, playerVersionCode: number, extra: Record<string, unknown> = SETTLED) =>
    playerCall(k, s.credential, 'POST', '/api/v1/player/heartbeat', { playerVersion: `1.${playerVersionCode}.0`, playerVersionCode, ...extra });
  const report = (s: PairedScreen, deploymentId: string, body: Record<string, unknown>) =>
    playerCall(k, s.credential, 'POST', `/api/v1/player/update-deployments/${deploymentId}/status`, body);
  const updateCommands = async (s: PairedScreen) =>
    ((await playerCall(k, s.credential, 'GET', '/api/v1/player/commands')).body.data.items as any[]).filter((c) => c.type === 'install_player_update');
  const detail = async (id: string) => {
    const res = await api('GET', `/api/v1/update-deployments/${id}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expectConsoleShape(res.body.data, UpdateDeploymentDetail, 'GET /update-deployments/{id}');
    return res.body.data;
  };
  const list = async () => {
    const res = await api('GET', '/api/v1/update-deployments');
    expectConsoleShape(res.body.data, UpdateDeploymentList, 'GET /update-deployments');
    return res.body.data;
  };
  const stateOf = async (id: string) => new Map<string, string>((await detail(id)).screens.map((s: any) => [s.screenId, s.state]));
  const create = (body: Record<string, unknown>) =>
    api('POST', '/api/v1/update-deployments', { releaseId, name: 'Spring build', mode: 'install_now', ...body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expectConsoleShape(res.body.data, CreatedUpdateDeployment, 'POST /update-deployments');
    return res.body.data;
  };
  const flushContact = () => (k.containerOf('screens').cradle as ScreensDeps).contactBuffer.flush();
  const pair = async (name: string, platform = 'linux') => {
    await resetRateLimits(k);
    return pairScreen(k, owner, { name, metadata: deviceMetadata({ platform }) });
  };

  before(async () => {
    signer = releaseSigner();
    codehost = await new CodehostServer().start();
    k = await bootTestKernel({ plugins: MODULES, env: { ...codehost.env(), UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey } });
    owner = await setUpOwner(k);
    release = signedRelease(signer, { platform: 'linux', versionCode: NEW, artifact: 64 * 1024 });
    const uploaded = await uploadRelease(k, owner, release.files);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(201);
    releaseId = uploaded.body.data.id;
    // Listed later on the codehost (uploads must be newer than what is held).
    const listed = signedRelease(signer, { platform: 'linux', versionCode: NEW + 20 });
    codehost.publish(listed);
    expect((await api('POST', '/api/v1/player-releases/check')).status).to.equal(200);
    uncached = (await api('GET', '/api/v1/player-releases')).body.data.items.find((r: any) => r.versionCode === NEW + 20).id;
    fleet = [];
    for (let i = 1; i <= 10; i++) fleet.push(await pair(`Player ${String(i).padStart(2, '0')}`));
    spare = await pair('Spare');
    tv = await pair('Lounge TV', 'android');
    fresh = await pair('Fresh');
    for (const s of [...fleet, spare, tv]) expect((await heartbeat(s, OLD)).status).to.equal(200);
    expect((await heartbeat(fresh, NEW + 1)).status).to.equal(200);
    await flushContact();
  });
  beforeEach(() => resetRateLimits(k));
  after(async () => {
    await k?.stop();
    await codehost?.stop();
  });

  it('rolls out behind a canary: failed canaries pause it, retried ones settle and promote it, and it completes when every screen settles', async () => {
    const watching = await openConsoleSocket(k, owner);
    try {
      const deployment = await created({ screenIds: fleet.map((s) => s.screenId), canarySize: 3 });
      expect(deployment).to.include({ status: 'active', rolloutMode: 'canary', rolloutPhase: 'canary', canarySize: 3, targetCount: 10, versionCode: NEW });
      expect(deployment.apkSizeBytes).to.equal(release.artifact.length);

      const byId = [...fleet].sort((a, b) => a.screenId.localeCompare(b.screenId));
      const [first, second, third] = byId;
      const rest = byId.slice(3);
      const screens = (await detail(deployment.id)).screens as any[];
      expect(screens.filter((s) => s.isCanary).map((s) => s.screenId)).to.have.members([first!.screenId, second!.screenId, third!.screenId]);
      expect(screens.filter((s) => !s.isCanary).every((s) => s.state === 'held')).to.equal(true);

      // The canaries get the command with the reference's payload; the held screens get nothing yet.
      const [command] = await updateCommands(first!);
      expect(command.payload).to.deep.equal({
        deploymentId: deployment.id,
        releaseId,
        expectedVersionCode: NEW,
        expectedApkSha256: release.artifactSha256,
        expectedArtifactSha256: release.artifactSha256,
        installationMode: 'install_now',
      });
      for (const s of rest) expect(await updateCommands(s)).to.deep.equal([]);

      // The first canary downloads, installs and comes back on the new build.
      const meta = await playerCall(k, first!.credential, 'GET', `/api/v1/player/updates/${releaseId}`);
      expect(meta.body.data).to.deep.include({
        releaseId,
        platform: 'linux',
        versionCode: NEW,
        artifactSizeBytes: release.artifact.length,
        artifactSha256: release.artifactSha256,
        artifactPath: `/api/v1/player/updates/${releaseId}/artifact`,
      });
      for (const state of ['downloading', 'downloaded', 'verifying', 'ready', 'installing', 'reconnecting']) {
        expect((await report(first!, deployment.id, { state, downloadedBytes: release.artifact.length, error: '' })).body.data).to.deep.equal({ state });
      }
      expect((await heartbeat(first!, NEW)).status).to.equal(200);
      expect((await stateOf(deployment.id)).get(first!.screenId)).to.equal('succeeded');

      // Two canaries fail: the rollout pauses at the first, and consoles hear of it.
      expect((await report(second!, deployment.id, { state: 'failed', downloadedBytes: 0, error: 'Signature check failed' })).status).to.equal(200);
      await watching.next((m) => m.type === 'update_deployment.changed' && m.deploymentId === deployment.id && m.status === 'paused');
      expect((await report(third!, deployment.id, { state: 'failed', downloadedBytes: 0, error: 'No space left' })).status).to.equal(200);
      let now = await detail(deployment.id);
      expect(now).to.include({ status: 'paused', rolloutPhase: 'paused', failedCount: 2, succeededCount: 1 });
      expect(now.pauseReason).to.be.a('string').and.not.be.empty;
      const failing = (await list()).items.find((d: any) => d.id === deployment.id);
      expect(['Signature check failed', 'No space left']).to.include(failing.lastFailure);
      for (const s of rest) expect(await updateCommands(s)).to.deep.equal([]);

      // Only a failed screen can be retried; each retry sends the command again.
      expect(errorOf(await api('POST', `/api/v1/update-deployments/${deployment.id}/screens/${first!.screenId}/retry`))).to.deep.equal([
        409,
        'update_retry_not_allowed',
      ]);
      for (const s of [second!, third!]) {
        const retried = await api('POST', `/api/v1/update-deployments/${deployment.id}/screens/${s.screenId}/retry`);
        expect(retried.status).to.equal(202);
        expect(['pending', 'offline']).to.include(retried.body.data.state);
        expect(await updateCommands(s)).to.have.length(2);
      }
      expect((await detail(deployment.id)).status, 'still paused until the canaries settle').to.equal('paused');

      // The retried canaries settle: the rollout moves past its canary and the held screens get the command.
      expect((await heartbeat(second!, NEW, { uptimeSeconds: 30 })).status).to.equal(200);
      expect((await stateOf(deployment.id)).get(second!.screenId), 'too soon after the restart').not.to.equal('succeeded');
      for (const s of [second!, third!]) await heartbeat(s, NEW);
      now = await detail(deployment.id);
      expect(now).to.include({ status: 'active', rolloutPhase: 'full' });
      expect(now).not.to.have.property('pauseReason');
      for (const s of rest) {
        expect(['pending', 'offline']).to.include((now.screens as any[]).find((x) => x.screenId === s.screenId).state);
        expect(await updateCommands(s)).to.have.length(1);
      }

      // Every other screen settles: the deployment completes.
      for (const s of rest.slice(0, -1)) await heartbeat(s, NEW);
      expect((await detail(deployment.id)).status).to.equal('active');
      await heartbeat(rest.at(-1)!, NEW);
      now = await detail(deployment.id);
      expect(now).to.include({ status: 'completed', rolloutPhase: 'completed', succeededCount: 10, failedCount: 0 });
      expect(now.completedAt).to.be.a('string');
      const listed = (await list()).items.find((d: any) => d.id === deployment.id);
      expect(listed).to.include({ status: 'completed', targetCount: 10, succeededCount: 10 });

      const audit = await k.db('audit_log').where({ resource_id: deployment.id }).orderBy('id').select('action');
      expect(audit.map((a) => a.action)).to.deep.equal(['update_deployment.created', 'update_deployment.screen_retried', 'update_deployment.screen_retried']);
    } finally {
      watching.ws.close();
    }
  });

  it('serves the artifact with Range to a targeted screen only, on both paths, and the release facts only to it', async () => {
    const deployment = await created({ screenIds: [spare.screenId] });
    const whole = await k.request(`/api/v1/player/updates/${releaseId}/artifact`, { headers: bearer(spare.credential) });
    expect(whole.status).to.equal(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(release.artifact)).to.equal(true);
    const part = await k.request(`/api/v1/player/updates/${releaseId}/apk`, { headers: { ...bearer(spare.credential), range: 'bytes=100-1123' } });
    expect(part.status).to.equal(206);
    expect(part.headers.get('content-range')).to.equal(`bytes 100-1123/${release.artifact.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(release.artifact.subarray(100, 1124))).to.equal(true);
    // Resumed as the stock players resume: If-Range with the reference's validator.
    const resumed = await k.request(`/api/v1/player/updates/${releaseId}/artifact`, {
      headers: { ...bearer(spare.credential), range: `bytes=${release.artifact.length - 10}-`, 'if-range': `"sha256-${release.artifactSha256}"` },
    });
    expect(resumed.status).to.equal(206);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(release.artifact.subarray(-10))).to.equal(true);
    const head = await k.request(`/api/v1/player/updates/${releaseId}/artifact`, { method: 'HEAD', headers: bearer(spare.credential) });
    expect([head.status, head.headers.get('content-length')]).to.deep.equal([200, String(release.artifact.length)]);

    // A screen no running deployment of the release targets.
    const other = fleet[0]!;
    const refused = await playerCall(k, other.credential, 'GET', `/api/v1/player/updates/${releaseId}/artifact`);
    expect(errorOf(refused)).to.deep.equal([403, 'player_update_not_targeted']);
    expect(errorOf(await playerCall(k, other.credential, 'GET', `/api/v1/player/updates/${releaseId}`))).to.deep.equal([404, 'player_update_not_found']);

    // Once cancelled, the spare is no longer targeted either.
    expect((await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`)).status).to.equal(200);
    expect(errorOf(await playerCall(k, spare.credential, 'GET', `/api/v1/player/updates/${releaseId}/apk`))).to.deep.equal([403, 'player_update_not_targeted']);
  });

  it('refuses a release that is not verified and cached, bad input and targets without an eligible screen, creating nothing', async () => {
    const before = (await list()).total;
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect(errorOf(await create({ releaseId: unknown, screenIds: [spare.screenId] }))).to.deep.equal([422, 'player_release_not_verified']);
    expect(errorOf(await create({ releaseId: uncached, screenIds: [spare.screenId] })), 'listed, not downloaded').to.deep.equal([
      422,
      'player_release_not_verified',
    ]);
    expect(errorOf(await create({ name: '   ', screenIds: [spare.screenId] }))).to.deep.equal([422, 'update_deployment_invalid']);
    expect(errorOf(await create({ screenIds: [], groupIds: [] }))).to.deep.equal([422, 'update_deployment_invalid']);
    expect(errorOf(await create({ mode: 'maintenance_window', screenIds: [spare.screenId] }))).to.deep.equal([422, 'update_deployment_invalid']);
    expect(
      errorOf(await create({ mode: 'maintenance_window', maintenanceWindowStart: new Date(Date.now() - 60_000).toISOString(), screenIds: [spare.screenId] })),
    ).to.deep.equal([422, 'update_deployment_invalid']);
    expect(errorOf(await create({ screenIds: [spare.screenId], canarySize: 51 }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await create({ screenIds: [unknown] }))).to.deep.equal([422, 'update_target_required']);
    expect(errorOf(await create({ screenIds: [tv.screenId] })), 'only an Android screen for a Linux release').to.deep.equal([422, 'update_target_required']);
    expect((await list()).total).to.equal(before);
  });

  it('marks a screen of another platform incompatible and one already on the version already current; neither gets the command', async () => {
    const window = new Date(Date.now() + 3_600_000).toISOString();
    const deployment = await created({ mode: 'maintenance_window', maintenanceWindowStart: window, screenIds: [spare.screenId, tv.screenId, fresh.screenId] });
    const states = await stateOf(deployment.id);
    expect(states.get(tv.screenId)).to.equal('incompatible');
    expect(states.get(fresh.screenId)).to.equal('already_current');
    expect(['pending', 'offline']).to.include(states.get(spare.screenId));
    expect(await updateCommands(tv)).to.deep.equal([]);
    expect(await updateCommands(fresh)).to.deep.equal([]);
    const [command] = (await updateCommands(spare)).filter((c) => c.payload.deploymentId === deployment.id);
    expect(command.payload).to.include({ installationMode: 'maintenance_window', maintenanceWindowStart: window });
    // The incompatible screen may not report on it, nor download it.
    expect(errorOf(await report(tv, deployment.id, { state: 'downloading', downloadedBytes: 0 }))).to.deep.equal([409, 'update_deployment_cancelled']);
    expect(errorOf(await playerCall(k, tv.credential, 'GET', `/api/v1/player/updates/${releaseId}/artifact`))).to.deep.equal([
      403,
      'player_update_not_targeted',
    ]);
    await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`);
  });

  it('tells an Android player the APK facts its installer checks, with the /apk path it downloads from', async () => {
    const apk = signedRelease(signer, { platform: 'android', versionCode: NEW, artifact: 2048 });
    const uploaded = await uploadRelease(k, owner, apk.files);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(201);
    const deployment = await created({ releaseId: uploaded.body.data.id, screenIds: [tv.screenId, spare.screenId] });
    expect(await stateOf(deployment.id)).to.satisfy((m: Map<string, string>) => m.get(spare.screenId) === 'incompatible');
    const meta = (await playerCall(k, tv.credential, 'GET', `/api/v1/player/updates/${uploaded.body.data.id}`)).body.data;
    expect(meta).to.deep.include({
      platform: 'android',
      versionCode: NEW,
      applicationId: apk.manifest.applicationId,
      minimumSdk: apk.manifest.minimumSdk,
      apkSizeBytes: 2048,
      apkSha256: apk.artifactSha256,
      signingCertificateSha256: apk.manifest.signingCertificateSha256,
      apkPath: `/api/v1/player/updates/${uploaded.body.data.id}/apk`,
    });
    const download = await k.request(meta.apkPath, { headers: bearer(tv.credential) });
    expect(Buffer.from(await download.arrayBuffer()).equals(apk.artifact)).to.equal(true);
    await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`);
  });

  it('checks what a player reports: allowed states only, bytes not negative, a short error, its own deployment', async () => {
    const deployment = await created({ screenIds: [spare.screenId] });
    const invalid = [{ state: 'succeeded' }, { state: 'held' }, { state: 'downloading', downloadedBytes: -1 }, { state: 'failed', error: 'x'.repeat(241) }];
    for (const body of invalid) expect(errorOf(await report(spare, deployment.id, body)), JSON.stringify(body)).to.deep.equal([422, 'update_status_invalid']);
    expect((await stateOf(deployment.id)).get(spare.screenId), 'nothing changed').to.be.oneOf(['pending', 'offline']);
    expect(errorOf(await report(fleet[0]!, deployment.id, { state: 'downloading' }))).to.deep.equal([404, 'update_deployment_not_found']);
    const waiting = await report(spare, deployment.id, {
      state: 'waiting_for_permission',
      downloadedBytes: 10,
      permissionStatus: 'denied',
      installerStatus: '',
    });
    expect(waiting.status).to.equal(200);
    const row = (await detail(deployment.id)).screens[0];
    expect(row).to.include({ state: 'waiting_for_permission', downloadedBytes: 10, permissionStatus: 'denied' });
    expect(row).not.to.have.property('installerStatus');
    expect((await detail(deployment.id)).waitingForUserCount).to.equal(1);
    await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`);
  });

  it('cancels a running deployment: open screens end cancelled, their commands are withdrawn, and it cannot be cancelled twice', async () => {
    const deployment = await created({ screenIds: [spare.screenId, fresh.screenId] });
    expect(errorOf(await api('DELETE', `/api/v1/player-releases/${releaseId}`)), 'a running deployment holds its release').to.deep.equal([
      409,
      'player_release_in_use',
    ]);
    expect(await updateCommands(spare)).to.satisfy((cs: any[]) => cs.some((c) => c.payload.deploymentId === deployment.id));
    const cancelled = await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.data).to.include({ id: deployment.id, status: 'cancelled' });
    expect(cancelled.body.data.cancelledAt).to.be.a('string');
    const states = await stateOf(deployment.id);
    expect([states.get(spare.screenId), states.get(fresh.screenId)]).to.deep.equal(['cancelled', 'already_current']);
    expect((await updateCommands(spare)).filter((c) => c.payload.deploymentId === deployment.id)).to.deep.equal([]);
    expect(errorOf(await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`))).to.deep.equal([409, 'update_deployment_completed']);
    expect(errorOf(await report(spare, deployment.id, { state: 'downloading', downloadedBytes: 1 }))).to.deep.equal([409, 'update_deployment_cancelled']);
    expect(errorOf(await api('POST', `/api/v1/update-deployments/${deployment.id}/screens/${spare.screenId}/retry`))).to.deep.equal([
      409,
      'update_retry_not_allowed',
    ]);
    expect(errorOf(await api('POST', '/api/v1/update-deployments/00000000-0000-4000-8000-000000000002/cancel'))).to.deep.equal([
      404,
      'update_deployment_not_found',
    ]);
    const audit = await k.db('audit_log').where({ resource_id: deployment.id }).orderBy('id').select('action');
    expect(audit.map((a) => a.action)).to.deep.equal(['update_deployment.created', 'update_deployment.cancelled']);
  });
  it('settles, on a console read, screens whose last heartbeat within five minutes proves the new build, and no others', async () => {
    const [lost, stale, unsafe] = [await pair('Lost report'), await pair('Stale contact'), await pair('Safe mode')];
    for (const s of [lost, stale, unsafe]) expect((await heartbeat(s, OLD)).status).to.equal(200);
    await flushContact();
    const deployment = await created({ screenIds: [lost, stale, unsafe].map((s) => s.screenId) });
    // Their players came back on the new build, but no heartbeat settled them here (as when it went
    // to a process that did not yet know of the deployment): only the stored status tells.
    const stored = (s: PairedScreen, extra: Record<string, unknown>, minutesAgo: number) =>
      k.db.raw(`UPDATE screen_status SET last_heartbeat = ?::jsonb, last_heartbeat_at = now() - make_interval(mins => ?) WHERE screen_id = ?`, [
        JSON.stringify({ playerVersionCode: NEW, uptimeSeconds: 600, ...extra }),
        minutesAgo,
        s.screenId,
      ]);
    await stored(lost, {}, 1);
    await stored(stale, {}, 6);
    await stored(unsafe, { safeMode: true }, 1);
    const states = await stateOf(deployment.id);
    expect(states.get(lost.screenId)).to.equal('succeeded');
    expect(states.get(stale.screenId), 'not heard from within five minutes').to.be.oneOf(['pending', 'offline']);
    expect(states.get(unsafe.screenId), 'in safe mode').to.be.oneOf(['pending', 'offline']);
    // The list reconciles too: the stale screen is heard from again, and the deployment completes.
    await stored(stale, {}, 0);
    await stored(unsafe, {}, 0);
    expect((await list()).items.find((d: any) => d.id === deployment.id)).to.include({ status: 'completed', succeededCount: 3 });
  });

  it('pauses a canary rollout whose canary sat in installing for ten minutes, and promotes it once that canary comes back', async () => {
    const screens = [await pair('Stall A'), await pair('Stall B')];
    for (const s of screens) expect((await heartbeat(s, OLD)).status).to.equal(200);
    await flushContact();
    const deployment = await created({ screenIds: screens.map((s) => s.screenId), canarySize: 1 });
    const [canary, held] = [...screens].sort((a, b) => a.screenId.localeCompare(b.screenId)) as [PairedScreen, PairedScreen];
    expect((await report(canary, deployment.id, { state: 'installing', downloadedBytes: release.artifact.length })).status).to.equal(200);
    const since = (minutes: number) =>
      k
        .db('update_deployment_screens')
        .where({ deployment_id: deployment.id, screen_id: canary.screenId })
        .update({ updated_at: k.db.raw('now() - make_interval(mins => ?)', [minutes]) });
    await since(9);
    expect(await detail(deployment.id)).to.include({ status: 'active', rolloutPhase: 'canary' });
    await since(11);
    const watching = await openConsoleSocket(k, owner);
    try {
      const paused = (await list()).items.find((d: any) => d.id === deployment.id);
      expect(paused).to.include({ status: 'paused', rolloutPhase: 'paused' });
      expect(paused.pauseReason).to.match(/ten minutes/);
      await watching.next((m) => m.type === 'update_deployment.changed' && m.deploymentId === deployment.id && m.status === 'paused');
    } finally {
      watching.ws.close();
    }
    expect(await updateCommands(held)).to.deep.equal([]);
    expect((await heartbeat(canary, NEW)).status).to.equal(200);
    expect(await detail(deployment.id)).to.include({ status: 'active', rolloutPhase: 'full' });
    expect(await updateCommands(held)).to.have.length(1);
    await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`);
  });

  it('marks an Android screen that reports an API level below the release’s minimum SDK incompatible', async () => {
    const apk = signedRelease(signer, { platform: 'android', versionCode: NEW + 2, minimumSdk: 26 });
    const uploaded = await uploadRelease(k, owner, apk.files);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(201);
    const [old, current, silent] = [await pair('Old stick', 'android'), await pair('New stick', 'android'), await pair('Quiet stick', 'fire-tv')];
    expect((await heartbeat(old, OLD, { ...SETTLED, androidSdk: 25 })).status).to.equal(200);
    expect((await heartbeat(current, OLD, { ...SETTLED, androidSdk: 26 })).status).to.equal(200);
    expect((await heartbeat(silent, OLD)).status).to.equal(200);
    await flushContact();
    const deployment = await created({ releaseId: uploaded.body.data.id, screenIds: [old, current, silent].map((s) => s.screenId) });
    const states = await stateOf(deployment.id);
    expect(states.get(old.screenId)).to.equal('incompatible');
    expect(states.get(current.screenId)).to.be.oneOf(['pending', 'offline']);
    expect(states.get(silent.screenId), 'an API level not reported is given the chance').to.be.oneOf(['pending', 'offline']);
    expect(await updateCommands(old)).to.deep.equal([]);
    await api('POST', `/api/v1/update-deployments/${deployment.id}/cancel`);
    expect(errorOf(await create({ releaseId: uploaded.body.data.id, screenIds: [old.screenId] }))).to.deep.equal([422, 'update_target_required']);
  });

  it('settles a heartbeat in another server process that had seen no deployment running, once the start reached it', async () => {
    const other = await bootTestKernel({
      plugins: MODULES,
      databaseUrl: k.databaseUrl,
      dataDir: k.dataDir,
      env: { ...codehost.env(), UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey },
    });
    try {
      const screen = await pair('Far process');
      // The other process takes a heartbeat while nothing runs: it keeps "none running".
      expect((await playerCall(other, screen.credential, 'POST', '/api/v1/player/heartbeat', { playerVersionCode: OLD, ...SETTLED })).status).to.equal(200);
      const watching = await openConsoleSocket(other, owner);
      try {
        const deployment = await created({ screenIds: [screen.screenId] });
        // The start's announcement is delivered at its commit, before the console event that follows it.
        await watching.next((m) => m.type === 'update_deployment.changed' && m.deploymentId === deployment.id);
        expect((await playerCall(other, screen.credential, 'POST', '/api/v1/player/heartbeat', { playerVersionCode: NEW, ...SETTLED })).status).to.equal(200);
        // Read straight from the table: a console read would reconcile and hide a missed settlement.
        const row = await k.db('update_deployment_screens').where({ deployment_id: deployment.id, screen_id: screen.screenId }).first();
        expect(row.state).to.equal('succeeded');
      } finally {
        watching.ws.close();
      }
    } finally {
      await other.stop();
    }
  });
});
