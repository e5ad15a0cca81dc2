import { expect } from 'chai';
import { generate } from 'otplib';
import { coreModules } from '../../core-modules/index.js';
import { ACCOUNT_ATTEMPTS, ACCOUNT_WINDOW_SECONDS, DEVICE_ATTEMPTS } from '../../core-modules/auth/sign-in/sign-in-limits.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, OWNER, resetRateLimits, sessionFrom, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { SoftwareAuthenticator } from '../support/webauthn-authenticator.js';

const ORIGIN = 'http://localhost:5173';
// TRUST_PROXY: each request may claim its own client address, as a botnet's would be.
const ENV = { PUBLIC_URL: ORIGIN, TRUST_PROXY: 'true' };
const PASSWORD = 'a long enough password';
const WRONG = 'not the password at all';

let addresses = 0;
/** A client address no earlier request used, so the per-address limit never answers first. */
const freshAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A POST from a browser at a fresh address, carrying `device` (its known-device cookie) if given. */
async function post(k: TestKernel, path: string, body: unknown, device?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() };
  if (device) headers.cookie = `signage_device=${device}`;
  const res = await k.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const signIn = (k: TestKernel, username: string, password: string, device?: string) => post(k, '/api/v1/auth/login', { username, password }, device);

function deviceCookieOf(res: Answer): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('signage_device='));
  if (!cookie) throw new Error(`no known-device cookie (${res.status}): ${JSON.stringify(res.body)}`);
  expect(cookie.toLowerCase()).to.include('httponly').and.include('samesite=strict').and.include('path=/api/v1/auth/');
  return /^signage_device=([^;]+)/.exec(cookie)![1]!;
}

/** A 429 whose Retry-After is `seconds`, less the time the attempts before it took (argon2 is slow on a busy machine). */
function expectLockedOut(res: Answer, seconds = ACCOUNT_WINDOW_SECONDS) {
  expect(res.status, JSON.stringify(res.body)).to.equal(429);
  expect(res.body.error.code).to.equal('rate_limited');
  expect(Number(res.headers.get('retry-after'))).to.be.within(seconds - 120, seconds);
}

/** Wrong passwords from as many addresses as the account allows: each is refused as wrong, none is locked out yet. */
async function useUpAccount(k: TestKernel, username: string) {
  for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) expect((await signIn(k, username, WRONG)).status).to.equal(401);
}

const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe('per-account sign-in limits', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let ownersBrowser: string;
  let users = 0;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: ENV });
    owner = await setUpOwner(k);
    ownersBrowser = deviceCookieOf(await signIn(k, OWNER.username, OWNER.password));
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  /** A fresh user, and the known-device cookie of the browser they signed in with. */
  async function newUser() {
    const username = `member${++users}`;
    const created = await consoleCall(k, owner, 'POST', '/api/v1/users', { name: `Member ${users}`, username, password: PASSWORD, role: 'editor' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const res = await signIn(k, username, PASSWORD);
    return { username, id: created.body.data.id as string, session: sessionFrom(res), device: deviceCookieOf(res) };
  }

  it("locks an account out when many addresses guess it, while the owner's known browser still signs in", async () => {
    await useUpAccount(k, OWNER.username);
    expectLockedOut(await signIn(k, OWNER.username, WRONG));
    expectLockedOut(await signIn(k, OWNER.username, OWNER.password)); // even the right password, from elsewhere
    const home = await signIn(k, OWNER.username, OWNER.password, ownersBrowser);
    expect(home.status, JSON.stringify(home.body)).to.equal(200);
    expect(home.body.data.user.username).to.equal(OWNER.username);
    expect((await signIn(k, OWNER.username, WRONG)).status, "a completed sign-in forgives the account's failures").to.equal(401);
  });

  it('counts unknown usernames alike, so a lock-out tells nothing about who exists', async () => {
    await useUpAccount(k, 'nobody-here');
    expectLockedOut(await signIn(k, 'nobody-here', WRONG));
  });

  it('exempts only a cookie this server signed for that very account', async () => {
    const member = await newUser();
    await useUpAccount(k, OWNER.username);
    const [userId, nonce] = ownersBrowser.split('.');
    const forged = `${userId}.${nonce}.${member.device.split('.').slice(2).join('.')}`;
    expectLockedOut(await signIn(k, OWNER.username, OWNER.password, forged));
    expectLockedOut(await signIn(k, OWNER.username, OWNER.password, member.device));
    expect((await signIn(k, member.username, PASSWORD, member.device)).status, 'it still works for its own account').to.equal(200);
  });

  it('gives a known browser its own small budget', async () => {
    for (let i = 0; i < DEVICE_ATTEMPTS; i++) expect((await signIn(k, OWNER.username, WRONG, ownersBrowser)).status).to.equal(401);
    expectLockedOut(await signIn(k, OWNER.username, OWNER.password, ownersBrowser));
    expect((await signIn(k, OWNER.username, WRONG)).status, "its failures are not the account's").to.equal(401);
  });

  it('locks out for twice as long each time the budget runs out again', async () => {
    await useUpAccount(k, OWNER.username);
    expectLockedOut(await signIn(k, OWNER.username, WRONG), ACCOUNT_WINDOW_SECONDS);
    // The lock-out ends (its row expires); the day's count of lock-outs stays.
    await k
      .db('kernel_rate_limits')
      .where('key', 'like', 'auth-account:%')
      .update({ expire: Date.now() - 1 });
    await useUpAccount(k, OWNER.username);
    expectLockedOut(await signIn(k, OWNER.username, WRONG), 2 * ACCOUNT_WINDOW_SECONDS);
  });

  it('shares the counts between server processes on one database', async () => {
    const other = await bootTestKernel({ plugins: coreModules, env: ENV, databaseUrl: k.databaseUrl, dataDir: k.dataDir });
    try {
      for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) expect((await signIn(i % 2 ? other : k, OWNER.username, WRONG)).status).to.equal(401);
      expectLockedOut(await signIn(other, OWNER.username, WRONG));
      expectLockedOut(await signIn(k, OWNER.username, WRONG));
      expect((await signIn(other, OWNER.username, OWNER.password, ownersBrowser)).status, 'the known browser, on the other process').to.equal(200);
    } finally {
      await other.stop();
    }
  });

  it('counts codes of the second step too, so a known password does not open unlimited code guessing', async () => {
    const member = await newUser();
    const secret = (await consoleCall(k, member.session, 'POST', '/api/v1/me/security/totp')).body.data.secret as string;
    expect((await consoleCall(k, member.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await totp(secret, -1) })).status).to.equal(200);

    const step = await signIn(k, member.username, PASSWORD);
    expect(step.body.data.mfaRequired, 'a right password costs nothing').to.equal(true);
    for (let i = 1; i <= ACCOUNT_ATTEMPTS; i++) {
      const wrong = await post(k, '/api/v1/auth/mfa/verify', { challengeToken: step.body.data.challengeToken, code: '000000' });
      expect(wrong.body.error.code).to.equal(i < ACCOUNT_ATTEMPTS ? 'invalid_code' : 'challenge_exhausted');
    }
    expectLockedOut(await signIn(k, member.username, PASSWORD));

    const own = await signIn(k, member.username, PASSWORD, member.device);
    const done = await post(k, '/api/v1/auth/mfa/verify', { challengeToken: own.body.data.challengeToken, code: await totp(secret) }, member.device);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.data.authMethod).to.equal('totp');
  });

  it('leaves passkey sign-in alone, and a passkey sign-in forgives the failures', async () => {
    const member = await newUser();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = (await consoleCall(k, member.session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    const added = await consoleCall(k, member.session, 'POST', '/api/v1/me/security/passkeys', {
      challengeToken: options.challengeToken,
      credential: authenticator.create(options.options),
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);

    await useUpAccount(k, member.username);
    expectLockedOut(await signIn(k, member.username, WRONG));
    const ceremony = (await post(k, '/api/v1/auth/passkey/login/options', {})).body.data;
    const res = await post(k, '/api/v1/auth/passkey/login', { challengeToken: ceremony.challengeToken, credential: authenticator.get(ceremony.options) });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data.user.id).to.equal(member.id);
    deviceCookieOf(res);
    expect((await signIn(k, member.username, WRONG)).status).to.equal(401);
  });
});
