import { expect } from 'chai';
import { generate } from 'otplib';
import { coreModules } from '../../core-modules/index.js';
import {
  AuthStatus,
  IntegrationTokenCreated,
  IntegrationTokenList,
  MFAChallenge,
  PasskeyCeremony,
  RecoveryCodes,
  SecurityStatus,
  SessionResult,
  TOTPEnrollment,
  UserList,
} from '../fixtures/console-types/auth.js';
import { consoleCall, OWNER, sessionFrom, type ConsoleSession } from '../support/console-client.js';
import { expectConsoleShape } from '../support/console-contract.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { SoftwareAuthenticator } from '../support/webauthn-authenticator.js';

const ORIGIN = 'http://localhost:5173';
const PASSWORD = 'a long enough password';

describe('accounts as the reference’s console reads them', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  const call = async (session: ConsoleSession | undefined, method: string, path: string, body?: unknown) => {
    const res = await consoleCall(k, session, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.within(200, 201);
    return res;
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PUBLIC_URL: ORIGIN } });
  });
  after(() => k?.stop());

  it('answers setup, status, sign-in with a second factor, and the security page in the console’s shapes', async () => {
    expectConsoleShape((await call(undefined, 'GET', '/api/v1/auth/status')).body.data, AuthStatus, 'GET /auth/status before setup');
    const setup = await call(undefined, 'POST', '/api/v1/auth/setup', OWNER);
    expectConsoleShape(setup.body.data, SessionResult, 'POST /auth/setup');
    owner = sessionFrom(setup);
    const status = (await call(owner, 'GET', '/api/v1/auth/status')).body.data;
    expectConsoleShape(status, AuthStatus, 'GET /auth/status signed in');
    expect(status).to.include({ authenticated: true, setupRequired: false });

    const created = await call(owner, 'POST', '/api/v1/users', { name: 'Edda Editor', username: 'edda', password: PASSWORD, role: 'editor' });
    expect(created.body.data, 'never signed in: no lastLoginAt, and no null').not.to.have.property('lastLoginAt');
    const users = (await call(owner, 'GET', '/api/v1/users')).body.data;
    expectConsoleShape(users, UserList, 'GET /users');

    const signedIn = await call(undefined, 'POST', '/api/v1/auth/login', { username: 'edda', password: PASSWORD });
    expectConsoleShape(signedIn.body.data, SessionResult, 'POST /auth/login');
    const edda = sessionFrom(signedIn);
    const fresh = (await call(edda, 'GET', '/api/v1/me/security')).body.data;
    expectConsoleShape(fresh, SecurityStatus, 'GET /me/security with no factor');
    expect(fresh.relyingPartyId).to.equal('localhost');

    const enrollment = (await call(edda, 'POST', '/api/v1/me/security/totp')).body.data;
    expectConsoleShape(enrollment, TOTPEnrollment, 'POST /me/security/totp');
    await call(edda, 'POST', '/api/v1/me/security/totp/confirm', { code: await generate({ secret: enrollment.secret }) });
    expectConsoleShape((await call(edda, 'POST', '/api/v1/me/security/recovery-codes', { password: PASSWORD })).body.data, RecoveryCodes, 'recovery codes');

    const ceremony = (await call(edda, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    expectConsoleShape(ceremony, PasskeyCeremony, 'POST /me/security/passkeys/options');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await call(edda, 'POST', '/api/v1/me/security/passkeys', { challengeToken: ceremony.challengeToken, credential: authenticator.create(ceremony.options) });
    const enrolled = (await call(edda, 'GET', '/api/v1/me/security')).body.data;
    expectConsoleShape(enrolled, SecurityStatus, 'GET /me/security with TOTP and a passkey');
    expect(enrolled.passkeys).to.have.length(1);
    expect(enrolled.passkeys[0], 'never used: no lastUsedAt').not.to.have.property('lastUsedAt');

    const listed = (await call(owner, 'GET', '/api/v1/users')).body.data;
    expectConsoleShape(listed, UserList, 'GET /users with a second factor enrolled');
    expect(listed.items.find((u: { username: string }) => u.username === 'edda')).to.include({ mfaEnrolled: true, mfaRequired: false });
    expect(listed.items.find((u: { username: string }) => u.username === OWNER.username)).to.include({ mfaEnrolled: false });

    const challenged = (await call(undefined, 'POST', '/api/v1/auth/login', { username: 'edda', password: PASSWORD })).body.data;
    expectConsoleShape(challenged, MFAChallenge, 'POST /auth/login owing a second factor');
    expectConsoleShape((await call(undefined, 'POST', '/api/v1/auth/passkey/login/options')).body.data, PasskeyCeremony, 'passkey sign-in options');
  });

  it('answers the integration tokens panel in the console’s shapes', async () => {
    const created = (await call(owner, 'POST', '/api/v1/integration-tokens', { name: 'Wallboard', scopes: ['activity:read'] })).body.data;
    expectConsoleShape(created, IntegrationTokenCreated, 'POST /integration-tokens');
    const expiring = (
      await call(owner, 'POST', '/api/v1/integration-tokens', {
        name: 'Till feed',
        scopes: ['data_source:write'],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).body.data;
    await consoleCall(k, owner, 'DELETE', `/api/v1/integration-tokens/${expiring.token.id}`);
    const list = (await call(owner, 'GET', '/api/v1/integration-tokens')).body.data;
    expectConsoleShape(list, IntegrationTokenList, 'GET /integration-tokens');
    expect(list.map((t: { id: string }) => t.id)).to.deep.equal([expiring.token.id, created.token.id]);
    expect(list[0]).to.include.keys('expiresAt', 'revokedAt');
  });
});
