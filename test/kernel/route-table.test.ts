import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { closeObjects } from '../../kernel/http/validation.js';
import type { MountedRoute } from '../../kernel/http/route-table.js';
import { integrationProbePlugin } from '../fixtures/integration-probe.plugin.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { fillPath, sampleValue, sampleWith, stringFields, wrongTyped } from '../support/sample-values.js';
import { HANDLER_CLEANS_TEXT } from '../../kernel/http/validation.js';
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
      const bodies = [{ ...valid, unexpected_field_from_walk: true }, ...(first ? [{ ...valid, [first]: wrongTyped(schema.properties[first]) }] : [])];
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

  describe('each string field', () => {
    // Counts the rows each statement changes, per table, in the transaction that changes them: a
    // refused request must leave the count where it was (a write rolled back does not count).
    // Not changes: rate-limit counters, and when a device credential, an integration token or a
    // console session was last used (authentication writes it once a minute; a slow walk sees it),
    // and the leases background jobs take as they run (once-a-minute jobs run during a slow walk).
    const NOISE = ['kernel_rate_limits', 'screen_credentials', 'integration_tokens', 'sessions', 'kernel_job_leases'];
    before(async () => {
      await k.db.raw(`
        CREATE TABLE walk_writes (table_name text NOT NULL);
        CREATE FUNCTION walk_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO walk_writes VALUES (TG_TABLE_NAME); RETURN NULL; END $$;`);
      const tables = await k.db('pg_tables').where({ schemaname: 'public' }).whereNot('tablename', 'walk_writes').pluck('tablename');
      for (const table of tables.filter((t: string) => !NOISE.includes(t) && !t.startsWith('knex_'))) {
        await k.db.raw('CREATE TRIGGER walk_count AFTER INSERT OR UPDATE OR DELETE ON ?? FOR EACH ROW EXECUTE FUNCTION walk_count()', [table]);
      }
    });
    const writes = async () => (await k.db('walk_writes').select('table_name')).map((r: { table_name: string }) => r.table_name);

    const BAD_TEXT = { nul: 'a\u0000b', 'lone surrogate': 'a\uD800b', '10,000 characters': 'x'.repeat(10_000), number: 12345 } as const;
    type Bad = keyof typeof BAD_TEXT;

    async function send(m: MountedRoute, url: string, query: string, body: unknown) {
      const mode = m.route.bodyMode ?? (m.route.body ? 'json' : 'none');
      if (mode !== 'multipart') return call(k, m.route.method, url + query, body, own(m));
      const form = new FormData();
      for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) form.append(name, String(value));
      const res = await k.request(url + query, { method: m.route.method, headers: own(m), body: form });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    }

    it('refuses a NUL, a lone surrogate, 10,000 characters and a number with a 4xx envelope, changing nothing', async function () {
      this.timeout(300_000);
      const failures: string[] = [];
      let requests = 0;
      for (const m of k.routes) {
        const { route } = m;
        const cleansText = Boolean(route.body && (route.body as Record<string, unknown>)[HANDLER_CLEANS_TEXT]);
        const params = route.params && (closeObjects(route.params) as any);
        const query = route.query && (closeObjects(route.query) as any);
        const body = route.body && (closeObjects(route.body) as any);
        const json = (route.bodyMode ?? 'json') === 'json';
        const baseQuery = () => (sampleValue(query) ?? {}) as Record<string, unknown>;
        const targets = [
          ...stringFields(params).map((f) => ({ part: 'params' as const, ...f })),
          ...stringFields(query).map((f) => ({ part: 'query' as const, ...f })),
          ...(route.body ? stringFields(body).map((f) => ({ part: 'body' as const, ...f })) : []),
        ];
        for (const field of targets) {
          for (const bad of Object.keys(BAD_TEXT) as Bad[]) {
            if (bad === '10,000 characters' && (field.maxLength ?? 0) >= 10_000) continue; // the schema allows that much
            // URLs and forms carry UTF-8 text: a lone surrogate cannot be encoded there, and a number is just its digits.
            if ((field.part !== 'body' || !json) && (bad === 'lone surrogate' || bad === 'number')) continue;
            if (field.part === 'body' && cleansText && (bad === 'nul' || bad === 'lone surrogate')) continue; // kept, cleaned item by item
            const value = BAD_TEXT[bad];
            const name = field.path[0] as string;
            const url =
              field.part === 'params'
                ? fillPath(route.path, { ...params, properties: { ...params.properties, [name]: { const: value } } })
                : fillPath(route.path, params);
            const q = field.part === 'query' ? { ...baseQuery(), [name]: value } : baseQuery();
            const search = Object.keys(q).length ? `?${new URLSearchParams(Object.entries(q).map(([key, v]) => [key, String(v)]))}` : '';
            const payload = field.part === 'body' ? sampleWith(body, field.path, value) : route.body ? sampleValue(body) : undefined;
            await resetRateLimits(k);
            const before = (await writes()).length;
            const res = await send(m, url, search, payload);
            requests++;
            const changed = (await writes()).slice(before);
            const where = `${describeRoute(m)} ${field.part}/${field.path.join('/')} ← ${bad}`;
            // Refused for this field, not for something else about the sample: the answer names it (a HEAD answer has no body).
            const field_ = `${field.part}/${field.path.join('/')}`;
            const named =
              route.method === 'HEAD' ||
              (bad === '10,000 characters' && res.body?.error?.code === 'payload_too_large') ||
              (res.body?.error?.details?.fields ?? []).some((f: { field: string }) => f.field.startsWith(field_));
            if (res.status < 400 || res.status >= 500 || (route.method !== 'HEAD' && !isEnvelope(res.body))) failures.push(`${where}: status ${res.status}`);
            else if (!named) failures.push(`${where}: refused, but not for this field: ${JSON.stringify(res.body?.error).slice(0, 200)}`);
            else if (changed.length > 0) failures.push(`${where}: wrote ${[...new Set(changed)].join(', ')}`);
          }
        }
      }
      console.log(`      (${requests} requests)`);
      expect(requests, 'the walk reached fields').to.be.greaterThan(300);
      expect(failures, failures.join('\n')).to.deep.equal([]);
    });
  });
});
