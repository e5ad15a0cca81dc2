import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { CAPABILITIES, type Capability, DEFAULT_WORKFLOW, expand } from '../../core-modules/forms/workflow.js';
import { ACCESS, type AccessLevel } from '../../kernel/auth/access.js';
import { ROLES, type Role } from '../../kernel/auth/principal.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const PASSWORD = 'a long enough password';
const FIELDS = [{ key: 'headline', label: 'Headline', control: 'short_text' }];
const withField = (key: string) => ({ fields: [...FIELDS, { key, label: key, control: 'short_text' }] });

// The role matrix: how a form lists someone, what each role then holds on it, and what each
// operation on a form or its data source needs. The expected answers are derived from these tables.

/** How a form lists the user: open (it lists no one), restricted without them, made by them, or listed with one capability. */
const GRANTS = ['open', 'unlisted', 'creator', 'submit', 'view_own', 'view_all', 'review', 'approve', 'manage'] as const;
type Grant = (typeof GRANTS)[number];

/**
 * What each role holds, in ROLES order (owner, administrator, editor, contributor, viewer). The
 * contributor and viewer were editors when they made their form and were listed, then demoted: a
 * role bounds what a grant or making the form gives.
 */
const M = 'manage';
const HOLDS: Record<Grant, [string, string, string, string, string]> = {
  open: [M, M, M, 'submit view_all', 'view_all'],
  unlisted: [M, M, '', '', ''],
  creator: [M, M, M, 'submit view_all', 'view_all'],
  submit: [M, M, 'submit', 'submit', 'view_own'],
  view_own: [M, M, 'view_own', 'view_own', 'view_own'],
  view_all: [M, M, 'view_all', 'view_all', 'view_all'],
  review: [M, M, 'review', 'view_all', 'view_all'],
  approve: [M, M, 'approve', 'view_all', 'view_all'],
  manage: [M, M, M, 'submit view_all', 'view_all'],
};

/** One form of the matrix, and the record its owner submitted on it (at version 2). */
interface Cell {
  id: string;
  recordId: string;
}
interface Operation {
  name: string;
  /** The route's role level. */
  level: AccessLevel;
  /** What the caller must hold on the form; `reach` is anything at all. */
  needs: Capability | 'reach';
  /** Acts on the owner's record: to one who does not see all records, it is not there. */
  onRecord?: boolean;
  request(c: Cell, bystander: string): [method: string, path: string, body?: unknown];
  /** What one who may gets. */
  allowed: string;
}
const at = (c: Cell, path = '') => `/api/v1/data-sources/${c.id}${path}`;
const record = (c: Cell, path = '') => at(c, `/records/${c.recordId}${path}`);

/** In the order they are made on each form: reads, records, the form's definition, the data source, deletes last. */
const OPERATIONS: Operation[] = [
  { name: 'read the data source', level: 'signedIn', needs: 'reach', request: (c) => ['GET', at(c)], allowed: '200' },
  { name: 'read the form', level: 'signedIn', needs: 'reach', request: (c) => ['GET', at(c, '/form')], allowed: '200' },
  { name: 'diagnostics', level: 'signedIn', needs: 'reach', request: (c) => ['GET', at(c, '/diagnostics')], allowed: '200' },
  { name: 'outputs', level: 'signedIn', needs: 'view_all', request: (c) => ['GET', at(c, '/outputs')], allowed: '200' },
  { name: 'list records', level: 'signedIn', needs: 'reach', request: (c) => ['GET', at(c, '/records')], allowed: '200' },
  { name: 'read a record', level: 'signedIn', needs: 'reach', onRecord: true, request: (c) => ['GET', record(c)], allowed: '200' },
  { name: 'submit a record', level: 'signedIn', needs: 'submit', request: (c) => ['POST', at(c, '/records'), { values: {} }], allowed: '201' },
  {
    name: 'comment on a record',
    level: 'signedIn',
    needs: 'review',
    onRecord: true,
    request: (c) => ['POST', record(c, '/comments'), { body: 'Looks good' }],
    allowed: '201',
  },
  {
    name: 'approve a record',
    level: 'signedIn',
    needs: 'approve',
    onRecord: true,
    request: (c) => ['POST', record(c, '/transitions'), { toState: 'approved', version: 2 }],
    allowed: '200',
  },
  { name: 'rename the form', level: 'signedIn', needs: 'manage', request: (c) => ['PATCH', at(c, '/form'), { name: 'Renamed' }], allowed: '200' },
  {
    name: 'save the draft',
    level: 'signedIn',
    needs: 'manage',
    request: (c) => ['PATCH', at(c, '/form/draft'), { schema: withField('extra') }],
    allowed: '200',
  },
  { name: 'publish', level: 'signedIn', needs: 'manage', request: (c) => ['POST', at(c, '/form/publish')], allowed: '200' },
  { name: 'set the workflow', level: 'signedIn', needs: 'manage', request: (c) => ['PUT', at(c, '/form/workflow'), DEFAULT_WORKFLOW], allowed: '200' },
  {
    name: 'preview a view',
    level: 'signedIn',
    needs: 'manage',
    request: (c) => ['POST', at(c, '/views/preview'), { key: 'all', name: 'All' }],
    allowed: '200',
  },
  { name: 'read the access list', level: 'signedIn', needs: 'manage', request: (c) => ['GET', at(c, '/access')], allowed: '200' },
  {
    name: 'set someone’s access',
    level: 'signedIn',
    needs: 'manage',
    request: (c, bystander) => ['PUT', at(c, `/access/${bystander}`), { capabilities: [] }],
    allowed: '200',
  },
  { name: 'search users to list', level: 'signedIn', needs: 'manage', request: (c) => ['GET', at(c, '/user-directory')], allowed: '200' },
  { name: 'rebuild the outputs', level: 'authors', needs: 'manage', request: (c) => ['POST', at(c, '/outputs/rebuild')], allowed: '200' },
  // A form is edited, copied and inspected through its own routes: those who may are told so.
  { name: 'edit as a data source', level: 'authors', needs: 'manage', request: (c) => ['PATCH', at(c), { name: 'x' }], allowed: '422 validation_failed' },
  { name: 'duplicate', level: 'authors', needs: 'view_all', request: (c) => ['POST', at(c, '/duplicate')], allowed: '422 validation_failed' },
  {
    name: 'inspect',
    level: 'authors',
    needs: 'view_all',
    request: (c) => ['GET', at(c, '/inspect')],
    allowed: '404 data_source_provider_not_found',
  },
  { name: 'delete a record', level: 'signedIn', needs: 'manage', onRecord: true, request: (c) => ['DELETE', record(c)], allowed: '204' },
  { name: 'delete the form', level: 'managers', needs: 'manage', request: (c) => ['DELETE', at(c)], allowed: '204' },
];

/** Lists that show the form (or its record) to those who hold what they need. */
const LISTINGS: { name: string; needs: Capability | 'reach'; path: string; shows(body: any, c: Cell): boolean }[] = [
  {
    name: 'data sources list',
    needs: 'reach',
    path: '/api/v1/data-sources?provider=form&pageSize=100',
    shows: (b, c) => b.items.some((s: any) => s.id === c.id),
  },
  { name: 'forms list', needs: 'reach', path: '/api/v1/forms', shows: (b, c) => b.items.some((f: any) => f.id === c.id) },
  { name: 'approvals', needs: 'review', path: '/api/v1/approvals?pageSize=100', shows: (b, c) => b.items.some((r: any) => r.recordId === c.recordId) },
];

/** Runs the tasks five at a time (each request may hold two of the server's database connections). */
async function fiveAtATime<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += 5) results.push(...(await Promise.all(tasks.slice(i, i + 5).map((task) => task()))));
  return results;
}

const holdsOf = (grant: Grant, role: Role) => expand(HOLDS[grant][ROLES.indexOf(role)]!.split(' ').filter(Boolean) as Capability[]);
const has = (holds: Set<Capability>, need: Capability | 'reach') => (need === 'reach' ? holds.size > 0 : holds.has(need));

function expected(grant: Grant, role: Role): Record<string, string> {
  const holds = holdsOf(grant, role);
  const answers: Record<string, string> = { holds: HOLDS[grant][ROLES.indexOf(role)]! };
  for (const l of LISTINGS) answers[l.name] = has(holds, l.needs) ? 'shown' : 'hidden';
  for (const op of OPERATIONS) {
    if (!(ACCESS[op.level] as readonly Role[]).includes(role)) answers[op.name] = '403 insufficient_role';
    else if (!holds.size || (op.onRecord && !holds.has('view_all'))) answers[op.name] = '404 not_found';
    else if (!has(holds, op.needs)) answers[op.name] = '403 insufficient_access';
    else answers[op.name] = op.allowed;
  }
  return answers;
}

describe('who may do what on a form and its data source', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  /** An editor listed on every restricted form (what makes them restricted). */
  let listed: ConsoleSession;

  const api = (by: ConsoleSession, method: string, path: string, body?: unknown) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const source = (id: string, path = '') => `/api/v1/data-sources/${id}${path}`;

  async function user(role: Role, name: string) {
    const username = `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}`;
    const res = await api(owner, 'POST', '/api/v1/users', { name, username, password: PASSWORD, role });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    await resetRateLimits(k);
    return { ...(await login(k, username, PASSWORD)), username, name };
  }
  const demote = async (who: { userId: string; name: string; username: string }, role: Role) =>
    expect((await api(owner, 'PATCH', `/api/v1/users/${who.userId}`, { name: who.name, username: who.username, role })).status).to.equal(200);

  async function form(by: ConsoleSession, name: string): Promise<string> {
    const res = await api(by, 'POST', '/api/v1/forms', { name, draftSchema: { fields: FIELDS } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data.id;
  }

  /** Lists `who` on the form with these capabilities. */
  const allow = async (id: string, who: ConsoleSession, capabilities: string[]) =>
    expect((await api(owner, 'PUT', source(id, `/access/${who.userId}`), { capabilities })).status).to.equal(200);

  /** A record the owner submitted: waiting for a decision, at version 2. */
  async function submitted(id: string): Promise<string> {
    const made = await api(owner, 'POST', source(id, '/records'), { values: { headline: 'Quiz night' } });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    expect((await api(owner, 'POST', source(id, `/records/${made.body.data.id}/transitions`), { toState: 'submitted', version: 1 })).status).to.equal(200);
    return made.body.data.id;
  }

  before(async function () {
    this.timeout(120_000);
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    listed = await user('editor', 'Lis Listed');
  });
  after(() => k?.stop());

  describe('issue 22', () => {
    let editor: ConsoleSession;
    let viewer: ConsoleSession;
    before(async () => {
      editor = await user('editor', 'Eda Editor');
      viewer = await user('viewer', 'Vic Viewer');
    });

    it('deletes a form (and its records) only for its managers: an editor it does not list finds no form, one without manage is refused', async () => {
      const id = await form(owner, 'Staff notices');
      await allow(id, listed, ['view_own']);
      await submitted(id);
      expect(errorOf(await api(editor, 'DELETE', source(id)))).to.deep.equal([404, 'not_found']);
      await allow(id, editor, ['approve']);
      expect(errorOf(await api(editor, 'DELETE', source(id)))).to.deep.equal([403, 'insufficient_access']);
      expect((await api(owner, 'GET', source(id, '/records'))).body.data.total).to.equal(1);
      await allow(id, editor, ['manage']);
      expect((await api(editor, 'DELETE', source(id))).status).to.equal(204);
      expect(errorOf(await api(owner, 'GET', source(id, '/form')))).to.deep.equal([404, 'not_found']);
      expect(await k.db('form_records').where({ source_id: id }).select('id')).to.deep.equal([]);
    });

    it('follows a creator’s current role: demoted to viewer, they read their form and change nothing on it', async () => {
      const creator = await user('editor', 'Cal Creator');
      const id = await form(creator, 'Lost and found');
      await allow(id, listed, ['view_own']);
      const recordId = await submitted(id);
      expect((await api(creator, 'PATCH', source(id, '/form/draft'), { schema: withField('where') })).status).to.equal(200);
      await demote(creator, 'viewer');
      // The same session: its role is read at each request.
      expect((await api(creator, 'GET', source(id, '/form'))).body.data.grantedCapabilities).to.deep.equal(['view_all']);
      expect(errorOf(await api(creator, 'POST', source(id, '/form/publish')))).to.deep.equal([403, 'insufficient_access']);
      const granting = await api(creator, 'PUT', source(id, `/access/${viewer.userId}`), { capabilities: ['manage'] });
      expect(errorOf(granting)).to.deep.equal([403, 'insufficient_access']);
      const approving = await api(creator, 'POST', source(id, `/records/${recordId}/transitions`), { toState: 'approved', version: 2 });
      expect(errorOf(approving)).to.deep.equal([403, 'insufficient_access']);
      // The access list says what they may do now.
      const entry = (await api(owner, 'GET', source(id, '/access'))).body.data.entries.find((e: any) => e.userId === creator.userId);
      expect(entry).to.deep.include({ isCreator: true, role: 'viewer', capabilities: ['view_all'] });
    });

    it('hides a restricted form from those it does not list, in lists and single reads, as if it were not there', async () => {
      const id = await form(owner, 'Board minutes');
      await allow(id, listed, ['review']);
      await submitted(id);
      for (const who of [editor, viewer]) {
        const sources = (await api(who, 'GET', '/api/v1/data-sources?provider=form&pageSize=100')).body.data;
        expect(sources.items.map((s: any) => s.id)).to.not.include(id);
        expect(sources.total).to.equal(sources.items.length);
        expect((await api(who, 'GET', '/api/v1/forms')).body.data.items.map((f: any) => f.id)).to.not.include(id);
        expect((await api(who, 'GET', '/api/v1/approvals')).body.data.items.map((r: any) => r.dataSourceId)).to.not.include(id);
        for (const path of ['', '/diagnostics', '/outputs', '/form', '/records', '/access']) {
          expect(errorOf(await api(who, 'GET', source(id, path))), path).to.deep.equal([404, 'not_found']);
        }
      }
      // Those it lists see it.
      expect((await api(listed, 'GET', '/api/v1/data-sources?provider=form&pageSize=100')).body.data.items.map((s: any) => s.id)).to.include(id);
      expect((await api(listed, 'GET', source(id))).status).to.equal(200);
      expect((await api(listed, 'GET', '/api/v1/approvals')).body.data.items.map((r: any) => r.dataSourceId)).to.include(id);
    });
  });

  describe('the role matrix: every operation, role and grant', () => {
    const actual = new Map<string, Record<string, string>>();
    const key = (grant: Grant, role: Role) => `${grant}/${role}`;

    before(async function () {
      // About 1,300 requests (a few seconds on an idle machine).
      this.timeout(600_000);
      // Contributor and viewer start as editors (to make and be listed on forms) and are demoted once the forms are set.
      const sessions: Record<Role, ConsoleSession & { name: string; username: string }> = {
        owner: { ...owner, name: '', username: '' },
        administrator: await user('administrator', 'Ada Administrator'),
        editor: await user('editor', 'Ed Editor'),
        contributor: await user('editor', 'Con Contributor'),
        viewer: await user('editor', 'Val Viewer'),
      };
      const bystander = await user('editor', 'Bea Bystander');
      const cells = GRANTS.flatMap((grant) => ROLES.map((role) => ({ grant, role })));
      const forms = await fiveAtATime(
        cells.map(({ grant, role }) => async () => {
          const id = await form(grant === 'creator' ? sessions[role] : owner, `${grant} for ${role}`);
          if (grant !== 'open') await allow(id, listed, ['view_own']);
          if ((CAPABILITIES as readonly string[]).includes(grant) && role !== 'owner' && role !== 'administrator') await allow(id, sessions[role], [grant]);
          const recordId = await submitted(id);
          // A draft to publish.
          expect((await api(owner, 'PATCH', source(id, '/form/draft'), { schema: withField('where') })).status).to.equal(200);
          return { id, recordId };
        }),
      );
      await demote(sessions.contributor, 'contributor');
      await demote(sessions.viewer, 'viewer');
      await fiveAtATime(
        cells.map(({ grant, role }, i) => async () => {
          const cell = forms[i]!;
          const by = sessions[role];
          const answers: Record<string, string> = {};
          const read = await api(by, 'GET', source(cell.id, '/form'));
          answers.holds = read.status === 200 ? read.body.data.grantedCapabilities.join(' ') : '';
          for (const l of LISTINGS) answers[l.name] = l.shows((await api(by, 'GET', l.path)).body.data, cell) ? 'shown' : 'hidden';
          for (const op of OPERATIONS) {
            const [method, path, body] = op.request(cell, bystander.userId);
            const res = await api(by, method, path, body);
            answers[op.name] = [res.status, res.body?.error?.code].filter(Boolean).join(' ');
          }
          actual.set(key(grant, role), answers);
        }),
      );
    });

    for (const grant of GRANTS) {
      for (const role of ROLES) {
        it(`${role}, ${grant === 'open' || grant === 'unlisted' || grant === 'creator' ? grant : `listed with ${grant}`}`, () => {
          expect(actual.get(key(grant, role))).to.deep.equal(expected(grant, role));
        });
      }
    }
  });
});
