import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { REFERENCE_CONSOLE_CALLS } from '../fixtures/console-types/console-calls.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

/** Every call the reference's console makes in the families this server has is a documented operation, so a client generated from `openapi.json` can make it too. */
describe('the reference console’s calls', () => {
  let k: TestKernel;
  let operations: Set<string>;
  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins] });
    const doc = (await call(k, 'GET', '/api/v1/openapi.json')).body;
    operations = new Set(
      Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
  });
  after(() => k?.stop());

  it('are all in the API document', () => {
    const missing = REFERENCE_CONSOLE_CALLS.map(([method, path]) => `${method} ${path}`).filter((c) => !operations.has(c));
    expect(missing).to.deep.equal([]);
  });

  it('are answered by a route, not a 404 or a 405', async () => {
    const unrouted: string[] = [];
    for (const [method, path] of REFERENCE_CONSOLE_CALLS) {
      const concrete = `/api/v1${path.replaceAll('{}', '3f1e4b7a-9c2d-4e8f-a1b2-c3d4e5f60718')}`;
      const res = await k.request(concrete, {
        method,
        headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        body: ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : '{}',
      });
      const body = res.status === 404 || res.status === 405 ? await res.json() : undefined;
      if (res.status === 405 || body?.error?.code === 'route_not_found') unrouted.push(`${method} ${path} → ${res.status}`);
    }
    expect(unrouted).to.deep.equal([]);
  });
});
