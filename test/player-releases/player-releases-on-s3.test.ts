import { expect } from 'chai';
import { authModule } from '../../core-modules/auth/auth.plugin.js';
import type { PlayerReleasesDeps } from '../../core-modules/player-releases/player-releases-deps.js';
import { playerReleasesModule } from '../../core-modules/player-releases/player-releases.plugin.js';
import { settingsModule } from '../../core-modules/settings/settings.plugin.js';
import { CodehostServer } from '../support/codehost-server.js';
import { type ConsoleSession, consoleCall, setUpOwner } from '../support/console-client.js';
import { releaseSigner, signedRelease, uploadRelease } from '../support/player-release-fixtures.js';
import { type S3Server, startS3Server } from '../support/s3-server.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const MIB = 1024 * 1024;

/** Release files in a bucket: uploads stream into it, downloads from the codehost too. */
describe('player releases on S3 storage', function () {
  this.timeout(60_000);
  let s3: S3Server;
  let codehost: CodehostServer;
  let k: TestKernel;
  let owner: ConsoleSession;
  const signer = releaseSigner();
  const storage = () => (k.containerOf('player-releases').cradle as PlayerReleasesDeps).storage;
  const keysOf = async (id: string) => {
    const keys: string[] = [];
    for await (const key of storage().list(`player-releases/${id}/`)) keys.push(key);
    return keys.sort();
  };
  const artifactOf = async (id: string, name: string) => Buffer.concat(await (await storage().get(`player-releases/${id}/${name}`)).toArray());

  before(async () => {
    s3 = await startS3Server({ buckets: ['releases'] });
    codehost = await new CodehostServer().start();
    k = await bootTestKernel({
      plugins: [settingsModule, authModule, playerReleasesModule],
      env: { ...s3.envFor('releases', 'site/'), ...codehost.env(), UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey },
    });
    owner = await setUpOwner(k);
  });
  after(async () => {
    await k?.stop();
    await codehost?.stop();
    await s3?.stop();
  });

  it('streams an uploaded artifact larger than one object part into the bucket, and deletes it there', async () => {
    const release = signedRelease(signer, { platform: 'linux', artifact: 6 * MIB });
    const res = await uploadRelease(k, owner, release.files);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const { id } = res.body.data;
    expect(await keysOf(id)).to.have.length(3);
    expect((await artifactOf(id, 'signage-player.AppImage')).equals(release.artifact)).to.equal(true);
    expect((await consoleCall(k, owner, 'DELETE', `/api/v1/player-releases/${id}`)).status).to.equal(200);
    expect(await keysOf(id)).to.deep.equal([]);
  });

  it('leaves nothing in the bucket for a refused upload', async () => {
    const release = signedRelease(signer, { platform: 'android', artifact: MIB });
    const tampered = Buffer.from(release.artifact);
    tampered[10] = tampered[10]! ^ 1;
    const before = (await k.db('player_releases').count('* as n').first())!.n;
    const res = await uploadRelease(k, owner, [{ ...release.files[0]!, bytes: tampered }, release.files[1]!, release.files[2]!]);
    expect(res.status).to.equal(422);
    expect((await k.db('player_releases').count('* as n').first())!.n).to.equal(before);
    const left: string[] = [];
    for await (const key of storage().list('player-releases/')) left.push(key);
    expect(left).to.deep.equal([]);
  });

  it('downloads a codehost release into the bucket', async () => {
    const release = signedRelease(signer, { platform: 'android', artifact: 2 * MIB });
    codehost.publish(release);
    expect((await consoleCall(k, owner, 'POST', '/api/v1/player-releases/check')).status).to.equal(200);
    const item = (await consoleCall(k, owner, 'GET', '/api/v1/player-releases')).body.data.items.find(
      (i: { versionCode: number }) => i.versionCode === release.versionCode,
    );
    expect((await consoleCall(k, owner, 'POST', `/api/v1/player-releases/${item.id}/cache`)).status).to.equal(202);
    const row = await eventually(
      () => k.db('player_releases').where({ id: item.id }).first(),
      (r) => r.cache_status !== 'downloading',
      20_000,
    );
    expect(row.cache_status).to.equal('cached');
    expect((await artifactOf(item.id, 'signage-player.apk')).equals(release.artifact)).to.equal(true);
  });
});
