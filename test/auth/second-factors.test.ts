import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { eventually } from '../support/wait.js';
import { generate } from 'otplib';
import { coreModules } from '../../core-modules/index.js';
import type { FactorsRepository } from '../../core-modules/auth/factors/factors.repository.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import {
  consoleCall,
  login,
  OWNER,
  resetRateLimits,
  sessionFrom,
  setUpOwner,
  type ApiResponse,
  type ConsoleSession,
  newSignedInUser,
} from '../support/console-client.js';
import { SoftwareAuthenticator } from '../support/webauthn-authenticator.js';

const ORIGIN = 'http://localhost:5173';
const PASSWORD = 'a long enough password';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The TOTP code `offset` 30-second steps from now. The server accepts one step either way. */
const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Six digits that are none of the codes the server would accept right now. */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1, 2].map((o) => totp(secret, o))));
  return ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.has(c))!;
}

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.error.code).to.equal(code);
}

describe('second factors', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const secrets: string[] = [];
  const recoveryCodes: string[] = [];

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PUBLIC_URL: ORIGIN } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  /** A fresh console user, signed in with a password. */
  const newUser = (role = 'editor') => newSignedInUser(k, owner, PASSWORD, role, 'user');

  async function enrollTotp(session: ConsoleSession): Promise<string> {
    const start = await consoleCall(k, session, 'POST', '/api/v1/me/security/totp');
    expect(start.status).to.equal(200);
    const secret = start.body.data.secret as string;
    secrets.push(secret);
    const confirm = await consoleCall(k, session, 'POST', '/api/v1/me/security/totp/confirm', { code: await totp(secret) });
    expect(confirm.status, JSON.stringify(confirm.body)).to.equal(200);
    return secret;
  }

  async function passwordStep(username: string) {
    const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username, password: PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body.data.mfaRequired, JSON.stringify(res.body)).to.equal(true);
    expect(res.headers.get('set-cookie'), 'no session before the second step').to.equal(null);
    return res.body.data as { challengeToken: string; methods: string[] };
  }

  async function setPolicy(scope: string) {
    const doc = await consoleCall(k, owner, 'GET', '/api/v1/settings');
    const res = await consoleCall(k, owner, 'PATCH', '/api/v1/settings', {
      revision: doc.body.data.revision,
      values: { 'security.mfa_required_scope': scope },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  }

  describe('overview', () => {
    it('describes a user without factors, with the relying party taken from PUBLIC_URL', async () => {
      const u = await newUser();
      const res = await consoleCall(k, u.session, 'GET', '/api/v1/me/security');
      expect(res.status).to.equal(200);
      const handle = (await k.db('users').where({ id: u.id }).first('user_handle')).user_handle;
      expect(res.body.data).to.deep.equal({
        relyingPartyId: 'localhost',
        userHandle: handle,
        totpEnrolled: false,
        passkeys: [],
        recoveryCodesRemaining: 0,
        enrolled: false,
        passkeysAvailable: true,
        passkeysUnavailableReason: '',
        required: false,
        policy: 'none',
        authMethod: 'password',
      });
      expect((await consoleCall(k, undefined, 'GET', '/api/v1/me/security')).status).to.equal(401);
    });
  });

  describe('authenticator app (TOTP)', () => {
    let u: Awaited<ReturnType<typeof newUser>>;
    let secret: string;

    it('starts an enrollment, and starting again replaces the pending secret', async () => {
      u = await newUser();
      const first = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp');
      expect(first.status).to.equal(200);
      const uri = new URL(first.body.data.provisioningUri);
      expect(`${uri.protocol}//${uri.host}`).to.equal('otpauth://totp');
      expect(decodeURIComponent(uri.pathname)).to.equal(`/signage-server:${u.username}`);
      expect(uri.searchParams.get('issuer')).to.equal('signage-server');
      expect(uri.searchParams.get('secret')).to.equal(first.body.data.secret);
      expect(first.body.data.secret).to.match(/^[A-Z2-7]{32}$/); // 20 bytes, base32 without padding
      const second = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp');
      secret = second.body.data.secret;
      secrets.push(first.body.data.secret, secret);
      expect(secret).not.to.equal(first.body.data.secret);
      expect((await (k.containerOf('auth').resolve('factorsRepository') as FactorsRepository).totp(u.id))?.secret).to.equal(secret);
      const stale = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await totp(first.body.data.secret) });
      expectError(stale, 401, 'invalid_code');
    });

    it('confirms only with a right code, once, and then refuses a second enrollment', async () => {
      const wrong = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await wrongCode(secret) });
      expectError(wrong, 401, 'invalid_code');
      const ok = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await totp(secret) });
      expect(ok.status).to.equal(200);
      expect(ok.body.data).to.deep.equal({ totpEnrolled: true });
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await totp(secret) }), 404, 'factor_not_found');
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp'), 409, 'factor_exists');
      expect((await (k.containerOf('auth').resolve('factorsRepository') as FactorsRepository).totp(u.id))?.secret, 'the confirmed secret is kept').to.equal(
        secret,
      );
      const overview = await consoleCall(k, u.session, 'GET', '/api/v1/me/security');
      expect(overview.body.data).to.deep.include({ totpEnrolled: true, enrolled: true });
      expect(Date.parse(overview.body.data.totpConfirmedAt)).to.be.closeTo(Date.now(), 60_000);
      expect(JSON.stringify(overview.body)).not.to.contain(secret);
      expect(await k.db('audit_log').where({ action: 'auth.mfa.totp_enrolled', actor_id: u.id }).first()).to.exist;
    });

    it('asks for the second step at sign-in and accepts a fresh code once', async () => {
      const step = await passwordStep(u.username);
      expect(step.methods).to.deep.equal(['totp']);
      const code = await totp(secret, 1); // a later step than the one the confirmation used
      const verified = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code });
      expect(verified.status, JSON.stringify(verified.body)).to.equal(200);
      expect(verified.body.data.authMethod).to.equal('totp');
      const s = sessionFrom(verified);
      expect((await consoleCall(k, s, 'GET', '/api/v1/me/security')).body.data.authMethod).to.equal('totp');
      const again = await passwordStep(u.username);
      const replay = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: again.challengeToken, code });
      expectError(replay, 401, 'invalid_code');
    });

    it('destroys a challenge after five wrong codes', async () => {
      const step = await passwordStep(u.username);
      const wrong = await wrongCode(secret);
      for (let i = 1; i <= 4; i++) {
        expectError(
          await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: wrong }),
          401,
          'invalid_code',
        );
      }
      expect(
        (
          await k
            .db('mfa_challenges')
            .where({ token_hash: sha256(step.challengeToken) })
            .first()
        ).failed_attempts,
      ).to.equal(4);
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: wrong }),
        429,
        'challenge_exhausted',
      );
      expect(
        await k
          .db('mfa_challenges')
          .where({ token_hash: sha256(step.challengeToken) })
          .first(),
      ).to.equal(undefined);
      const after = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: await totp(secret, 1) });
      expectError(after, 401, 'challenge_expired');
    });

    it('refuses an expired challenge', async () => {
      const step = await passwordStep(u.username);
      await k
        .db('mfa_challenges')
        .where({ token_hash: sha256(step.challengeToken) })
        .update({ expires_at: k.db.raw(`now() - interval '1 second'`) });
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: await wrongCode(secret) }),
        401,
        'challenge_expired',
      );
    });

    it('removes the app only with the current password, after which sign-in needs no second step', async () => {
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: 'not my password' }), 403, 'password_required');
      expect(await k.db('user_totp_factors').where({ user_id: u.id }).first()).to.exist;
      expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: PASSWORD })).status).to.equal(204);
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: PASSWORD }), 404, 'factor_not_found');
      expect(await k.db('audit_log').where({ action: 'auth.mfa.totp_removed', actor_id: u.id }).first()).to.exist;
      const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: u.username, password: PASSWORD });
      expect(res.body.data.authMethod).to.equal('password');
    });
  });

  describe('recovery codes', () => {
    let u: Awaited<ReturnType<typeof newUser>>;
    let codes: string[];

    it('are issued only with the current password: ten codes, shown once, stored hashed', async () => {
      u = await newUser();
      await enrollTotp(u.session);
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/recovery-codes', { password: 'wrong password!' }), 403, 'password_required');
      expect(await k.db('user_recovery_codes').where({ user_id: u.id })).to.have.length(0);
      const res = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/recovery-codes', { password: PASSWORD });
      expect(res.status).to.equal(201);
      codes = res.body.data.codes;
      recoveryCodes.push(...codes);
      expect(codes).to.have.length(10);
      expect(new Set(codes).size).to.equal(10);
      for (const code of codes) expect(code).to.match(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
      const rows = await k.db('user_recovery_codes').where({ user_id: u.id });
      expect(rows).to.have.length(10);
      const stored = JSON.stringify(rows);
      for (const code of codes) {
        expect(stored).not.to.contain(code);
        expect(stored).not.to.contain(code.replace(/-/g, ''));
      }
      for (const row of rows) expect(row.code_hash).to.match(/^\$argon2id\$/);
      const overview = await consoleCall(k, u.session, 'GET', '/api/v1/me/security');
      expect(overview.body.data.recoveryCodesRemaining).to.equal(10);
      for (const code of codes) expect(JSON.stringify(overview.body)).not.to.contain(code);
      expect(await k.db('audit_log').where({ action: 'auth.mfa.recovery_codes_generated', actor_id: u.id }).first()).to.exist;
    });

    it('each work once at sign-in, in any case and spacing', async () => {
      const step = await passwordStep(u.username);
      expect(step.methods).to.deep.equal(['totp', 'recovery_code']);
      const first = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: codes[0] });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body.data.authMethod).to.equal('recovery_code');
      const again = await passwordStep(u.username);
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: again.challengeToken, code: codes[0] }),
        401,
        'invalid_code',
      );
      const typed = ` ${codes[1]!.toUpperCase().replace(/-/g, ' ')} `;
      const second = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: again.challengeToken, code: typed });
      expect(second.status, JSON.stringify(second.body)).to.equal(200);
      expect((await consoleCall(k, u.session, 'GET', '/api/v1/me/security')).body.data.recoveryCodesRemaining).to.equal(8);
    });

    it('stop working when new ones are generated', async () => {
      const res = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/recovery-codes', { password: PASSWORD });
      recoveryCodes.push(...res.body.data.codes);
      expect(res.body.data.codes).not.to.include(codes[2]);
      const step = await passwordStep(u.username);
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: codes[2] }),
        401,
        'invalid_code',
      );
      expect(
        (await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: res.body.data.codes[0] })).status,
      ).to.equal(200);
    });
  });

  describe('passkeys', () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    let u: Awaited<ReturnType<typeof newUser>>;
    let passkey: { id: string; credentialId: string };

    async function registrationOptions(session: ConsoleSession) {
      const res = await consoleCall(k, session, 'POST', '/api/v1/me/security/passkeys/options');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data as { challengeToken: string; options: any };
    }

    it('registers a passkey: user-verifying, discoverable, bound to the user handle', async () => {
      u = await newUser();
      const { challengeToken, options } = await registrationOptions(u.session);
      const handle = (await k.db('users').where({ id: u.id }).first('user_handle')).user_handle as string;
      expect(options.rp.id).to.equal('localhost');
      expect(Buffer.from(options.user.id, 'base64url').toString()).to.equal(handle);
      expect(options.user.name).to.equal(u.username);
      expect(options.authenticatorSelection).to.deep.include({ residentKey: 'required', userVerification: 'required' });
      expect(options.attestation).to.equal('none');
      expect(options.excludeCredentials).to.deep.equal([]);
      const stored = await k
        .db('mfa_challenges')
        .where({ token_hash: sha256(challengeToken) })
        .first();
      expect(stored).to.deep.include({ purpose: 'passkey_registration', user_id: u.id, webauthn_challenge: options.challenge });

      const res = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential: authenticator.create(options) });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      passkey = res.body.data;
      expect(res.body.data).to.deep.include({ name: 'Passkey', credentialId: authenticator.credentialIds[0] });
      expect(Object.keys(res.body.data).sort(), 'lastUsedAt is left out until first use').to.deep.equal(['createdAt', 'credentialId', 'id', 'name']);
      expect(
        await k
          .db('mfa_challenges')
          .where({ token_hash: sha256(challengeToken) })
          .first(),
        'the ceremony is spent',
      ).to.equal(undefined);
      const overview = await consoleCall(k, u.session, 'GET', '/api/v1/me/security');
      expect(overview.body.data.passkeys).to.deep.equal([passkey]);
      expect(overview.body.data.enrolled).to.equal(true);
      expect(await k.db('audit_log').where({ action: 'auth.mfa.passkey_enrolled', actor_id: u.id }).first()).to.exist;
    });

    it('excludes registered passkeys and refuses a replayed or forged registration', async () => {
      const { challengeToken, options } = await registrationOptions(u.session);
      expect(options.excludeCredentials.map((c: { id: string }) => c.id)).to.deep.equal([passkey.credentialId]);
      const other = new SoftwareAuthenticator(ORIGIN);
      const forged = other.create(options, { origin: 'https://evil.example' });
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential: forged }), 401, 'passkey_rejected');
      const honest = other.create((await registrationOptions(u.session)).options);
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential: honest }), 401, 'challenge_expired');
      for (const tamper of [{ userVerified: false }, { rpId: 'example.org' }, { type: 'webauthn.get' }]) {
        const ceremony = await registrationOptions(u.session);
        const res = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', {
          challengeToken: ceremony.challengeToken,
          credential: new SoftwareAuthenticator(ORIGIN).create(ceremony.options, tamper),
        });
        expectError(res, 401, 'passkey_rejected');
      }
      const owners = await registrationOptions(owner);
      const stolen = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', {
        challengeToken: owners.challengeToken,
        credential: new SoftwareAuthenticator(ORIGIN).create(owners.options),
      });
      expectError(stolen, 401, 'challenge_expired');
      expect(await k.db('user_passkeys').where({ user_id: u.id })).to.have.length(1);
    });

    it('refuses a credential larger than 64 KiB', async () => {
      const v = await newUser();
      const { challengeToken, options } = await registrationOptions(v.session);
      const credential = new SoftwareAuthenticator(ORIGIN).create(options);
      (credential.clientExtensionResults as Record<string, unknown>).padding = 'x'.repeat(64 * 1024);
      expectError(await consoleCall(k, v.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential }), 413, 'payload_too_large');
      (credential.clientExtensionResults as Record<string, unknown>).padding = 'x'.repeat(60 * 1024);
      const res = await consoleCall(k, v.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential });
      expect(res.status, 'just under the limit is read').to.equal(201);
    });

    it('signs in with the passkey alone (discoverable), counting its use', async () => {
      const start = await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {});
      expect(start.status).to.equal(200);
      const { challengeToken, options } = start.body.data;
      expect(options.allowCredentials ?? []).to.deep.equal([]);
      expect(options.userVerification).to.equal('required');
      expect(
        await k
          .db('mfa_challenges')
          .where({ token_hash: sha256(challengeToken) })
          .first(),
      ).to.deep.include({ purpose: 'passkey_login', user_id: null });
      const assertion = authenticator.get(options);
      const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken, credential: assertion });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.deep.include({ authMethod: 'passkey', mfaEnrollmentRequired: false });
      expect(res.body.data.user.id).to.equal(u.id);
      const s = sessionFrom(res);
      expect((await consoleCall(k, s, 'GET', '/api/v1/me/security')).body.data.authMethod).to.equal('passkey');
      const row = await k.db('user_passkeys').where({ id: passkey.id }).first();
      expect(row.sign_count).to.equal(1);
      expect(row.last_used_at).to.be.an.instanceOf(Date);
      expect(await k.db('audit_log').where({ action: 'auth.login', resource_id: u.id }).whereRaw(`metadata->>'authMethod' = 'passkey'`).first()).to.exist;

      expectError(await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken, credential: assertion }), 401, 'challenge_expired');
      const fresh = (await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {})).body.data;
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken: fresh.challengeToken, credential: assertion }),
        401,
        'passkey_rejected',
      );
    });

    it('refuses forged, cloned and unknown assertions', async () => {
      const stranger = new SoftwareAuthenticator(ORIGIN);
      stranger.create({ rp: { id: 'localhost' }, user: { id: 'c3RyYW5nZXI' }, challenge: 'unused' });
      const cases = [
        (o: any) => authenticator.get(o, { badSignature: true }),
        (o: any) => authenticator.get(o, { origin: 'https://evil.example' }),
        (o: any) => authenticator.get(o, { userVerified: false }),
        (o: any) => authenticator.get(o, { type: 'webauthn.create' }),
        (o: any) => authenticator.get(o, { signCount: 1 }), // not above the stored counter: a cloned key
        (o: any) => stranger.get(o), // a passkey this server never registered
        (o: any) => {
          // The user handle is not covered by the signature; it must still name the passkey's owner.
          const a = authenticator.get(o);
          return { ...a, response: { ...a.response, userHandle: Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url') } };
        },
      ];
      for (const answer of cases) {
        await resetRateLimits(k);
        const { challengeToken, options } = (await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {})).body.data;
        expectError(
          await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken, credential: answer(options) }),
          401,
          'passkey_rejected',
        );
      }
      expect((await k.db('user_passkeys').where({ id: passkey.id }).first()).sign_count, 'refused answers do not move the counter').to.equal(1);
    });

    it("serves as the second step after a password, only with that user's passkey", async () => {
      const step = await passwordStep(u.username);
      expect(step.methods).to.deep.equal(['passkey']);
      const opts = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/passkey/options', { challengeToken: step.challengeToken });
      expect(opts.status, JSON.stringify(opts.body)).to.equal(200);
      expect(opts.body.data.challengeToken).to.equal(step.challengeToken);
      expect(opts.body.data.options.allowCredentials.map((c: { id: string }) => c.id)).to.deep.equal([passkey.credentialId]);
      expect(
        (
          await k
            .db('mfa_challenges')
            .where({ token_hash: sha256(step.challengeToken) })
            .first()
        ).webauthn_challenge,
      ).to.equal(opts.body.data.options.challenge);

      // Another user's perfectly valid passkey is not an answer for this user.
      const mallory = await newUser();
      const theirs = new SoftwareAuthenticator(ORIGIN);
      const reg = await registrationOptions(mallory.session);
      expect(
        (
          await consoleCall(k, mallory.session, 'POST', '/api/v1/me/security/passkeys', {
            challengeToken: reg.challengeToken,
            credential: theirs.create(reg.options),
          })
        ).status,
      ).to.equal(201);
      const wrongUser = theirs.getWith(theirs.credentialIds[0]!, opts.body.data.options);
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken: step.challengeToken, credential: wrongUser }),
        401,
        'passkey_rejected',
      );
      expect(
        (
          await k
            .db('mfa_challenges')
            .where({ token_hash: sha256(step.challengeToken) })
            .first()
        ).failed_attempts,
      ).to.equal(1);

      const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', {
        challengeToken: step.challengeToken,
        credential: authenticator.get(opts.body.data.options),
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.authMethod).to.equal('passkey');
      expect(res.body.data.user.id).to.equal(u.id);
      expect(
        await k
          .db('mfa_challenges')
          .where({ token_hash: sha256(step.challengeToken) })
          .first(),
      ).to.equal(undefined);
    });

    it('needs passkey options before a passkey answers a login challenge, and an unknown challenge has expired', async () => {
      const step = await passwordStep(u.username);
      const discoverable = (await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {})).body.data;
      const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', {
        challengeToken: step.challengeToken,
        credential: authenticator.get(discoverable.options),
      });
      expectError(res, 401, 'passkey_rejected');
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/passkey/options', { challengeToken: 'no-such-challenge' }),
        401,
        'challenge_expired',
      );
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', {
          challengeToken: 'no-such-challenge',
          credential: authenticator.get(discoverable.options),
        }),
        401,
        'challenge_expired',
      );
    });

    it('renames a passkey', async () => {
      expect((await consoleCall(k, u.session, 'PATCH', `/api/v1/me/security/passkeys/${passkey.id}`, { name: '  Work laptop ' })).status).to.equal(204);
      const overview = await consoleCall(k, u.session, 'GET', '/api/v1/me/security');
      expect(overview.body.data.passkeys[0].name).to.equal('Work laptop');
      expectError(
        await consoleCall(k, u.session, 'PATCH', '/api/v1/me/security/passkeys/00000000-0000-4000-8000-000000000000', { name: 'x' }),
        404,
        'factor_not_found',
      );
      expect((await consoleCall(k, u.session, 'PATCH', `/api/v1/me/security/passkeys/${passkey.id}`, { name: '' })).status).to.equal(422);
      expect((await consoleCall(k, u.session, 'PATCH', `/api/v1/me/security/passkeys/${passkey.id}`, { name: 'x'.repeat(121) })).status).to.equal(422);
      expectError(await consoleCall(k, owner, 'PATCH', `/api/v1/me/security/passkeys/${passkey.id}`, { name: 'Mine now' }), 404, 'factor_not_found');
    });

    it('removes a passkey only with the current password; it then stops signing in', async () => {
      expectError(
        await consoleCall(k, u.session, 'POST', `/api/v1/me/security/passkeys/${passkey.id}/remove`, { password: 'not my password' }),
        403,
        'password_required',
      );
      expectError(
        await consoleCall(k, owner, 'POST', `/api/v1/me/security/passkeys/${passkey.id}/remove`, { password: OWNER.password }),
        404,
        'factor_not_found',
      );
      expect((await consoleCall(k, u.session, 'POST', `/api/v1/me/security/passkeys/${passkey.id}/remove`, { password: PASSWORD })).status).to.equal(204);
      expect((await consoleCall(k, u.session, 'GET', '/api/v1/me/security')).body.data.passkeys).to.deep.equal([]);
      expect(await k.db('audit_log').where({ action: 'auth.mfa.passkey_removed', actor_id: u.id }).first()).to.exist;
      const { challengeToken, options } = (await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {})).body.data;
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken, credential: authenticator.get(options) }),
        401,
        'passkey_rejected',
      );
    });
  });

  describe('policy', () => {
    after(() => setPolicy('none'));

    it('lets an unenrolled user in scope reach only sign-in and security until a factor is confirmed', async () => {
      const u = await newUser('administrator');
      await setPolicy('all');
      const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: u.username, password: PASSWORD });
      expect(res.body.data.mfaEnrollmentRequired).to.equal(true);
      const s = sessionFrom(res);
      const otherBrowser = await login(k, u.username, PASSWORD);
      expectError(await consoleCall(k, s, 'GET', '/api/v1/users'), 403, 'mfa_enrollment_required');
      expectError(await consoleCall(k, otherBrowser, 'GET', '/api/v1/users'), 403, 'mfa_enrollment_required');
      const overview = await consoleCall(k, s, 'GET', '/api/v1/me/security');
      expect(overview.status).to.equal(200);
      expect(overview.body.data).to.deep.include({ required: true, policy: 'all', enrolled: false });
      const status = await consoleCall(k, s, 'GET', '/api/v1/auth/status');
      expect(status.status).to.equal(200);
      expect(status.body.data).to.deep.include({ authenticated: true, mfaEnrollmentRequired: true });

      await enrollTotp(s);
      expect((await consoleCall(k, s, 'GET', '/api/v1/users')).status, 'the same browser carries on').to.equal(200);
      expect((await consoleCall(k, otherBrowser, 'GET', '/api/v1/users')).status, 'other sessions of the user too').to.equal(200);
      expect((await consoleCall(k, s, 'GET', '/api/v1/auth/status')).body.data.mfaEnrollmentRequired).to.equal(false);
    });

    it('settles a pending enrollment with a passkey as well', async () => {
      const u = await newUser('viewer');
      const s = await login(k, u.username, PASSWORD);
      expectError(await consoleCall(k, s, 'GET', '/api/v1/users'), 403, 'mfa_enrollment_required');
      const { challengeToken, options } = (await consoleCall(k, s, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
      const res = await consoleCall(k, s, 'POST', '/api/v1/me/security/passkeys', {
        challengeToken,
        credential: new SoftwareAuthenticator(ORIGIN).create(options),
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect((await consoleCall(k, s, 'GET', '/api/v1/auth/status')).body.data.mfaEnrollmentRequired).to.equal(false);
      expectError(await consoleCall(k, s, 'GET', '/api/v1/users'), 403, 'insufficient_role'); // past the enrollment gate, stopped by the role
      expect(await k.db('sessions').where({ user_id: u.id, mfa_enrollment_pending: true })).to.have.length(0);
    });

    it('refuses to remove the last factor the policy requires', async () => {
      const u = await newUser();
      await enrollTotp(u.session);
      expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: PASSWORD }), 409, 'last_factor');
      expect(await k.db('user_totp_factors').where({ user_id: u.id }).first()).to.exist;

      const { challengeToken, options } = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
      const added = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', {
        challengeToken,
        credential: new SoftwareAuthenticator(ORIGIN).create(options),
        name: 'Phone',
      });
      expect(added.body.data.name).to.equal('Phone');
      expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: PASSWORD })).status, 'a passkey remains').to.equal(204);
      expectError(
        await consoleCall(k, u.session, 'POST', `/api/v1/me/security/passkeys/${added.body.data.id}/remove`, { password: PASSWORD }),
        409,
        'last_factor',
      );

      // Two removals racing must not both pass the check: while another removal holds the user's
      // factors, this one waits, then sees that the passkey is gone.
      await enrollTotp(u.session);
      const factors = k.containerOf('auth').resolve('factorsRepository') as FactorsRepository;
      let removal: Promise<ApiResponse> | undefined;
      await factors.exclusive(u.id, async (trx) => {
        removal = consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: PASSWORD });
        const waiting = await eventually(
          async () =>
            (
              await k.db.raw(
                `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database() AND l.locktype = 'advisory' AND NOT l.granted`,
              )
            ).rows[0].n as number,
          (n) => n > 0,
        );
        expect(waiting, 'the removal waits on the factors lock').to.be.greaterThan(0);
        await trx('user_passkeys').where({ id: added.body.data.id }).delete();
      });
      expectError(await removal!, 409, 'last_factor');
      expect((await consoleCall(k, u.session, 'GET', '/api/v1/me/security')).body.data).to.deep.include({ totpEnrolled: true, enrolled: true });
    });
  });

  describe('secrets', () => {
    it('never shows a TOTP secret or a recovery code in a later response or a log line', async () => {
      expect(secrets.length).to.be.greaterThan(3);
      expect(recoveryCodes.length).to.equal(20);
      const logs = JSON.stringify(k.logs);
      expect(k.logs.length).to.be.greaterThan(50);
      for (const secret of secrets) expect(logs).not.to.contain(secret);
      for (const code of recoveryCodes) {
        expect(logs).not.to.contain(code);
        expect(logs).not.to.contain(code.replace(/-/g, ''));
      }
      const audit = JSON.stringify(await k.db('audit_log').select());
      for (const secret of secrets) expect(audit).not.to.contain(secret);
    });
  });
});

describe('passkeys on an address they cannot work with', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PUBLIC_URL: 'http://192.168.1.10:8080' } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('answers 409 passkeys_unavailable with the reason, and says so in status and the overview', async () => {
    const calls = [
      consoleCall(k, owner, 'POST', '/api/v1/me/security/passkeys/options'),
      consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {}),
      consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/passkey/options', { challengeToken: 'anything' }),
    ];
    for (const res of await Promise.all(calls)) {
      expectError(res, 409, 'passkeys_unavailable');
      expect(res.body.error.message).to.contain('IP address');
    }
    const status = await consoleCall(k, undefined, 'GET', '/api/v1/auth/status');
    expect(status.body.data.passkeysAvailable).to.equal(false);
    expect(status.body.data.passkeysUnavailableReason).to.contain('IP address');
    const overview = await consoleCall(k, owner, 'GET', '/api/v1/me/security');
    expect(overview.body.data).to.deep.include({ passkeysAvailable: false, relyingPartyId: '' });
    expect(overview.body.data.passkeysUnavailableReason).to.contain('IP address');
  });
});
