import { expect } from 'chai';
import sharp from 'sharp';
import type { DataSourcesDeps } from '../../core-modules/data-sources/data-sources-deps.js';
import type { FormsDeps } from '../../core-modules/forms/forms-deps.js';
import { coreModules } from '../../core-modules/index.js';
import { dataSourceViewerPlugin, showSources } from '../fixtures/data-source-viewer.plugin.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sessionsByRole } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const FIELDS = [
  { key: 'headline', label: 'Headline', control: 'short_text', required: true, maxLength: 80 },
  { key: 'details', label: 'Details', control: 'long_text' },
  { key: 'price', label: 'Price', control: 'number', minimum: 0 },
  {
    key: 'category',
    label: 'Category',
    control: 'select',
    options: [
      { value: 'menu', label: 'Menu' },
      { value: 'event', label: 'Event' },
    ],
  },
  { key: 'photo', label: 'Photo', control: 'image' },
  { key: 'intro', label: '', control: 'help_text' },
];

describe('forms and records', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let author: ConsoleSession;
  let manager: ConsoleSession;
  let viewer: ConsoleSession;
  let lobby: PairedScreen;
  let formId: string;

  const api = (by: ConsoleSession, method: string, path: string, body?: unknown) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const records = (path = '') => `/api/v1/data-sources/${formId}/records${path}`;
  const onAir = async () => (await api(owner, 'GET', `/api/v1/data-sources/${formId}/outputs`)).body.data.document?.datasets[0]?.records ?? [];

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, dataSourceViewerPlugin] });
    owner = await setUpOwner(k);
    ({ contributor: author, editor: manager, viewer } = await sessionsByRole(k, owner, ['contributor', 'editor', 'viewer']));
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    const res = await api(owner, 'POST', '/api/v1/forms', { name: 'Specials board', description: 'Daily specials', draftSchema: { fields: FIELDS } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    formId = res.body.data.id;
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('creates a form with revision 1 published and the default workflow; it is a data source no generic edit may change', async () => {
    const form = (await api(author, 'GET', `/api/v1/data-sources/${formId}/form`)).body.data;
    expect(form.publishedRevision.revisionNumber).to.equal(1);
    expect(form.workflow.states.map((s: any) => s.key)).to.deep.equal(['draft', 'submitted', 'changes_requested', 'approved', 'rejected', 'expired']);
    expect(form.grantedCapabilities).to.deep.equal(['submit', 'view_all']);
    const source = (await api(owner, 'GET', `/api/v1/data-sources/${formId}`)).body.data;
    expect(source.provider).to.equal('form');
    expect(errorOf(await api(owner, 'PATCH', `/api/v1/data-sources/${formId}`, { configuration: { revision: 9, fields: [] } }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
    expect(
      errorOf(await api(owner, 'POST', '/api/v1/data-sources', { provider: 'form', name: 'x', configuration: { revision: 1, fields: [] } })),
    ).to.deep.equal([422, 'validation_failed']);
    const list = (await api(author, 'GET', '/api/v1/forms')).body.data.items;
    expect(list.find((f: any) => f.id === formId)).to.include({ name: 'Specials board', publishedRevisionNumber: 1 });
    // Bad definitions change nothing.
    const bad = await api(owner, 'PATCH', `/api/v1/data-sources/${formId}/form/draft`, {
      schema: { fields: [{ key: 'state', label: 'State', control: 'short_text' }] },
    });
    expect(errorOf(bad)).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api(author, 'PATCH', `/api/v1/data-sources/${formId}/form/draft`, { schema: { fields: [] } }))).to.deep.equal([
      403,
      'insufficient_access',
    ]);
  });

  it('takes a record from draft through changes requested to approved: on air, on the screens showing the form', async () => {
    const created = await api(author, 'POST', records(), { values: { headline: 'Soup of the day', price: '4.5', category: 'menu' }, displayTitle: 'Soup' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const record = created.body.data;
    expect(record).to.include({ state: 'draft', version: 1, eligible: false, displayTitle: 'Soup' });
    expect(record.values).to.deep.equal({ headline: 'Soup of the day', price: 4.5, category: 'menu' });
    const move = (by: ConsoleSession, body: unknown) => api(by, 'POST', records(`/${record.id}/transitions`), body);

    expect(errorOf(await api(author, 'POST', records(), { values: { colour: 'red' } }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api(author, 'POST', records(), { values: { category: 'drinks' } }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api(viewer, 'POST', records(), { values: {} }))).to.deep.equal([403, 'insufficient_access']);
    expect(errorOf(await move(author, { toState: 'submitted', version: 5 }))).to.deep.equal([409, 'conflict']);
    expect((await move(author, { toState: 'submitted', version: 1 })).body.data).to.include({ state: 'submitted', version: 2 });

    // The author may not approve; the manager sees it waiting.
    expect(errorOf(await move(author, { toState: 'approved', version: 2 }))).to.deep.equal([403, 'insufficient_access']);
    const waiting = (await api(manager, 'GET', '/api/v1/approvals')).body.data.items;
    expect(waiting.map((w: any) => [w.recordId, w.formName, w.stateLabel])).to.deep.include([record.id, 'Specials board', 'Submitted']);
    expect((await api(author, 'GET', '/api/v1/approvals')).body.data.items).to.deep.equal([]);

    // Sending back needs a note; the note is kept as a comment.
    expect(errorOf(await move(manager, { toState: 'changes_requested', version: 2 }))).to.deep.equal([422, 'validation_failed']);
    expect((await move(manager, { toState: 'changes_requested', note: 'Add the soup’s name', version: 2 })).status).to.equal(200);
    const edited = await api(author, 'PATCH', records(`/${record.id}`), { values: { headline: 'Pumpkin soup', price: 4.5 }, version: 3 });
    expect(edited.body.data).to.include({ version: 4 });
    expect((await move(author, { toState: 'submitted', version: 4 })).status).to.equal(200);

    await showSources([lobby.screenId], [formId]);
    const socket = await openPlayerSocket(k, lobby.credential);
    try {
      const since = socket.messages.length;
      expect((await move(manager, { toState: 'approved', version: 5 })).body.data).to.include({ state: 'approved', eligible: true });
      await eventually(
        () => socket.messages.slice(since),
        (m) => m.some((msg: any) => msg.type === 'manifest.changed'),
      );
      const manifest = (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
      const [dataset] = manifest.dataSources.find((s: any) => s.id === formId).dataDocument.datasets;
      expect(dataset.records[0].values.headline).to.deep.equal({ kind: 'text', text: 'Pumpkin soup' });
      expect(dataset.records[0].values.price).to.deep.equal({ kind: 'number', number: 4.5 });
      expect(dataset.fields.length).to.be.at.most(16);
      // On air, it awaits no decision: only a manager's Expire leads on from there.
      expect((await api(manager, 'GET', '/api/v1/approvals')).body.data.items.map((w: any) => w.recordId)).to.not.include(record.id);
    } finally {
      socket.ws.close();
      await showSources([lobby.screenId], []);
    }
    const detail = (await api(author, 'GET', records(`/${record.id}`))).body.data;
    expect(detail.comments.map((c: any) => c.body)).to.deep.equal(['Add the soup’s name']);
    expect(detail.events.map((e: any) => e.eventType)).to.include.members(['created', 'transition', 'edited']);
    expect(detail).to.include({ canEdit: false, canDelete: false });
    // A record on air goes off air when it expires, and the job says so.
    await api(manager, 'PATCH', records(`/${record.id}`), { expiresAt: new Date(Date.now() - 1000).toISOString(), version: 6 });
    await api(owner, 'POST', `/api/v1/data-sources/${formId}/outputs/rebuild`);
    expect(await onAir()).to.deep.equal([]);
    const { recordsService } = k.containerOf('forms').cradle as FormsDeps;
    await recordsService.expireDue();
    expect((await api(author, 'GET', records(`/${record.id}`))).body.data).to.include({ state: 'expired', eligible: false });
  });

  it('puts a record on air at its display time, with the form’s next refresh set for that moment', async () => {
    const displayAt = new Date(Date.now() + 1_500);
    const record = (await api(author, 'POST', records(), { values: { headline: 'Quiz night' }, displayAt: displayAt.toISOString() })).body.data;
    await api(author, 'POST', records(`/${record.id}/transitions`), { toState: 'submitted', version: 1 });
    expect((await api(manager, 'POST', records(`/${record.id}/transitions`), { toState: 'approved', version: 2 })).body.data.eligible).to.equal(true);
    expect((await onAir()).map((r: any) => r.id)).to.not.include(record.id);
    expect((await api(owner, 'GET', `/api/v1/data-sources/${formId}`)).body.data.nextRefreshAt).to.equal(displayAt.toISOString());
    // The refresher runs as its cron would, until the display time has come and the record is on air.
    const { sourceRefresher } = k.containerOf('data-sources').cradle as DataSourcesDeps;
    const live = await eventually(
      async () => {
        await sourceRefresher.refreshDue();
        return (await onAir()).map((r: any) => r.id);
      },
      (ids) => ids.includes(record.id),
      10_000,
      100,
    );
    expect(live).to.include(record.id);
    expect(Date.now()).to.be.at.least(displayAt.getTime());
  });

  it('takes back the workflow it answered, ordered by position, and keeps a state that records are in', async () => {
    const created = await api(owner, 'POST', '/api/v1/forms', { name: 'Room requests', draftSchema: { fields: FIELDS.slice(0, 1) } });
    const id = created.body.data.id;
    const workflowOf = async () => (await api(owner, 'GET', `/api/v1/data-sources/${id}/form`)).body.data.workflow;
    const put = (workflow: unknown) => api(owner, 'PUT', `/api/v1/data-sources/${id}/form/workflow`, workflow);
    // What was read goes back as it is (its read-only counts included).
    const read = await workflowOf();
    expect(read.states[0]).to.include({ key: 'draft', position: 0, recordCount: 0, removable: true });
    const same = await put(read);
    expect(same.status, JSON.stringify(same.body)).to.equal(200);
    expect(same.body.data.workflow).to.deep.equal(read);
    // Positions order the states; a state may leave out eligibleForOutput (not on air).
    const reordered = {
      states: [
        { key: 'approved', label: 'Booked', eligibleForOutput: true, position: 2 },
        { key: 'draft', label: 'Draft', initial: true, position: 0 },
        { key: 'submitted', label: 'Asked', position: 1 },
      ],
      transitions: [
        { from: 'submitted', to: 'approved', label: 'Book', requiredCapability: 'approve', position: 1 },
        { from: 'draft', to: 'submitted', label: 'Ask', requiredCapability: 'view_own', position: 0 },
      ],
    };
    const saved = (await put(reordered)).body.data.workflow;
    expect(saved.states.map((s: any) => [s.key, s.label, s.eligibleForOutput, s.position])).to.deep.equal([
      ['draft', 'Draft', false, 0],
      ['submitted', 'Asked', false, 1],
      ['approved', 'Booked', true, 2],
    ]);
    expect(saved.transitions.map((t: any) => t.label)).to.deep.equal(['Ask', 'Book']);
    // A record in a state keeps it; what is refused changes nothing.
    await api(author, 'POST', `/api/v1/data-sources/${id}/records`, { values: { headline: 'Room 4' } });
    expect((await workflowOf()).states[0]).to.include({ key: 'draft', recordCount: 1, removable: false });
    const withoutDraft = { states: reordered.states.slice(0, 1).concat([{ key: 'submitted', label: 'Asked', initial: true, position: 1 }]), transitions: [] };
    expect(errorOf(await put(withoutDraft))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await put({ ...reordered, states: reordered.states.map((s) => ({ ...s, recordCount: -1 })) }))).to.deep.equal([422, 'validation_failed']);
    expect((await workflowOf()).states.map((s: any) => s.key)).to.deep.equal(['draft', 'submitted', 'approved']);
  });

  it('stores images read by their bytes, serves them with Range, and refuses what is not an image', async () => {
    const record = (await api(author, 'POST', records(), { values: { headline: 'Cake' } })).body.data;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
    const up = await api(author, 'POST', records(`/${record.id}/attachments`), {
      fieldKey: 'photo',
      fileName: '../cake.jpg',
      data: png.toString('base64'),
      version: 1,
    });
    expect(up.status, JSON.stringify(up.body)).to.equal(201);
    const [attachment] = up.body.data.attachments;
    expect(attachment).to.include({ fieldKey: 'photo', mimeType: 'image/png', size: png.length, fileName: 'cake.jpg' });
    expect(up.body.data.values.photo).to.equal(attachment.id);
    const path = records(`/${record.id}/attachments/${attachment.id}/content`);
    const whole = await k.request(path, { headers: { cookie: author.cookie } });
    expect(whole.status).to.equal(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).to.equal(true);
    const part = await k.request(path, { headers: { cookie: author.cookie, range: 'bytes=0-7' } });
    expect(part.status).to.equal(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).to.equal(true);

    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    expect(errorOf(await api(author, 'POST', records(`/${record.id}/attachments`), { fieldKey: 'photo', data: text, version: 2 }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
    expect(
      errorOf(await api(author, 'POST', records(`/${record.id}/attachments`), { fieldKey: 'headline', data: png.toString('base64'), version: 2 })),
    ).to.deep.equal([422, 'validation_failed']);
    const removed = await api(author, 'DELETE', `${records(`/${record.id}/attachments/${attachment.id}`)}?version=2`);
    expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
    expect(removed.body.data.attachments).to.deep.equal([]);
    expect(removed.body.data.values.photo).to.equal(undefined);
    expect((await k.request(path, { headers: { cookie: author.cookie } })).status).to.equal(404);
  });

  it('deletes the images of a deleted form with the hourly sweep, and only those', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const upload = async (form: string) => {
      const record = (await api(owner, 'POST', `/api/v1/data-sources/${form}/records`, { values: {} })).body.data;
      const res = await api(owner, 'POST', `/api/v1/data-sources/${form}/records/${record.id}/attachments`, {
        fieldKey: 'photo',
        data: png.toString('base64'),
        version: 1,
      });
      return `forms/${form}/${res.body.data.attachments[0].id}`;
    };
    const gone = (await api(owner, 'POST', '/api/v1/forms', { name: 'Short-lived', draftSchema: { fields: [FIELDS[4]] } })).body.data.id;
    const [goneFile, keptFile] = [await upload(gone), await upload(formId)];
    expect((await api(owner, 'DELETE', `/api/v1/data-sources/${gone}`)).status).to.equal(204);
    const { attachmentFiles, storage } = k.containerOf('forms').cradle as FormsDeps;
    expect(await attachmentFiles.sweep(), 'younger than the grace period').to.equal(0);
    expect(await attachmentFiles.sweep(0)).to.equal(1);
    expect(await storage.stat(goneFile)).to.equal(undefined);
    expect(await storage.stat(keptFile)).to.not.equal(undefined);
  });

  it('narrows a form to the people it lists, and lets managers find users to list', async () => {
    const users = (await api(owner, 'GET', `/api/v1/data-sources/${formId}/user-directory?search=contributor&limit=0`)).body.data.items;
    expect(users).to.have.length(1);
    const authorId = users[0].id;
    const granted = await api(owner, 'PUT', `/api/v1/data-sources/${formId}/access/${authorId}`, { capabilities: ['submit', 'view_own'] });
    expect(granted.status, JSON.stringify(granted.body)).to.equal(200);
    expect(granted.body.data.entries.find((e: any) => e.userId === authorId).capabilities).to.deep.equal(['submit']);
    // The owner made the form; owners (and administrators) manage every form, and are listed so.
    expect(granted.body.data.entries[0]).to.include({ userId: owner.userId, isCreator: true, isGlobalOwner: true });
    expect(granted.body.data.entries.find((e: any) => e.userId === authorId)).to.include({ isCreator: false, isGlobalOwner: false });
    // The viewer is not listed: to them there is no such form; the author sees only their own records.
    expect(errorOf(await api(viewer, 'GET', `/api/v1/data-sources/${formId}/form`))).to.deep.equal([404, 'not_found']);
    expect((await api(viewer, 'GET', '/api/v1/forms')).body.data.items.map((f: any) => f.id)).to.not.include(formId);
    const mine = (await api(author, 'GET', records())).body.data.items;
    expect(mine.length).to.be.above(0);
    expect(errorOf(await api(author, 'GET', `/api/v1/data-sources/${formId}/access`))).to.deep.equal([403, 'insufficient_access']);
    // The outputs hold every record on air: read by those who see all records, rebuilt by managers.
    expect(errorOf(await api(author, 'GET', `/api/v1/data-sources/${formId}/outputs`))).to.deep.equal([403, 'insufficient_access']);
    expect(errorOf(await api(viewer, 'GET', `/api/v1/data-sources/${formId}/outputs`))).to.deep.equal([404, 'not_found']);
    expect(errorOf(await api(author, 'POST', `/api/v1/data-sources/${formId}/outputs/rebuild`))).to.deep.equal([403, 'insufficient_access']);
    expect((await api(owner, 'GET', `/api/v1/data-sources/${formId}/outputs`)).status).to.equal(200);
    const preview = await api(owner, 'POST', `/api/v1/data-sources/${formId}/views/preview`, {
      key: 'menu',
      name: 'Menu',
      outputFields: ['headline', 'price'],
    });
    expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
    expect(preview.body.data.fields.map((f: any) => f.key)).to.deep.equal(['headline', 'price']);
    expect(preview.body.data).to.include({ id: 'menu', usingCachedData: false, unavailable: false });
    // Values as text, as consoles show them; a view as the reference writes it (time filter, position, recordLimit 0 = 100).
    const onAirNow = await api(owner, 'POST', `/api/v1/data-sources/${formId}/views/preview`, {
      key: 'now',
      name: 'Now',
      outputFields: ['headline', 'displayAt'],
      timeFilter: { enabled: true, startField: 'displayAt', endField: 'expiresAt', startBeforeNow: true, endAfterNow: true },
      recordLimit: 0,
      position: 2,
    });
    expect(onAirNow.status, JSON.stringify(onAirNow.body)).to.equal(200);
    const quiz = onAirNow.body.data.records.find((r: any) => r.values.headline === 'Quiz night');
    expect(Date.parse(quiz.values.displayAt)).to.be.below(Date.now());
    const notATime = { key: 'x', name: 'X', timeFilter: { enabled: true, startField: 'headline', startBeforeNow: true } };
    expect(errorOf(await api(owner, 'POST', `/api/v1/data-sources/${formId}/views/preview`, notATime))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api(owner, 'POST', `/api/v1/data-sources/${formId}/views/preview`, { key: 'x', name: 'X', outputFields: ['nope'] }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
  });

  it('holds a field keyed constructor to its rules, and settles people acting at once: the last access wins, a stale transition is 409', async () => {
    const created = await api(owner, 'POST', '/api/v1/forms', {
      name: 'Builders',
      draftSchema: { fields: [{ key: 'constructor', label: 'Builder', control: 'short_text', required: true }] },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const id = created.body.data.id;
    const at = (path = '') => `/api/v1/data-sources/${id}/records${path}`;
    // Object.prototype's constructor is no value: the required field is empty.
    // A version sent with a new record (a read record sent back) is ignored.
    const record = (await api(author, 'POST', at(), { values: {}, version: 7 })).body.data;
    expect(record.version).to.equal(1);
    const submit = await api(author, 'POST', at(`/${record.id}/transitions`), { toState: 'submitted', version: 1 });
    expect(errorOf(submit)).to.deep.equal([422, 'validation_failed']);
    expect(submit.body.error.message).to.equal('Builder is required.');
    await api(author, 'PATCH', at(`/${record.id}`), { values: { constructor: 'Ada' }, version: 1 });
    expect((await api(author, 'POST', at(`/${record.id}/transitions`), { toState: 'submitted', version: 2 })).status).to.equal(200);
    // Two decisions on one version: one is made, the other was made on a record that has moved.
    const decisions = await Promise.all(
      ['approved', 'rejected'].map((toState) => api(manager, 'POST', at(`/${record.id}/transitions`), { toState, version: 3 })),
    );
    expect(decisions.map((d) => d.status).sort()).to.deep.equal([200, 409]);
    // Four managers set one person's access at once: each is taken, one after another.
    const managerId = manager.userId;
    const sets = [['submit'], ['review'], ['approve'], ['view_all']];
    const answers = await Promise.all(sets.map((capabilities) => api(owner, 'PUT', `/api/v1/data-sources/${id}/access/${managerId}`, { capabilities })));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
    const entry = (await api(owner, 'GET', `/api/v1/data-sources/${id}/access`)).body.data.entries.find((e: any) => e.userId === managerId);
    expect(sets.map((c) => c.join())).to.include(entry.capabilities.join());
  });

  it('answers more people acting at once than the server has database connections (10)', async () => {
    const id = (await api(owner, 'POST', '/api/v1/forms', { name: 'Busy board', draftSchema: { fields: FIELDS } })).body.data.id;
    const at = (path = '') => `/api/v1/data-sources/${id}/records${path}`;
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => api(owner, 'POST', at(), { values: { headline: `Item ${i}` } })));
    const ids = made.map((r) => r.body.data.id as string);
    // Each holds a transaction while it looks up who acts and the record's form revision: those must not wait on a second connection.
    const moves = await Promise.all(ids.map((r) => api(owner, 'POST', at(`/${r}/transitions`), { toState: 'submitted', version: 1 })));
    expect(moves.map((r) => r.status)).to.deep.equal(ids.map(() => 200));
    const comments = await Promise.all(ids.map((r) => api(owner, 'POST', at(`/${r}/comments`), { body: 'Seen' })));
    expect(comments.map((r) => r.status)).to.deep.equal(ids.map(() => 201));
    const edits = await Promise.all(ids.map((r) => api(owner, 'PATCH', at(`/${r}`), { displayTitle: 'Edited', version: 2 })));
    expect(edits.map((r) => r.status)).to.deep.equal(ids.map(() => 200));
  });
});
