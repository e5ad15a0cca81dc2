import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { definePlugin, reply, routeFor } from '../../kernel/plugin.js';
import { conflict } from '../../kernel/errors.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const route = routeFor<unknown>();
const Item = Type.Object({ name: Type.String({ minLength: 1, maxLength: 20 }), count: Type.Integer({ minimum: 0 }) });

const echoPlugin = definePlugin({
  name: 'echo',
  register(r) {
    r.routes([
      route({
        method: 'POST',
        path: '/api/v1/echo/{id}',
        summary: 'echo',
        auth: { kind: 'public' },
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        query: Type.Object({ loud: Type.Optional(Type.Boolean()) }),
        body: Item,
        response: { status: 201, schema: Type.Object({ id: Type.String(), name: Type.String(), loud: Type.Boolean() }) },
        handler: ({ params, body, query }) => ({ id: params.id, name: body.name, loud: query.loud ?? false, secret: 'must not leak' }),
      }),
      route({
        method: 'GET',
        path: '/api/v1/echo/boom',
        summary: 'a bug',
        auth: { kind: 'public' },
        errors: { 500: 'The bug under test.' },
        response: { status: 200, schema: Type.Object({}) },
        handler: () => {
          throw new Error('database password is hunter2');
        },
      }),
      route({
        method: 'PUT',
        path: '/api/v1/echo/taken',
        summary: 'a business conflict',
        auth: { kind: 'public' },
        errors: { 409: '`name_taken`.' },
        response: { status: 200, schema: Type.Object({}) },
        handler: () => {
          throw conflict('name_taken', 'That name is taken.', { name: 'x' });
        },
      }),
      route({
        method: 'DELETE',
        path: '/api/v1/echo/taken',
        summary: 'no content',
        auth: { kind: 'public' },
        response: { status: 204 },
        handler: () => reply(204),
      }),
      route({
        method: 'GET',
        path: '/api/v1/echo/private',
        summary: 'console only',
        auth: { kind: 'console', access: 'owner' },
        response: { status: 200, schema: Type.Object({}) },
        handler: () => ({}),
      }),
    ]);
  },
});

const ID = '3f1e4b7a-9c2d-4e8f-a1b2-c3d4e5f60718';

describe('HTTP pipeline', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: [echoPlugin] });
  });
  after(() => k?.stop());

  it('wraps a success in {data}, with the declared status, and strips undeclared fields', async () => {
    const res = await call(k, 'POST', `/api/v1/echo/${ID}?loud=true`, { name: 'a', count: 1 });
    expect(res.status).to.equal(201);
    expect(res.body).to.deep.equal({ data: { id: ID, name: 'a', loud: true } });
    expect(res.text).not.to.contain('must not leak');
  });

  it('sends X-Request-Id on every response and keeps a sane incoming one', async () => {
    const own = await call(k, 'GET', '/healthz', undefined, { 'x-request-id': 'lb-123' });
    expect(own.headers.get('x-request-id')).to.equal('lb-123');
    const made = await call(k, 'GET', '/nowhere', undefined, { 'x-request-id': 'bad id with spaces' });
    expect(made.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 route_not_found for an unknown route', async () => {
    const res = await call(k, 'GET', '/api/v1/nothing-here');
    expect(res.status).to.equal(404);
    expect(res.body.error).to.deep.include({ code: 'route_not_found' });
    expect(res.body.error.message).to.be.a('string');
  });

  it('answers 405 method_not_allowed with Allow for a known path', async () => {
    const res = await call(k, 'PATCH', '/api/v1/echo/taken');
    expect(res.status).to.equal(405);
    expect(res.body.error.code).to.equal('method_not_allowed');
    // A path declared as it is never fills a parameter: not the {id} of POST /api/v1/echo/{id} either.
    expect(res.headers.get('allow')).to.equal('DELETE, PUT');
    const post = await call(k, 'POST', '/api/v1/echo/taken', { name: 'a', count: 1 });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('DELETE, PUT');
    const health = await call(k, 'DELETE', '/healthz');
    expect(health.headers.get('allow')).to.equal('GET, HEAD');
  });

  it('answers 400 invalid_request for malformed JSON and for a non-object body', async () => {
    for (const raw of ['{"name": ', '[1,2]', '"text"', 'null']) {
      const res = await call(k, 'POST', `/api/v1/echo/${ID}`, raw);
      expect(res.status, raw).to.equal(400);
      expect(res.body.error.code, raw).to.equal('invalid_request');
    }
  });

  it('answers 413 payload_too_large for a body over 1 MiB, declared or chunked', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), count: 1 });
    const res = await call(k, 'POST', `/api/v1/echo/${ID}`, big);
    expect(res.status).to.equal(413);
    expect(res.body.error.code).to.equal('payload_too_large');
    const chunked = await k.request(`/api/v1/echo/${ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).to.equal(413);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const text = await k.request(`/api/v1/echo/${ID}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=a' });
    expect(text.status).to.equal(415);
    expect((await text.json()).error.code).to.equal('unsupported_media_type');
  });

  it('answers 422 validation_failed naming each failing field: unknown, wrong type, bad param and query', async () => {
    const res = await call(k, 'POST', '/api/v1/echo/not-a-uuid?loud=maybe', { name: 5, extra: true });
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal('validation_failed');
    const fields = res.body.error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).to.include('params/id');
    const body = await call(k, 'POST', `/api/v1/echo/${ID}`, { name: 5, extra: true });
    const bodyFields = body.body.error.details.fields.map((f: { field: string }) => f.field);
    expect(bodyFields).to.include.members(['body/name', 'body/extra', 'body/count']);
    const query = await call(k, 'POST', `/api/v1/echo/${ID}?loud=maybe&other=1`, { name: 'a', count: 1 });
    expect(query.status).to.equal(422);
    expect(query.body.error.details.fields.map((f: { field: string }) => f.field)).to.include.members(['query/loud', 'query/other']);
  });

  it('bounds every integer by the int4 column that holds it, unless the schema says otherwise', async () => {
    const over = await call(k, 'POST', `/api/v1/echo/${ID}`, { name: 'a', count: 2 ** 31 });
    expect(over.status).to.equal(422);
    expect(over.body.error.details.fields.map((f: { field: string }) => f.field)).to.deep.equal(['body/count']);
    expect((await call(k, 'POST', `/api/v1/echo/${ID}`, { name: 'a', count: 2 ** 31 - 1 })).status).to.equal(201);
  });

  it('refuses a `__proto__` key as a field no route takes, not as broken JSON', async () => {
    const res = await call(k, 'POST', `/api/v1/echo/${ID}`, '{"name":"a","count":1,"__proto__":{"admin":true}}');
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.body.error.details.fields[0].message).to.contain('__proto__');
  });

  it('renders business errors with their kind and code, and 204 with no body', async () => {
    const res = await call(k, 'PUT', '/api/v1/echo/taken');
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ error: { code: 'name_taken', message: 'That name is taken.', details: { name: 'x' } } });
    const gone = await call(k, 'DELETE', '/api/v1/echo/taken');
    expect(gone.status).to.equal(204);
    expect(gone.text).to.equal('');
  });

  it('hides a thrown bug behind 500 internal_error and logs it with the request id', async () => {
    const res = await call(k, 'GET', '/api/v1/echo/boom');
    expect(res.status).to.equal(500);
    expect(res.body).to.deep.equal({ error: { code: 'internal_error', message: 'An internal error occurred.' } });
    expect(res.text).not.to.contain('hunter2');
    const requestId = res.headers.get('x-request-id');
    const logged = k.logs.find((l) => l.msg === 'unhandled error' && l.requestId === requestId);
    expect(logged, 'error log line with the request id').to.exist;
  });

  it('writes one request log line per request, with no credentials in it', async () => {
    await call(k, 'GET', '/api/v1/echo/private', undefined, { cookie: 'signage_session=topsecretcookie', authorization: 'Bearer svc_device_x.topsecret' });
    const lines = k.logs.filter((l) => l.msg === 'request' && l.path === '/api/v1/echo/private');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ method: 'GET', status: 401 });
    expect(JSON.stringify(k.logs)).not.to.contain('topsecret');
  });

  it('refuses a console route to anonymous callers with 401 before reading the body', async () => {
    const res = await call(k, 'GET', '/api/v1/echo/private');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('authentication_required');
  });
});
