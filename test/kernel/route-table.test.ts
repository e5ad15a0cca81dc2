import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { closeObjects } from '../../kernel/http/validation.js';
import type { MountedRoute } from '../../kernel/http/route-table.js';
import { integrationProbePlugin } from '../fixtures/integration-probe.plugin.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { fillPath, sampleValue, wrongTyped } from '../support/sample-values.js';
import { bearer, pairScreen } from '../support/player-client.js';

/**
 * Walks every registered route of the whole server, so a route added by any plugin is covered
 * without a new test: anonymous calls, malformed and mistyped bodies and oversize bodies must get a
 * 4xx error envelope, never a 5xx; and a valid credential of one kind never opens a route that
 * requires another kind.
 */
describe('every registered route', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  /** A working credential of each kind, as request headers. */
  const credentials: Partial<Record<'console' | 'integration' | 'player', Record<string, string>>> = {};
  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins, notesPlugin, integrationProbePlugin] });
    owner = await setUpOwner(k);
    credentials.console = { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };
    const token = await consoleCall(k, owner, 'POST', '/api/v1/integration-tokens', { name: 'walk', scopes: ['data_source:write', 'activity:read'] });
    credentials.integration = { authorization: `Bearer ${token.body.data.secret}` };
    credentials.player = bearer((await pairScreen(k, owner)).credential);
  });
  after(() => k?.stop());

  const describeRoute = (m: MountedRoute) => `${m.route.method} ${m.route.path} (${m.plugin})`;
  const isEnvelope = (body: any) => typeof body?.error?.code === 'string' && typeof body?.error?.message === 'string';

  async function walk(check: (m: MountedRoute, url: string) => Promise<string | undefined>) {
    const failures: string[] = [];
    for (const m of k.routes) {
      await resetRateLimits(k); // a 429 would hide what the route does with the input
      const problem = await check(m, fillPath(m.route.path, m.route.params && closeObjects(m.route.params)));
      if (problem) failures.push(`${describeRoute(m)}: ${problem}`);
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  }

  it('has routes to walk', () => {
    expect(k.routes.length).to.be.greaterThan(5);
  });

  it('answers anonymous calls to non-public routes with 401 and the error envelope', () =>
    walk(async (m, url) => {
      if (m.route.auth.kind === 'public') return;
      const res = await call(k, m.route.method, url);
      if (res.status !== 401) return `status ${res.status}`;
      if (m.route.method !== 'HEAD' && !isEnvelope(res.body)) return 'no error envelope';
    }));

  it('refuses each kind of credential on routes that require another kind', () =>
    walk(async (m, url) => {
      if (m.route.auth.kind === 'public') return;
      for (const [kind, headers] of Object.entries(credentials)) {
        if (kind === m.route.auth.kind) continue;
        const res = await call(k, m.route.method, url, undefined, headers!);
        if (res.status !== 401) return `${kind} credential answered ${res.status}`;
      }
    }));

  /** The route's own kind of credential when the walk has one, so input checks are reached. */
  const own = (m: MountedRoute) => (m.route.auth.kind === 'public' ? {} : (credentials[m.route.auth.kind as 'console' | 'integration' | 'player'] ?? {}));
  const INPUT_ERRORS = [400, 413, 415, 422];
  const refusedAsInput = (m: MountedRoute, res: { status: number; body: any }) => {
    const authenticated = m.route.auth.kind === 'public' || Object.keys(own(m)).length > 0;
    const ok = authenticated ? INPUT_ERRORS.includes(res.status) : res.status === 401;
    return ok && isEnvelope(res.body) ? undefined : `status ${res.status}`;
  };

  const bodyRoutes = (m: MountedRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m.route.method) && (m.route.bodyMode ?? 'json') !== 'stream';

  it('refuses malformed JSON with a 4xx envelope', () =>
    walk(async (m, url) => {
      if (!bodyRoutes(m)) return;
      return refusedAsInput(m, await call(k, m.route.method, url, '{"broken": ', own(m)));
    }));

  it('refuses a wrong-typed field and an unknown field with a 4xx envelope', () =>
    walk(async (m, url) => {
      if (!bodyRoutes(m)) return;
      const schema = m.route.body ? (closeObjects(m.route.body) as any) : undefined;
      const valid = (sampleValue(schema) ?? {}) as Record<string, unknown>;
      const first = Object.keys(schema?.properties ?? {})[0];
      const bodies = [
        { ...valid, unexpected_field_from_walk: true },
        ...(first ? [{ ...valid, [first]: wrongTyped(schema.properties[first]) }] : []),
      ];
      for (const body of bodies) {
        const problem = refusedAsInput(m, await call(k, m.route.method, url, body, own(m)));
        if (problem) return `${problem} for ${JSON.stringify(body).slice(0, 80)}`;
      }
    }));

  it('refuses an oversized body with a 4xx envelope', () =>
    walk(async (m, url) => {
      if (!bodyRoutes(m)) return;
      return refusedAsInput(m, await call(k, m.route.method, url, JSON.stringify({ big: 'x'.repeat((m.route.bodyLimit ?? 1024 * 1024) + 1) }), own(m)));
    }));
});
