import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

/** Text PostgreSQL cannot store is refused by the kernel's validation, on every route. */
describe('text the database cannot store', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const refused = (res: { status: number; body: any }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(422);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).to.deep.equal([field]);
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Text screen' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('refuses a NUL or an unpaired surrogate in a body string, naming the field, and stores nothing', async () => {
    refused(await api('POST', '/api/v1/locations', { name: 'North\u0000wing' }), 'body/name');
    refused(await api('POST', '/api/v1/locations', { name: 'North \ud800 wing' }), 'body/name');
    const names = (await api('GET', '/api/v1/locations')).body.data.items.map((l: { name: string }) => l.name);
    expect(names.some((n: string) => n.startsWith('North'))).to.equal(false);
  });

  it('refuses it in a query parameter and in a nested free-form payload', async () => {
    refused(await api('GET', '/api/v1/screens?search=lobby%00'), 'query/search');
    refused(
      await api('POST', `/api/v1/screens/${screen.screenId}/commands`, { type: 'show_message', payload: { message: 'hi\u0000' } }),
      'body/payload/message',
    );
  });

  it('refuses ids PostgreSQL cannot read and moments JavaScript cannot hold, naming the field, and stores nothing', async () => {
    const id = '5e54f636-b564-437d-ac86-5d56534fb9e0';
    refused(await api('PATCH', `/api/v1/locations/urn:uuid:${id}`, { name: 'East' }), 'params/id');
    const tokens = async () => (await api('GET', '/api/v1/integration-tokens')).body.data.length;
    const before = await tokens();
    // RFC 3339 has a leap second; Date (and so every date sum) has none.
    refused(await api('POST', '/api/v1/integration-tokens', { name: 'Leap', scopes: ['activity:read'], expiresAt: '2099-12-31T23:59:60Z' }), 'body/expiresAt');
    refused(
      await api('POST', '/api/v1/integration-tokens', { name: 'Urn', scopes: ['data_source:write'], dataSourceIds: [`urn:uuid:${id}`] }),
      'body/dataSourceIds/0',
    );
    expect(await tokens()).to.equal(before);
  });

  it('refuses a body nested deeper than any route needs, however deep (walked without recursion)', async () => {
    // Sent as text: the test's own JSON.stringify could not write 100,000 levels.
    const nested = (depth: number) => `{"provider":"manual","name":"Deep","configuration":{"extra":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    for (const depth of [120, 100_000]) {
      const res = await k.request('/api/v1/data-sources', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken },
        body: nested(depth),
      });
      const body = await res.json();
      expect(res.status, `${depth} levels`).to.equal(422);
      expect(body.error.details.fields[0].message).to.match(/nests deeper than 100 levels/);
    }
    expect((await api('GET', '/api/v1/data-sources')).body.data.total).to.equal(0);
  });

  it('refuses it before authentication has anything to look up, and in a heartbeat (no longer accepted and left to fail the contact write)', async () => {
    const login = await call(k, 'POST', '/api/v1/auth/login', { username: 'olivia\u0000', password: 'x' });
    refused(login, 'body/username');
    refused(await playerCall(k, screen.credential, 'POST', '/api/v1/player/heartbeat', { playerVersion: 'a\u0000b' }), 'body/playerVersion');
  });
});
