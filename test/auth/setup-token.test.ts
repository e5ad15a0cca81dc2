import { networkInterfaces } from 'node:os';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { OWNER } from '../support/console-client.js';

/** An address of this machine that is not loopback: a request to it comes from a "remote" peer. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** The setup token from the start-up log line. */
function loggedToken(k: TestKernel): string | undefined {
  const line = k.logs.map((l) => String(l.msg)).find((m) => m.includes('setup token'));
  return line && /setup token: (\S+)/.exec(line)?.[1];
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('first-run setup token', () => {
  let k: TestKernel;
  let remote: string;
  before(async function () {
    if (!outsideAddress) this.skip(); // no address but loopback: nothing can be remote here
    k = await bootTestKernel({ plugins: coreModules, env: { HOST: '0.0.0.0' } });
    remote = k.url.replace('127.0.0.1', outsideAddress!);
  });
  after(() => k?.stop());

  it('prints one clear line with the token while the server is not set up, the same on every process', async () => {
    const token = loggedToken(k);
    expect(token).to.match(/^[0-9a-f]{8}\.[A-Za-z0-9_-]{43}$/);
    const other = await bootTestKernel({ plugins: coreModules, databaseUrl: k.databaseUrl, dataDir: k.dataDir });
    try {
      expect(loggedToken(other)).to.equal(token);
    } finally {
      await other.stop();
    }
  });

  it('tells each caller whether it needs the token', async () => {
    const needs = async (base: string, headers?: Record<string, string>) =>
      (await call(base, 'GET', '/api/v1/auth/status', undefined, headers)).body.data.setupTokenRequired;
    expect(await needs(k.url)).to.equal(false);
    expect(await needs(remote)).to.equal(true);
    expect(await needs(k.url, { 'x-forwarded-for': '127.0.0.1' }), 'a proxy on this machine').to.equal(true);
  });

  it('refuses a setup from another machine, or through a proxy on this one, without the right token', async () => {
    const refused = async (base: string, body: object, headers?: Record<string, string>) => {
      const res = await call(base, 'POST', '/api/v1/auth/setup', body, headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(403);
      return res.body.error.code as string;
    };
    expect(await refused(remote, OWNER)).to.equal('setup_token_required');
    const token = loggedToken(k)!;
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await refused(remote, { ...OWNER, setupToken: altered })).to.equal('setup_token_invalid');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(await refused(k.url, OWNER, { [header]: header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1' }), header).to.equal('setup_token_required');
    }
    expect(await k.db('users').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('sets up from another machine with the token', async () => {
    const res = await call(remote, 'POST', '/api/v1/auth/setup', { ...OWNER, setupToken: loggedToken(k) });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.data.user.role).to.equal('owner');
    const after = await call(remote, 'GET', '/api/v1/auth/status');
    expect(after.body.data).to.deep.include({ setupRequired: false, setupTokenRequired: false });
  });

  it('prints no token once set up', async () => {
    const other = await bootTestKernel({ plugins: coreModules, databaseUrl: k.databaseUrl, dataDir: k.dataDir });
    try {
      expect(loggedToken(other)).to.equal(undefined);
    } finally {
      await other.stop();
    }
  });
});

describe('first-run setup from the server machine', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
  });
  after(() => k?.stop());

  it('is one call, without a token', async () => {
    const res = await call(k.url, 'POST', '/api/v1/auth/setup', OWNER);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  });
});
