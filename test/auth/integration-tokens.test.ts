import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { integrationProbePlugin } from '../fixtures/integration-probe.plugin.js';

const ACTIVITY = '/api/v1/probe/activity';
const WRITE = '/api/v1/probe/data-source-rows';
const TOKENS = '/api/v1/integration-tokens';
const SOURCE_ID = '0b5e7c1e-3c43-4a8e-9a61-7c2f3f0c0d11';

describe('integration tokens', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, integrationProbePlugin] });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const bearer = (k: TestKernel, path: string, token: string) => call(k, 'GET', path, undefined, { authorization: `Bearer ${token}` });

  async function createToken(body: Record<string, unknown> = {}) {
    const res = await consoleCall(k, owner, 'POST', TOKENS, { name: 'Fleet dashboard', scopes: ['activity:read'], ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as { token: Record<string, any>; secret: string; notice: string };
  }

  it('shows the secret only in the create response, stores only its hash and never logs it', async () => {
    const { token, secret, notice } = await createToken({ name: 'Wallboard feed', scopes: ['data_source:write', 'activity:read'], dataSourceIds: [SOURCE_ID] });
    expect(secret).to.match(/^svci_[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/);
    expect(secret.slice(5, 29)).to.equal(token.publicId);
    expect(notice).to.be.a('string').and.not.empty;
    expect(token).to.deep.include({
      name: 'Wallboard feed',
      scopes: ['data_source:write', 'activity:read'],
      dataSourceIds: [SOURCE_ID],
      createdBy: owner.userId,
    });
    expect(token, 'a moment it does not have is left out, as the reference answers').not.to.have.any.keys('expiresAt', 'lastUsedAt', 'revokedAt');
    const secretPart = secret.split('.')[1]!;

    const list = await consoleCall(k, owner, 'GET', TOKENS);
    expect(list.status).to.equal(200);
    expect(list.body.data.map((t: any) => t.id)).to.include(token.id);
    expect(JSON.stringify(list.body)).not.to.contain(secretPart);
    expect(Object.keys(list.body.data[0]).sort()).to.deep.equal(['createdAt', 'createdBy', 'dataSourceIds', 'id', 'name', 'publicId', 'scopes']);

    const row = await k.db('integration_tokens').where({ id: token.id }).first();
    expect(row.secret_hash).to.equal(createHash('sha256').update(secretPart).digest('hex'));
    expect(JSON.stringify(row)).not.to.contain(secretPart);

    await bearer(k, ACTIVITY, secret);
    await bearer(k, ACTIVITY, `${secret.slice(0, -1)}x`);
    expect(JSON.stringify(k.logs)).not.to.contain(secretPart);
    const audit = await k.db('audit_log').where({ action: 'integration_token.created', resource_id: token.id }).first();
    expect(audit.actor_id).to.equal(owner.userId);
    expect(audit.metadata).to.deep.include({ name: 'Wallboard feed', publicId: token.publicId });
    expect(JSON.stringify(await k.db('audit_log').select())).not.to.contain(secretPart);
  });

  it('lists newest first, as the list itself', async () => {
    const older = await createToken({ name: 'older' });
    const newer = await createToken({ name: 'newer' });
    const list = await consoleCall(k, owner, 'GET', TOKENS);
    const ids = list.body.data.map((t: any) => t.id);
    expect(ids.indexOf(newer.token.id)).to.be.lessThan(ids.indexOf(older.token.id));
    expect(ids.length).to.equal(Number((await k.db('integration_tokens').count({ n: '*' }).first())!.n));
  });

  it('authenticates on a route of its scope and refuses one outside it with 403 insufficient_scope', async () => {
    const { token, secret } = await createToken({ scopes: ['activity:read'] });
    const ok = await bearer(k, ACTIVITY, secret);
    expect(ok.status).to.equal(200);
    expect(ok.body.data).to.deep.equal({ kind: 'integration', tokenId: token.id, capabilities: ['activity:read'], scope: { dataSourceIds: [] } });
    const denied = await bearer(k, WRITE, secret);
    expect(denied.status).to.equal(403);
    expect(denied.body.error.code).to.equal('insufficient_scope');

    const writer = await createToken({ scopes: ['data_source:write'], dataSourceIds: [SOURCE_ID] });
    const write = await bearer(k, WRITE, writer.secret);
    expect(write.status).to.equal(200);
    expect(write.body.data.scope).to.deep.equal({ dataSourceIds: [SOURCE_ID] });
    expect((await bearer(k, ACTIVITY, writer.secret)).body.error.code).to.equal('insufficient_scope');
  });

  it('keeps each credential inside its own boundary', async () => {
    const { secret } = await createToken();
    const onConsole = await bearer(k, '/api/v1/users', secret);
    expect(onConsole.status).to.equal(401);
    expect(onConsole.body.error.code).to.equal('authentication_required');
    expect((await consoleCall(k, owner, 'GET', '/api/v1/users')).status, 'the owner cookie itself works').to.equal(200);
    const cookieOnIntegration = await consoleCall(k, owner, 'GET', ACTIVITY);
    expect(cookieOnIntegration.status).to.equal(401);
    expect(cookieOnIntegration.body.error.code).to.equal('invalid_token');
  });

  it('refuses malformed, unknown and wrong-secret tokens with 401 invalid_token', async () => {
    const { secret } = await createToken();
    expect((await bearer(k, ACTIVITY, secret)).status, 'the genuine token works').to.equal(200);
    const [prefix, secretPart] = secret.split('.') as [string, string];
    const flipped = secretPart.startsWith('A') ? `B${secretPart.slice(1)}` : `A${secretPart.slice(1)}`;
    const unknownId = `svci_${'0'.repeat(24)}.${secretPart}`;
    const attempts: [string, Record<string, string>][] = [
      ['wrong secret', { authorization: `Bearer ${prefix}.${flipped}` }],
      ['unknown public id', { authorization: `Bearer ${unknownId}` }],
      ['not a token', { authorization: 'Bearer nonsense' }],
      ['another scheme', { authorization: `Basic ${secret}` }],
      ['no header', {}],
    ];
    for (const [what, headers] of attempts) {
      const res = await call(k, 'GET', ACTIVITY, undefined, headers);
      expect(res.status, what).to.equal(401);
      expect(res.body.error.code, what).to.equal('invalid_token');
    }
  });

  it('revokes: the token stops working, a second revoke and an unknown id are 404 not_found', async () => {
    const { token, secret } = await createToken();
    expect((await bearer(k, ACTIVITY, secret)).status).to.equal(200);
    const revoked = await consoleCall(k, owner, 'DELETE', `${TOKENS}/${token.id}`);
    expect(revoked.status).to.equal(204);
    const res = await bearer(k, ACTIVITY, secret);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('invalid_token');
    const listed = (await consoleCall(k, owner, 'GET', TOKENS)).body.data.find((t: any) => t.id === token.id);
    expect(listed.revokedAt).to.be.a('string');
    const audit = await k.db('audit_log').where({ action: 'integration_token.revoked', resource_id: token.id });
    expect(audit).to.have.length(1);
    for (const id of [token.id, '6f1c2a52-8d0e-4c7b-9a0a-2b1d3e4f5a6b']) {
      const again = await consoleCall(k, owner, 'DELETE', `${TOKENS}/${id}`);
      expect(again.status).to.equal(404);
      expect(again.body.error.code).to.equal('not_found');
    }
  });

  it('refuses an expired token', async () => {
    const { token, secret } = await createToken({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await bearer(k, ACTIVITY, secret)).status, 'works before expiry').to.equal(200);
    await k
      .db('integration_tokens')
      .where({ id: token.id })
      .update({ expires_at: k.db.raw(`now() - interval '1 second'`) });
    const res = await bearer(k, ACTIVITY, secret);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('invalid_token');
  });

  it('refuses a token whose creator was deactivated', async () => {
    const other = await consoleCall(k, owner, 'POST', '/api/v1/users', {
      name: 'Second Owner',
      username: 'otto',
      password: 'another long password',
      role: 'owner',
    });
    const otto = await login(k, 'otto', 'another long password');
    const created = await consoleCall(k, otto, 'POST', TOKENS, { name: 'otto token', scopes: ['activity:read'] });
    expect(created.status).to.equal(201);
    expect((await bearer(k, ACTIVITY, created.body.data.secret)).status).to.equal(200);
    expect((await consoleCall(k, owner, 'DELETE', `/api/v1/users/${other.body.data.id}`)).status).to.equal(204);
    const res = await bearer(k, ACTIVITY, created.body.data.secret);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('invalid_token');
  });

  it('refuses a token whose creator is no longer an Owner', async () => {
    const other = await consoleCall(k, owner, 'POST', '/api/v1/users', {
      name: 'Demoted Owner',
      username: 'dora',
      password: 'a long password for dora',
      role: 'owner',
    });
    const dora = await login(k, 'dora', 'a long password for dora');
    const created = await consoleCall(k, dora, 'POST', TOKENS, { name: 'dora token', scopes: ['activity:read'] });
    expect((await bearer(k, ACTIVITY, created.body.data.secret)).status).to.equal(200);
    const demote = await consoleCall(k, owner, 'PATCH', `/api/v1/users/${other.body.data.id}`, { name: 'Demoted Owner', username: 'dora', role: 'editor' });
    expect(demote.status).to.equal(200);
    const res = await bearer(k, ACTIVITY, created.body.data.secret);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('invalid_token');
  });

  it('refuses a token whose creator was deleted', async () => {
    const other = await consoleCall(k, owner, 'POST', '/api/v1/users', {
      name: 'Third Owner',
      username: 'pia',
      password: 'yet another password',
      role: 'owner',
    });
    const pia = await login(k, 'pia', 'yet another password');
    const created = await consoleCall(k, pia, 'POST', TOKENS, { name: 'pia token', scopes: ['activity:read'] });
    expect((await bearer(k, ACTIVITY, created.body.data.secret)).status).to.equal(200);
    // Straight to the row: the API deactivates before it deletes, which would hide this case.
    await k.db('users').where({ id: other.body.data.id }).delete();
    expect((await k.db('integration_tokens').where({ id: created.body.data.token.id }).first()).created_by).to.equal(null);
    const res = await bearer(k, ACTIVITY, created.body.data.secret);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('invalid_token');
  });

  it('records lastUsedAt, writing it at most once a minute', async () => {
    const { token, secret } = await createToken();
    expect((await k.db('integration_tokens').where({ id: token.id }).first()).last_used_at).to.equal(null);
    await bearer(k, ACTIVITY, secret);
    const first = (await k.db('integration_tokens').where({ id: token.id }).first()).last_used_at as Date;
    expect(first).to.be.instanceOf(Date);
    // Recorded 30 s ago: a use now is within the minute and leaves it as it is (a write would set now).
    await k
      .db('integration_tokens')
      .where({ id: token.id })
      .update({ last_used_at: k.db.raw(`now() - interval '30 seconds'`) });
    const earlier = (await k.db('integration_tokens').where({ id: token.id }).first()).last_used_at as Date;
    await bearer(k, ACTIVITY, secret);
    const second = (await k.db('integration_tokens').where({ id: token.id }).first()).last_used_at as Date;
    expect(second.getTime(), 'unchanged within the minute').to.equal(earlier.getTime());

    await k
      .db('integration_tokens')
      .where({ id: token.id })
      .update({ last_used_at: k.db.raw(`now() - interval '61 seconds'`) });
    const stale = (await k.db('integration_tokens').where({ id: token.id }).first()).last_used_at as Date;
    await bearer(k, ACTIVITY, secret);
    const listed = (await consoleCall(k, owner, 'GET', TOKENS)).body.data.find((t: any) => t.id === token.id);
    expect(new Date(listed.lastUsedAt).getTime()).to.be.greaterThan(stale.getTime() + 60_000);
  });

  it('is owner-only: an administrator gets 403 insufficient_role', async () => {
    const created = await consoleCall(k, owner, 'POST', '/api/v1/users', {
      name: 'Ada Admin',
      username: 'ada',
      password: 'admin password 123',
      role: 'administrator',
    });
    expect(created.status).to.equal(201);
    const ada = await login(k, 'ada', 'admin password 123');
    const { token } = await createToken();
    const attempts = [
      await consoleCall(k, ada, 'GET', TOKENS),
      await consoleCall(k, ada, 'POST', TOKENS, { name: 'sneaky', scopes: ['activity:read'] }),
      await consoleCall(k, ada, 'DELETE', `${TOKENS}/${token.id}`),
    ];
    for (const res of attempts) {
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('insufficient_role');
    }
    expect(await k.db('integration_tokens').where({ name: 'sneaky' })).to.have.length(0);
    expect((await k.db('integration_tokens').where({ id: token.id }).first()).revoked_at).to.equal(null);
  });

  it('refuses rule-breaking create requests with 422 token_invalid, and schema breaks with validation_failed', async () => {
    const before = Number((await k.db('integration_tokens').count({ n: '*' }).first())!.n);
    const invalid: [string, Record<string, unknown>, string][] = [
      ['expiry in the past', { scopes: ['data_source:write'], expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'body/expiresAt'],
      ['data sources without the write scope', { scopes: ['activity:read'], dataSourceIds: [SOURCE_ID] }, 'body/dataSourceIds'],
      ['a blank name', { name: '   ', scopes: ['activity:read'] }, 'body/name'],
    ];
    for (const [what, body, field] of invalid) {
      const res = await consoleCall(k, owner, 'POST', TOKENS, { name: 'x', ...body });
      expect(res.status, what).to.equal(422);
      expect(res.body.error.code, what).to.equal('token_invalid');
      expect(res.body.error.details.fields[0].field, what).to.equal(field);
    }
    const schemaBreaks: [string, Record<string, unknown>][] = [
      ['no scopes', { name: 'x', scopes: [] }],
      ['an unknown scope', { name: 'x', scopes: ['screens:write'] }],
      ['a repeated scope', { name: 'x', scopes: ['activity:read', 'activity:read'] }],
      ['a name over 120 characters', { name: 'x'.repeat(121), scopes: ['activity:read'] }],
      ['a data source that is no uuid', { name: 'x', scopes: ['data_source:write'], dataSourceIds: ['abc'] }],
      ['an unknown field', { name: 'x', scopes: ['activity:read'], secret: 'mine' }],
    ];
    for (const [what, body] of schemaBreaks) {
      const res = await consoleCall(k, owner, 'POST', TOKENS, body);
      expect(res.status, what).to.equal(422);
      expect(res.body.error.code, what).to.equal('validation_failed');
    }
    expect(Number((await k.db('integration_tokens').count({ n: '*' }).first())!.n)).to.equal(before);
    const ok = await createToken({
      name: 'x'.repeat(120),
      scopes: ['data_source:write'],
      dataSourceIds: [],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(ok.token.dataSourceIds).to.deep.equal([]);
  });
});
