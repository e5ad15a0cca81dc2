import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const FIELDS = [
  { key: 'headline', label: 'Headline', control: 'short_text', required: true },
  { key: 'starts', label: 'Starts', control: 'datetime' },
  {
    key: 'category',
    label: 'Category',
    control: 'select',
    options: [
      { value: 'menu', label: 'Menu' },
      { value: 'event', label: 'Event' },
    ],
  },
];

/** A view as the reference's console sends it (FormViewInput): every part present. */
const consoleView = (over: Record<string, unknown> = {}) => ({
  key: 'events',
  name: 'Events',
  includedStates: ['approved'],
  fieldFilters: [{ field: 'category', operator: 'equals', value: 'event' }],
  timeFilter: { enabled: false },
  sort: [{ field: 'headline', direction: 'asc' }],
  outputFields: ['displayTitle', 'headline'],
  recordLimit: 10,
  position: 1,
  ...over,
});

describe('a form’s saved views', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let editor: ConsoleSession;
  let contributor: ConsoleSession;
  let viewer: ConsoleSession;
  let formId: string;
  let otherId: string;

  const api = (by: ConsoleSession, method: string, path: string, body?: unknown) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const at = (id: string, path: string) => `/api/v1/data-sources/${id}${path}`;
  const views = async (id = formId) => (await api(owner, 'GET', at(id, '/form'))).body.data.views;
  const datasets = async (id = formId) => (await api(owner, 'GET', at(id, '/outputs'))).body.data.document?.datasets ?? [];
  const saveView = async (body: unknown, by = owner, id = formId) => {
    const res = await api(by, 'PUT', at(id, '/views'), body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  const newForm = async (name: string) => {
    const res = await api(owner, 'POST', '/api/v1/forms', { name, draftSchema: { fields: FIELDS } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data.id as string;
  };
  const approve = async (values: Record<string, unknown>) => {
    const record = (await api(owner, 'POST', at(formId, '/records'), { values, displayTitle: values.headline })).body.data;
    const move = (toState: string, version: number) => api(owner, 'POST', at(formId, `/records/${record.id}/transitions`), { toState, version });
    expect((await move('submitted', record.version)).status).to.equal(200);
    expect((await move('approved', record.version + 1)).status).to.equal(200);
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ editor, contributor, viewer } = await sessionsByRole(k, owner, ['editor', 'contributor', 'viewer']));
    formId = await newForm('What’s on');
    otherId = await newForm('Lost and found');
    await approve({ headline: 'Soup', category: 'menu' });
    await approve({ headline: 'Quiz night', category: 'event' });
    await approve({ headline: 'Choir', category: 'event' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('starts with one stored view of its records on air, which screens get as a dataset', async () => {
    const [first, ...rest] = await views();
    expect(rest).to.deep.equal([]);
    expect(first).to.include({ key: 'approved', recordLimit: 100, position: 0 });
    expect(first.outputFields).to.deep.equal(['displayTitle', 'headline', 'starts', 'category']);
    expect((await api(viewer, 'GET', at(formId, '/views'))).body.data).to.deep.equal([first]);
    const [dataset] = await datasets();
    expect([dataset.id, dataset.records.length]).to.deep.equal(['approved', 3]);
  });

  it('gives screens the fields a form started empty is given afterwards', async () => {
    const made = await api(owner, 'POST', '/api/v1/forms', { name: 'Built later', draftSchema: { fields: [] } });
    expect(made.status).to.equal(201);
    const id = made.body.data.id as string;
    expect((await api(owner, 'PATCH', at(id, '/form/draft'), { schema: { fields: FIELDS } })).status).to.equal(200);
    expect((await api(owner, 'POST', at(id, '/form/publish'))).status).to.equal(200);
    const record = (await api(owner, 'POST', at(id, '/records'), { values: { headline: 'Jazz', category: 'event' }, displayTitle: 'Jazz' })).body.data;
    expect((await api(owner, 'POST', at(id, `/records/${record.id}/transitions`), { toState: 'submitted', version: 1 })).status).to.equal(200);
    expect((await api(owner, 'POST', at(id, `/records/${record.id}/transitions`), { toState: 'approved', version: 2 })).status).to.equal(200);
    const [dataset] = await datasets(id);
    expect(dataset.fields.map((f: { key: string }) => f.key)).to.deep.equal(['displayTitle', 'headline', 'starts', 'category']);
    expect(dataset.records[0].values.headline).to.deep.equal({ kind: 'text', text: 'Jazz' });
    await api(owner, 'DELETE', `/api/v1/data-sources/${id}`);
  });

  it('saves a view as the console sends it, answers it on every read, and gives screens its dataset; the same key again replaces it', async () => {
    const saved = await saveView(consoleView({ name: '  Events  ' }));
    expect(saved).to.deep.equal({ id: saved.id, ...consoleView() });
    const read = await views();
    expect(read.map((v: any) => v.key)).to.deep.equal(['approved', 'events']);
    expect(read[1]).to.deep.equal(saved);

    const events = (await datasets()).find((d: any) => d.id === 'events');
    expect(events.fields.map((f: any) => f.key)).to.deep.equal(['displayTitle', 'headline']);
    expect(events.records.map((r: any) => r.values.headline.text)).to.deep.equal(['Choir', 'Quiz night']);

    // Saved again under its key: replaced, with the same id (the console edits a view this way).
    const again = await saveView(consoleView({ name: 'Events, newest name first', sort: [{ field: 'headline', direction: 'desc' }], recordLimit: 0 }));
    expect(again).to.include({ id: saved.id, name: 'Events, newest name first', recordLimit: 100 });
    expect((await views()).map((v: any) => v.id)).to.deep.equal([read[0].id, saved.id]);
    const resorted = (await datasets()).find((d: any) => d.id === 'events');
    expect(resorted.records.map((r: any) => r.values.headline.text)).to.deep.equal(['Quiz night', 'Choir']);

    const audit = await k.db('audit_log').where({ action: 'form.view_saved', resource_id: formId }).orderBy('id');
    expect(audit.map((a: any) => [a.actor_id, a.metadata.view])).to.deep.equal([
      [owner.userId, 'events'],
      [owner.userId, 'events'],
    ]);
  });

  it('deletes one view: screens no longer get its dataset, and another form’s views stay', async () => {
    // An editor manages a form that lists no one.
    const menu = await saveView(consoleView({ key: 'menu', name: 'Menu', fieldFilters: [{ field: 'category', operator: 'equals', value: 'menu' }] }), editor);
    const others = await views(otherId);
    expect(errorOf(await api(owner, 'DELETE', at(otherId, `/views/${menu.id}`))), 'a view of another form').to.deep.equal([404, 'not_found']);

    expect((await api(editor, 'DELETE', at(formId, `/views/${menu.id}`))).status).to.equal(204);
    expect((await views()).map((v: any) => v.key)).to.deep.equal(['approved', 'events']);
    expect((await datasets()).map((d: any) => d.id)).to.deep.equal(['approved', 'events']);
    expect(errorOf(await api(editor, 'DELETE', at(formId, `/views/${menu.id}`)))).to.deep.equal([404, 'not_found']);
    expect(await views(otherId)).to.deep.equal(others);
    expect((await datasets(otherId)).map((d: any) => d.id)).to.deep.equal(['approved']);
    const audit = await k.db('audit_log').where({ action: 'form.view_deleted', resource_id: formId });
    expect(audit.map((a: any) => [a.actor_id, a.metadata.view])).to.deep.equal([[editor.userId, 'menu']]);
  });

  it('refuses a view the form cannot give, and changes nothing', async () => {
    const before = await views();
    for (const [why, body] of [
      ['a state the workflow lacks', consoleView({ includedStates: ['archived'] })],
      ['a field the form lacks', consoleView({ outputFields: ['colour'] })],
      ['a filter on a field the form lacks', consoleView({ fieldFilters: [{ field: 'colour', operator: 'equals', value: 'red' }] })],
      ['a time filter on text', consoleView({ timeFilter: { enabled: true, startField: 'headline', startBeforeNow: true } })],
      ['an unknown operator', consoleView({ fieldFilters: [{ field: 'category', operator: 'like', value: 'e' }] })],
      ['a key that is no key', consoleView({ key: 'Big Events' })],
      ['a blank name', consoleView({ name: '   ' })],
      ['more records than screens take', consoleView({ recordLimit: 2001 })],
      ['more fields than players take', consoleView({ outputFields: Array.from({ length: 17 }, () => 'headline') })],
    ] as const) {
      expect(errorOf(await api(owner, 'PUT', at(formId, '/views'), body)), why).to.deep.equal([422, 'validation_failed']);
    }
    expect(await views()).to.deep.equal(before);
  });

  it('is for those who manage the form: others read its views and change none', async () => {
    const before = await views();
    for (const by of [contributor, viewer]) {
      expect(errorOf(await api(by, 'PUT', at(formId, '/views'), consoleView({ key: 'mine' })))).to.deep.equal([403, 'insufficient_access']);
      expect(errorOf(await api(by, 'DELETE', at(formId, `/views/${before[1].id}`)))).to.deep.equal([403, 'insufficient_access']);
      expect((await api(by, 'GET', at(formId, '/views'))).body.data).to.deep.equal(before);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(errorOf(await api(owner, 'PUT', at(missing, '/views'), consoleView()))).to.deep.equal([404, 'not_found']);
    expect(errorOf(await api(owner, 'DELETE', at(formId, `/views/${missing}`)))).to.deep.equal([404, 'not_found']);
    expect(await views()).to.deep.equal(before);
  });

  it('keeps at most 32 views a form, and the states they show in its workflow', async () => {
    const formWithMany = otherId;
    for (let i = 1; i < 32; i++) await saveView(consoleView({ key: `view-${i}`, name: `View ${i}`, position: i }), owner, formWithMany);
    expect(await views(formWithMany)).to.have.length(32);
    expect(errorOf(await api(owner, 'PUT', at(formWithMany, '/views'), consoleView({ key: 'one-more' })))).to.deep.equal([422, 'validation_failed']);
    // One it has may still change.
    expect((await saveView(consoleView({ key: 'view-3', name: 'Third' }), owner, formWithMany)).name).to.equal('Third');

    await saveView(consoleView({ key: 'turned-down', name: 'Turned down', includedStates: ['rejected'] }));
    const form = (await api(owner, 'GET', at(formId, '/form'))).body.data;
    expect(form.workflow.states.find((s: any) => s.key === 'rejected').removable).to.equal(false);
    const withoutRejected = {
      states: form.workflow.states.filter((s: any) => s.key !== 'rejected'),
      transitions: form.workflow.transitions.filter((t: any) => t.to !== 'rejected'),
    };
    expect(errorOf(await api(owner, 'PUT', at(formId, '/form/workflow'), withoutRejected))).to.deep.equal([422, 'validation_failed']);
    const gone = form.views.find((v: any) => v.key === 'turned-down');
    expect((await api(owner, 'DELETE', at(formId, `/views/${gone.id}`))).status).to.equal(204);
    expect((await api(owner, 'PUT', at(formId, '/form/workflow'), withoutRejected)).status).to.equal(200);
  });
});
