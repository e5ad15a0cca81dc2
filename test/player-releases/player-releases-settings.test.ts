import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { authModule } from '../../core-modules/auth/auth.plugin.js';
import { parseManifestKey } from '../../core-modules/player-releases/player-releases-config.js';
import { playerReleasesModule } from '../../core-modules/player-releases/player-releases.plugin.js';
import { settingsModule } from '../../core-modules/settings/settings.plugin.js';
import { ConfigError } from '../../kernel/config.js';
import { CodehostServer } from '../support/codehost-server.js';
import { type ConsoleSession, consoleCall, setUpOwner } from '../support/console-client.js';
import { releaseSigner, signedRelease, uploadRelease } from '../support/player-release-fixtures.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('player releases: settings', function () {
  this.timeout(30_000);

  describe('UPDATE_MANIFEST_PUBLIC_KEY', () => {
    it('takes the base64 of the 32 raw key bytes, as the reference’s docs print it, or PEM', () => {
      const signer = releaseSigner();
      expect(parseManifestKey(signer.publicKey).asymmetricKeyType).to.equal('ed25519');
      const pem = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
      expect(parseManifestKey(pem).asymmetricKeyType).to.equal('ed25519');
    });

    it('refuses anything else with a sentence naming the setting', () => {
      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
      for (const bad of ['not base64!', Buffer.alloc(31).toString('base64'), rsa]) {
        expect(() => parseManifestKey(bad)).to.throw(ConfigError, /UPDATE_MANIFEST_PUBLIC_KEY/);
      }
    });
  });

  describe('without a key or a sign-in client, with a token from the environment', () => {
    let k: TestKernel;
    let codehost: CodehostServer;
    let owner: ConsoleSession;

    before(async () => {
      codehost = await new CodehostServer().start();
      k = await bootTestKernel({
        plugins: [settingsModule, authModule, playerReleasesModule],
        env: { ...codehost.env(''), CODEHOST_TOKEN: 'ghp_environment-token-5678' },
      });
      owner = await setUpOwner(k);
    });

    after(async () => {
      await k?.stop();
      await codehost?.stop();
    });

    it('lists without reading the codehost, saying releases cannot be verified and which account is used', async () => {
      const res = await consoleCall(k, owner, 'GET', '/api/v1/player-releases');
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ manifestKeyConfigured: false });
      expect(res.body.data.codehostAuth).to.deep.equal({ available: false, connected: true, source: 'environment', canDisconnect: false });
      expect(JSON.stringify(res.body)).not.to.include('environment-token');
      expect(codehost.authorizations).to.deep.equal([]);
    });

    it('refuses to check or take an upload it cannot verify (503)', async () => {
      const check = await consoleCall(k, owner, 'POST', '/api/v1/player-releases/check');
      expect(check.status).to.equal(503);
      expect(check.body.error.code).to.equal('update_manifest_key_missing');
      const upload = await uploadRelease(k, owner, signedRelease(releaseSigner(), { platform: 'linux' }).files);
      expect(upload.status).to.equal(503);
      expect(upload.body.error.code).to.equal('update_manifest_key_missing');
      expect(await k.db('player_releases').count('* as n').first()).to.deep.equal({ n: 0 });
    });

    it('offers no sign-in without CODEHOST_CLIENT_ID, and keeps the environment’s token', async () => {
      const start = await consoleCall(k, owner, 'POST', '/api/v1/player-releases/codehost/device');
      expect(start.status).to.equal(503);
      expect(start.body.error.code).to.equal('codehost_sign_in_unavailable');
      const off = await consoleCall(k, owner, 'DELETE', '/api/v1/player-releases/codehost');
      expect(off.status).to.equal(409);
      expect(off.body.error.code).to.equal('codehost_auth_environment_managed');
    });

    it('takes changes only with the session’s CSRF token', async () => {
      const res = await k.request('/api/v1/player-releases/check', { method: 'POST', headers: { cookie: owner.cookie } });
      expect(res.status).to.equal(403);
    });
  });
});
