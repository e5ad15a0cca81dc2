import { expect } from 'chai';
import { authModule } from '../../core-modules/auth/auth.plugin.js';
import { type PlayerReleases, playerReleasesRef } from '../../core-modules/player-releases/player-releases.api.js';
import type { PlayerReleasesDeps } from '../../core-modules/player-releases/player-releases-deps.js';
import { playerReleasesJobs } from '../../core-modules/player-releases/player-releases.jobs.js';
import { playerReleasesModule } from '../../core-modules/player-releases/player-releases.plugin.js';
import { settingsModule } from '../../core-modules/settings/settings.plugin.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { CodehostServer } from '../support/codehost-server.js';
import { consoleCall, newSignedInUser, type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { RELEASE_FILE_NAMES, type ReleaseSigner, releaseSigner, type SignedRelease, signedRelease, uploadRelease } from '../support/player-release-fixtures.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

// Releases an update deployment would hold: the use check a module registers through the face.
const held = new Set<string>();
const holderUses = { playerReleases: playerReleasesRef };
const releaseHolder = definePlugin<KernelDeps & UsedDeps<typeof holderUses>>({
  name: 'release-holder',
  dependsOn: ['player-releases'],
  uses: holderUses,
  register(r) {
    r.onStart(({ playerReleases }) => playerReleases.registerUse(async (id) => held.has(id)));
  },
});

const MAX_ARTIFACT = 64 * 1024;

describe('player releases', function () {
  this.timeout(30_000);
  let k: TestKernel;
  let codehost: CodehostServer;
  let signer: ReleaseSigner;
  let owner: ConsoleSession;
  let deps: PlayerReleasesDeps;
  let face: PlayerReleases;
  let storage: Storage;

  before(async () => {
    codehost = await new CodehostServer().start();
    signer = releaseSigner();
    k = await bootTestKernel({
      plugins: [settingsModule, authModule, playerReleasesModule, releaseHolder],
      env: { ...codehost.env(), UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey, PLAYER_RELEASE_MAX_BYTES: String(MAX_ARTIFACT) },
    });
    owner = await setUpOwner(k);
    deps = k.containerOf('player-releases').cradle as PlayerReleasesDeps;
    face = k.containerOf('release-holder').resolve<PlayerReleases>('playerReleases');
    storage = deps.storage;
  });

  after(async () => {
    await k?.stop();
    await codehost?.stop();
  });

  const catalog = async () => (await consoleCall(k, owner, 'GET', '/api/v1/player-releases')).body.data;
  const listed = async (prefix: string) => {
    const keys: string[] = [];
    for await (const key of storage.list(prefix)) keys.push(key);
    return keys.sort();
  };
  const storedKeys = (id: string) => listed(`player-releases/${id}/`);
  const allStoredKeys = () => listed('player-releases/');
  const readStored = async (id: string, name: string) => Buffer.concat(await (await storage.get(`player-releases/${id}/${name}`)).toArray());
  const rowCount = async () => Number((await k.db('player_releases').count('* as n'))[0]!.n);
  const upload = (r: SignedRelease) => uploadRelease(k, owner, r.files);

  describe('the catalog', () => {
    it('reads the codehost when empty and says what it can verify and with which account', async () => {
      const data = await catalog();
      expect(data).to.include({ repository: 'signage/signage-player', manifestKeyConfigured: true });
      expect(data.items).to.deep.equal([]);
      expect(data.lastCheckedAt).to.be.a('string');
      expect(data).not.to.have.property('providerError');
      expect(data.codehostAuth).to.deep.equal({ available: true, connected: false, source: 'anonymous', canDisconnect: false });
      // The reference console reads the same under its own name.
      expect(data.githubAuth).to.deep.equal(data.codehostAuth);
      expect(codehost.authorizations.length).to.equal(1);
    });
  });

  describe('upload', () => {
    it('keeps a verified Linux release: its files in storage, installable, served from there', async () => {
      const release = signedRelease(signer, { platform: 'linux' });
      const res = await upload(release);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const data = res.body.data;
      expect(data).to.include({
        platform: 'linux',
        source: 'upload',
        versionCode: release.versionCode,
        versionName: release.versionName,
        channel: 'stable',
        apkSizeBytes: release.artifact.length,
        cacheStatus: 'cached',
        verificationStatus: 'verified',
        duplicate: false,
      });
      expect(await storedKeys(data.id)).to.deep.equal(
        Object.values(RELEASE_FILE_NAMES.linux)
          .map((n) => `player-releases/${data.id}/${n}`)
          .sort(),
      );
      const newest = await face.newestInstallable('linux');
      expect(newest).to.include({ id: data.id, verified: true, cacheStatus: 'cached', source: 'upload', android: null });
      expect(newest!.artifact).to.deep.equal({ fileName: 'signage-player.AppImage', sizeBytes: release.artifact.length, sha256: release.artifactSha256 });
      const file = face.artifactFile(newest!, () => new Error('missing'));
      const bytes = Buffer.concat(await (await file.open({ start: 0, end: file.size - 1 })).toArray());
      expect(bytes.equals(release.artifact)).to.equal(true);
      const item = (await catalog()).items.find((i: { id: string }) => i.id === data.id);
      expect(item).to.include({ verified: true, inUse: false, apkSha256: release.artifactSha256 });
    });

    it('keeps a verified Android release with its application id, minimum SDK and signing certificate', async () => {
      const release = signedRelease(signer, { platform: 'android', minimumSdk: 26 });
      const res = await upload(release);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const got = await face.get(res.body.data.id);
      expect(got).to.include({ platform: 'android', verified: true });
      expect(got!.android).to.deep.equal({
        applicationId: 'org.signage.player',
        minimumSdk: 26,
        signingCertificateSha256: release.manifest.signingCertificateSha256,
      });
    });

    it('answers the release already held for the same build, marked duplicate', async () => {
      const release = signedRelease(signer, { platform: 'linux' });
      const first = await upload(release);
      const again = await upload(release);
      expect(again.status).to.equal(201);
      expect(again.body.data).to.include({ id: first.body.data.id, duplicate: true });
      expect((await storedKeys(first.body.data.id)).length).to.equal(3);
    });

    const refused = async (files: SignedRelease['files'], status: number, code: string) => {
      const [rows, keys] = [await rowCount(), await allStoredKeys()];
      const res = await uploadRelease(k, owner, files);
      expect(res.status, JSON.stringify(res.body)).to.equal(status);
      expect(res.body.error.code).to.equal(code);
      expect(await rowCount()).to.equal(rows);
      expect(await allStoredKeys()).to.deep.equal(keys);
    };

    it('refuses a manifest changed after it was signed, and keeps nothing', async () => {
      const release = signedRelease(signer, { platform: 'linux' });
      const tampered = Buffer.from(release.manifestJson.toString().replace('"stable"', '"beta"'));
      await refused([release.files[0]!, { ...release.files[1]!, bytes: tampered }, release.files[2]!], 422, 'player_release_verification_failed');
    });

    it('refuses an artifact that is not the one the manifest describes', async () => {
      const release = signedRelease(signer, { platform: 'android' });
      const artifact = Buffer.from(release.artifact);
      artifact[0] = artifact[0]! ^ 0xff;
      await refused([{ ...release.files[0]!, bytes: artifact }, release.files[1]!, release.files[2]!], 422, 'player_release_verification_failed');
    });

    it('refuses a release signed with another key', async () => {
      await refused(signedRelease(releaseSigner(), { platform: 'linux' }).files, 422, 'player_release_verification_failed');
    });

    it('refuses an Android build for a minimum SDK under 23 or another application', async () => {
      await refused(signedRelease(signer, { platform: 'android', minimumSdk: 21 }).files, 422, 'player_release_verification_failed');
      await refused(signedRelease(signer, { platform: 'android', applicationId: 'com.example.other' }).files, 422, 'player_release_verification_failed');
    });

    it('refuses an artifact over the size limit with 413', async () => {
      await refused(signedRelease(signer, { platform: 'linux', artifact: MAX_ARTIFACT + 1 }).files, 413, 'player_release_file_too_large');
    });

    it('refuses a missing file, a stray file and a version older than one held', async () => {
      const release = signedRelease(signer, { platform: 'android' });
      await refused(release.files.slice(0, 2), 422, 'player_release_file_missing');
      await refused([...release.files.slice(0, 2), { ...release.files[2]!, name: 'notes.txt' }], 422, 'player_release_file_invalid');
      expect((await upload(signedRelease(signer, { platform: 'android' }))).status).to.equal(201);
      await refused(signedRelease(signer, { platform: 'android', versionCode: 1 }).files, 422, 'player_release_not_newer');
      await refused([...release.files, release.files[0]!], 422, 'player_release_file_invalid');
    });

    it('refuses a body that is not a form with 400', async () => {
      const res = await consoleCall(k, owner, 'POST', '/api/v1/player-releases/upload', { files: [] });
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('player_release_upload_invalid');
    });

    it('is for Owners only', async () => {
      const { session: admin } = await newSignedInUser(k, owner, 'admin password 123', 'administrator', 'admin');
      const res = await uploadRelease(k, admin, signedRelease(signer, { platform: 'linux' }).files);
      expect(res.status).to.equal(403);
      expect((await consoleCall(k, admin, 'POST', '/api/v1/player-releases/check')).status).to.equal(403);
      expect((await consoleCall(k, admin, 'GET', '/api/v1/player-releases')).status).to.equal(200);
    });
  });

  describe('the codehost', () => {
    it('records verified releases on check and downloads one into storage in a job', async () => {
      const release = signedRelease(signer, { platform: 'linux', artifact: 20_000 });
      codehost.publish(release);
      // Not ours: a release without the player's files is passed over.
      codehost.publish(signedRelease(signer, { platform: 'android' }), { files: (n) => !n.endsWith('.sig') });
      const check = await consoleCall(k, owner, 'POST', '/api/v1/player-releases/check');
      expect(check.status, JSON.stringify(check.body)).to.equal(200);
      expect(check.body.data).to.deep.equal({ checked: true });
      const item = (await catalog()).items.find((i: { versionCode: number }) => i.versionCode === release.versionCode);
      expect(item).to.include({
        source: 'codehost',
        tag: `player-v${release.versionName}`,
        cacheStatus: 'missing',
        verificationStatus: 'verified_manifest',
        verified: false,
      });
      expect((await face.get(item.id))!.verified).to.equal(false);

      const cache = await consoleCall(k, owner, 'POST', `/api/v1/player-releases/${item.id}/cache`);
      expect(cache.status).to.equal(202);
      expect(cache.body.data).to.deep.equal({ id: item.id, cacheStatus: 'downloading' });
      const again = await consoleCall(k, owner, 'POST', `/api/v1/player-releases/${item.id}/cache`);
      expect(again.status).to.equal(409);
      expect(again.body.error.code).to.equal('player_release_not_importable');
      const done = await eventually(
        () => face.get(item.id),
        (r) => r?.cacheStatus !== 'downloading',
      );
      expect(done).to.include({ cacheStatus: 'cached', verified: true });
      expect((await readStored(item.id, 'signage-player.AppImage')).equals(release.artifact)).to.equal(true);
      const reads = codehost.authorizations.length;
      const listed = (await catalog()).items.find((i: { id: string }) => i.id === item.id);
      expect(listed).to.include({ downloadedBytes: 20_000, verificationStatus: 'verified' });
      // Checked a moment ago: the catalog is not read again for 15 minutes.
      expect(codehost.authorizations.length).to.equal(reads);
    });

    it('marks a download whose bytes differ from the signed manifest failed, and keeps no file', async () => {
      const release = signedRelease(signer, { platform: 'android' });
      const id = codehost.publish(release);
      codehost.tamper(id, 'signage-player.apk', Buffer.alloc(release.artifact.length, 7));
      expect((await consoleCall(k, owner, 'POST', '/api/v1/player-releases/check')).status).to.equal(200);
      const item = (await catalog()).items.find((i: { versionCode: number }) => i.versionCode === release.versionCode);
      expect((await consoleCall(k, owner, 'POST', `/api/v1/player-releases/${item.id}/cache`)).status).to.equal(202);
      const done = await eventually(
        () => face.get(item.id),
        (r) => r?.cacheStatus !== 'downloading',
      );
      expect(done).to.include({ cacheStatus: 'failed', verified: false });
      const listed = (await catalog()).items.find((i: { id: string }) => i.id === item.id);
      expect(listed).to.include({ verificationStatus: 'failed' });
      expect(listed.verificationError).to.match(/SHA-256/);
      expect(await storedKeys(item.id)).to.deep.equal([]);
    });

    it('refuses to download an upload or an unknown release', async () => {
      const uploaded = (await upload(signedRelease(signer, { platform: 'linux' }))).body.data;
      const res = await consoleCall(k, owner, 'POST', `/api/v1/player-releases/${uploaded.id}/cache`);
      expect(res.status).to.equal(409);
      expect((await consoleCall(k, owner, 'POST', '/api/v1/player-releases/00000000-0000-4000-8000-000000000000/cache')).status).to.equal(404);
    });

    it('answers 502 when the codehost is down, and the catalog still answers with the reason', async () => {
      codehost.failing = 503;
      try {
        const res = await consoleCall(k, owner, 'POST', '/api/v1/player-releases/check');
        expect(res.status).to.equal(502);
        expect(res.body.error.code).to.equal('codehost_release_check_failed');
        await k.db('player_release_codehost').update({ last_checked_at: k.db.raw("now() - interval '16 minutes'") });
        const data = await catalog();
        expect(data.providerError).to.match(/HTTP 503/);
        expect(data.items.length).to.be.greaterThan(0);
      } finally {
        codehost.failing = undefined;
      }
    });
  });

  describe('codehost sign-in', () => {
    const poll = (flowId: string) => consoleCall(k, owner, 'POST', '/api/v1/player-releases/codehost/device/poll', { flowId });

    it('goes from a device code to a connected account whose token is kept sealed and used, then disconnects', async () => {
      const start = await consoleCall(k, owner, 'POST', '/api/v1/player-releases/codehost/device');
      expect(start.status, JSON.stringify(start.body)).to.equal(201);
      expect(start.body.data).to.include({ userCode: 'WDJB-MJHT', verificationUri: `${codehost.url}/login/device`, pollIntervalSeconds: 5 });
      expect(JSON.stringify(start.body)).not.to.include('device-');
      const { flowId } = start.body.data;
      codehost.tokenAnswers.push('authorization_pending', 'slow_down', codehost.issue('gho_secret-token-1234', 'octo-owner'));
      expect((await poll(flowId)).body.data).to.deep.equal({ status: 'pending', retryAfterSeconds: 5 });
      expect((await poll(flowId)).body.data).to.deep.equal({ status: 'pending', retryAfterSeconds: 10 });
      expect((await poll(flowId)).body.data).to.deep.equal({ status: 'connected', login: 'octo-owner' });

      const stored = await k.db('player_release_codehost').first();
      expect(stored.token_sealed).to.be.a('string').and.not.include('gho_secret');
      const data = await catalog();
      expect(data.codehostAuth).to.deep.equal({ available: true, connected: true, source: 'device', login: 'octo-owner', canDisconnect: true });
      expect(JSON.stringify(data)).not.to.include('gho_secret');
      expect((await consoleCall(k, owner, 'POST', '/api/v1/player-releases/check')).status).to.equal(200);
      expect(codehost.authorizations.at(-1)).to.equal('Bearer gho_secret-token-1234');
      expect(JSON.stringify(k.logs)).not.to.include('gho_secret');
      const audit = await k.db('audit_log').where({ action: 'player_release.codehost_connected' }).first();
      expect(audit.metadata).to.deep.equal({ login: 'octo-owner' });
      // The sign-in is over: its flow is gone.
      expect((await poll(flowId)).status).to.equal(422);

      const off = await consoleCall(k, owner, 'DELETE', '/api/v1/player-releases/codehost');
      expect(off.status).to.equal(204);
      expect((await catalog()).codehostAuth).to.include({ connected: false, source: 'anonymous' });
    });

    it('answers 410 for an expired sign-in and 422 for an unknown one', async () => {
      const { flowId } = (await consoleCall(k, owner, 'POST', '/api/v1/player-releases/codehost/device')).body.data;
      codehost.tokenAnswers.push('expired_token');
      const expired = await poll(flowId);
      expect(expired.status).to.equal(410);
      expect(expired.body.error.code).to.equal('codehost_sign_in_expired');
      const unknown = await poll('not-a-flow');
      expect(unknown.status).to.equal(422);
      expect(unknown.body.error.code).to.equal('codehost_sign_in_flow_invalid');
    });
  });

  describe('deleting', () => {
    it('refuses a release a registered use holds, and deletes an unused one with its files', async () => {
      const a = (await upload(signedRelease(signer, { platform: 'android' }))).body.data;
      held.add(a.id);
      const busy = await consoleCall(k, owner, 'DELETE', `/api/v1/player-releases/${a.id}`);
      expect(busy.status).to.equal(409);
      expect(busy.body.error.code).to.equal('player_release_in_use');
      expect((await catalog()).items.find((i: { id: string }) => i.id === a.id)).to.include({ inUse: true });
      held.delete(a.id);
      const gone = await consoleCall(k, owner, 'DELETE', `/api/v1/player-releases/${a.id}`);
      expect(gone.status).to.equal(200);
      expect(gone.body.data).to.deep.equal({ id: a.id, deleted: true });
      expect(await k.db('audit_log').where({ action: 'player_release.deleted', resource_id: a.id }).first()).to.include({ actor_id: owner.userId });
      expect(await face.get(a.id)).to.equal(undefined);
      expect(await storedKeys(a.id)).to.deep.equal([]);
      expect((await consoleCall(k, owner, 'DELETE', `/api/v1/player-releases/${a.id}`)).status).to.equal(404);
    });

    it('purges releases older than 90 days that nothing uses, keeping each platform’s newest installable', async () => {
      const old = (await upload(signedRelease(signer, { platform: 'linux' }))).body.data;
      const oldHeld = (await upload(signedRelease(signer, { platform: 'linux' }))).body.data;
      const newest = (await upload(signedRelease(signer, { platform: 'linux' }))).body.data;
      const fresh = await k.db('player_releases').whereNotIn('id', [old.id, oldHeld.id, newest.id]).pluck('id');
      await k
        .db('player_releases')
        .whereIn('id', [old.id, oldHeld.id, newest.id])
        .update({ created_at: k.db.raw("now() - interval '91 days'") });
      held.add(oldHeld.id);
      const purge = playerReleasesJobs.find((j) => j.name === 'player-releases.purge-old-releases')!;
      await purge.handler({} as never, deps, { id: 'test', retryCount: 0, signal: new AbortController().signal });
      held.delete(oldHeld.id);
      expect(await face.get(old.id)).to.equal(undefined);
      expect(await storedKeys(old.id)).to.deep.equal([]);
      expect(await face.get(oldHeld.id)).not.to.equal(undefined);
      expect(await face.get(newest.id)).not.to.equal(undefined);
      expect(await k.db('player_releases').whereIn('id', fresh).count('* as n').first()).to.deep.equal({ n: fresh.length });
    });
  });
});
