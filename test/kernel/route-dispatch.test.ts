import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Middleware } from 'koa';
import { RouteTable } from '../../kernel/http/route-table.js';

/** A handler that says which route answered and what the app learned about the match. */
const answer =
  (name: string): Middleware =>
  (ctx) => {
    ctx.body = { route: name, matched: ctx._matchedRoute, params: ctx.params };
  };

/**
 * Static paths are answered from a map instead of @koa/router's match (the heartbeat's hot path);
 * whichever way a request goes, the route that answers must be the one the routers would pick.
 */
describe('route dispatch', () => {
  let server: Server;
  let base: string;
  let table: RouteTable;

  before(async () => {
    table = new RouteTable();
    // Declared before the static path it also matches: the routers run it first, so it must keep winning.
    table.add('/api/v1/things/:id', 'GET', answer('thing by id'));
    table.add('/api/v1/things/latest', 'GET', answer('latest thing (shadowed)'));
    table.add('/api/v1/things/latest', 'POST', answer('post latest thing'));
    table.add('/api/v1/player/heartbeat', 'POST', answer('heartbeat'));
    table.add('/healthz', 'GET', answer('health'));
    table.add('/api/v1/lists/:id/items/:itemId', 'PATCH', answer('patch item'));
    table.add('/api/v1/lists/:id/items/reorder', 'POST', answer('reorder items'));
    const app = new Koa();
    app.use(table.dispatch());
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = { route: null };
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (method: string, path: string) => {
    const res = await fetch(base + path, { method });
    return { status: res.status, body: method === 'HEAD' ? undefined : ((await res.json()) as Record<string, unknown>) };
  };

  it('answers a static path with its route, telling the app which route matched', async () => {
    expect((await send('POST', '/api/v1/player/heartbeat')).body).to.deep.equal({ route: 'heartbeat', matched: '/api/v1/player/heartbeat', params: {} });
    expect((await send('GET', '/healthz')).body).to.deep.equal({ route: 'health', matched: '/healthz', params: {} });
  });

  it('keeps an earlier parameter route in front of a static path it also matches, for that method only', async () => {
    expect((await send('GET', '/api/v1/things/latest')).body).to.deep.equal({
      route: 'thing by id',
      matched: '/api/v1/things/:id',
      params: { id: 'latest' },
    });
    expect((await send('POST', '/api/v1/things/latest')).body?.route).to.equal('post latest thing');
  });

  it('never fills a parameter with a path another template names literally: that path has its own methods', async () => {
    expect((await send('PATCH', '/api/v1/lists/7/items/9')).body?.route).to.equal('patch item');
    expect((await send('POST', '/api/v1/lists/7/items/reorder')).body?.route).to.equal('reorder items');
    expect((await send('PATCH', '/api/v1/lists/7/items/reorder')).body?.route, 'left for the 405 after the routers').to.equal(null);
    expect(Object.fromEntries(['/api/v1/lists/7/items/reorder', '/api/v1/lists/7/items/9'].map((p) => [p, [...table.methodsFor(p)]]))).to.deep.equal({
      '/api/v1/lists/7/items/reorder': ['POST'],
      '/api/v1/lists/7/items/9': ['PATCH'],
    });
  });

  it('still routes what only the routers match: another case, a trailing slash, HEAD for GET, other methods', async () => {
    expect((await send('GET', '/HEALTHZ')).body?.route).to.equal('health');
    expect((await send('POST', '/api/v1/player/heartbeat/')).body?.route).to.equal('heartbeat');
    expect((await send('HEAD', '/healthz')).status).to.equal(200);
    expect((await send('GET', '/api/v1/player/heartbeat')).body?.route).to.equal(null);
  });
});
