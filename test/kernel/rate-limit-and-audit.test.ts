import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin, routeFor } from '../../kernel/plugin.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const route = routeFor<KernelDeps>();
const limited = definePlugin<KernelDeps>({
  name: 'limited',
  register(r) {
    r.routes([
      route({
        method: 'POST',
        path: '/api/v1/limited',
        summary: 'rate limited',
        auth: { kind: 'public' },
        rateLimit: { bucket: 'limited', limit: 3, windowSeconds: 60, by: 'ip' },
        response: { status: 200, schema: Type.Object({}) },
        handler: async ({ deps, ctx }) => {
          await deps.auditLog.record({ action: 'limited.called', ip: ctx.ip, metadata: { attempt: 1, password: 'hunter2', apiToken: 'x' } });
          return {};
        },
      }),
    ]);
  },
});

describe('rate limits and audit log', () => {
  let a: TestKernel;
  let b: TestKernel;
  before(async () => {
    a = await bootTestKernel({ plugins: [limited] });
    b = await bootTestKernel({ plugins: [limited], databaseUrl: a.databaseUrl });
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('shares one budget across server processes and answers 429 rate_limited with Retry-After', async () => {
    expect((await call(a, 'POST', '/api/v1/limited')).status).to.equal(200);
    expect((await call(b, 'POST', '/api/v1/limited')).status).to.equal(200);
    expect((await call(a, 'POST', '/api/v1/limited')).status).to.equal(200);
    const over = await call(b, 'POST', '/api/v1/limited');
    expect(over.status).to.equal(429);
    expect(over.body.error.code).to.equal('rate_limited');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
  });

  it('opens a new window once the old one has passed', async () => {
    await a.db('kernel_rate_limits').update({ expire: Date.now() - 1 });
    expect((await call(a, 'POST', '/api/v1/limited')).status).to.equal(200);
  });

  it('purges counters whose window has ended, and only those', async () => {
    await call(a, 'POST', '/api/v1/limited');
    await a.db('kernel_rate_limits').insert({ key: 'limited:ended', points: 9, expire: Date.now() - 1 });
    const deps = a.containerOf('limited').cradle as KernelDeps;
    expect(await deps.rateLimiter.purgeExpired()).to.equal(1);
    expect(await a.db('kernel_rate_limits').pluck('key')).to.deep.equal(['limited:127.0.0.1']);
  });

  it('records audit entries without secret-looking metadata', async () => {
    const rows = await a.db('audit_log').where({ action: 'limited.called' });
    expect(rows.length).to.be.greaterThan(0);
    expect(rows[0]).to.deep.include({ actor_kind: 'system', ip: '127.0.0.1', metadata: { attempt: 1 } });
  });

  it('purges audit entries past retention', async () => {
    await a.db('audit_log').update({ occurred_at: a.db.raw(`now() - interval '400 days'`) });
    await a.db('audit_log').insert({ actor_kind: 'system', action: 'recent.entry' });
    const deps = a.containerOf('limited').cradle as KernelDeps;
    expect(await deps.auditLog.purgeOlderThan(365)).to.be.greaterThan(0);
    expect((await a.db('audit_log').select('action')).map((r) => r.action)).to.deep.equal(['recent.entry']);
  });
});
