import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import {
  ConsoleFormAccess,
  ConsoleFormApprovalPage,
  ConsoleFormDataSource,
  ConsoleFormDirectory,
  ConsoleFormRecord,
  ConsoleFormRecordComment,
  ConsoleFormRecordDetail,
  ConsoleFormRecordPage,
  ConsoleFormRevision,
  ConsoleFormSummaries,
  ConsoleFormTypedDataset,
  ConsoleFormView,
} from '../fixtures/console-types/forms.js';
import { consoleCall } from '../support/console-client.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';

const FIELDS = [
  { key: 'headline', label: 'Headline', control: 'short_text', required: true },
  { key: 'details', label: 'Details', control: 'long_text' },
];

describe('forms as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;
  let formId: string;
  const at = (path = '') => `/api/v1/data-sources/${formId}${path}`;

  it('makes, edits and publishes a form with the console’s bodies, each answer in its shape', async () => {
    const created = await call('POST', '/api/v1/forms', { name: 'Specials', description: 'Daily specials', draftSchema: { fields: FIELDS } });
    expectConsoleShape(created, ConsoleFormDataSource, 'POST /forms');
    // Its first revision is published with it, so people can submit at once.
    expect(created.publishedRevision.revisionNumber).to.equal(1);
    formId = created.id;
    expectConsoleShape(await call('PATCH', at('/form'), { name: 'Daily specials', description: 'Soups and salads' }), ConsoleFormDataSource, 'PATCH …/form');
    const drafted = await call('PATCH', at('/form/draft'), { schema: { ...created.draftSchema, title: 'Specials board' } });
    expectConsoleShape(drafted, ConsoleFormDataSource, 'PATCH …/form/draft');
    const published = await call('POST', at('/form/publish'));
    expectConsoleShape(published, ConsoleFormRevision, 'POST …/form/publish');
    expect(published).to.include({ revisionNumber: 2, title: 'Specials board' });

    const form = await call('GET', at('/form'));
    expectConsoleShape(form, ConsoleFormDataSource, 'GET …/form');
    expect(form.views).to.have.length(1);
    // The views tab keys its rows by id: the same on every read.
    expect((await call('GET', at('/form'))).views[0].id).to.equal(form.views[0].id);
    // Its workflow editor sends back what it read, read-only decorations and all.
    const saved = await call('PUT', at('/form/workflow'), form.workflow);
    expectConsoleShape(saved, ConsoleFormDataSource, 'PUT …/form/workflow');
    expect(saved.workflow).to.deep.equal(form.workflow);
    // A view preview takes the view as read, less its id (FormViewInput).
    const { id: _id, ...viewInput } = form.views[0];
    expectConsoleShape(await call('POST', at('/views/preview'), viewInput), ConsoleFormTypedDataset, 'POST …/views/preview');
    // Its Save takes the same body and reads back a FormView; its Delete takes the id it read.
    const savedView = await call('PUT', at('/views'), { ...viewInput, key: 'specials', name: 'Specials', position: 1 });
    expectConsoleShape(savedView, ConsoleFormView, 'PUT …/views');
    const withView = await call('GET', at('/form'));
    expectConsoleShape(withView, ConsoleFormDataSource, 'GET …/form');
    expect(withView.views.map((v: any) => v.id)).to.deep.equal([form.views[0].id, savedView.id]);
    expectConsoleShape(await call('GET', at('/views')), Type.Array(ConsoleFormView), 'GET …/views');
    await call('DELETE', at(`/views/${savedView.id}`));
    expect((await call('GET', at('/form'))).views.map((v: any) => v.id)).to.deep.equal([form.views[0].id]);

    const summaries = await call('GET', '/api/v1/forms');
    expectConsoleShape(summaries, ConsoleFormSummaries, 'GET /forms');
    expect(summaries.items.find((f: any) => f.id === formId)).to.include({ name: 'Daily specials', publishedRevisionNumber: 2 });
  });

  it('submits, reviews and lists records as the console does', async () => {
    const record = await call('POST', at('/records'), {
      values: { headline: 'Pumpkin soup' },
      displayTitle: 'Soup',
      priority: null,
      displayAt: null,
      expiresAt: null,
    });
    expectConsoleShape(record, ConsoleFormRecord, 'POST …/records');
    const edited = await call('PATCH', at(`/records/${record.id}`), { values: { headline: 'Pumpkin soup', details: 'With bread' }, version: record.version });
    expectConsoleShape(edited, ConsoleFormRecord, 'PATCH …/records/{id}');
    const submitted = await call('POST', at(`/records/${record.id}/transitions`), { toState: 'submitted', version: edited.version });
    expectConsoleShape(submitted, ConsoleFormRecord, 'POST …/transitions');
    expectConsoleShape(await call('POST', at(`/records/${record.id}/comments`), { body: 'Looks good' }), ConsoleFormRecordComment, 'POST …/comments');

    const detail = await call('GET', at(`/records/${record.id}`));
    expectConsoleShape(detail, ConsoleFormRecordDetail, 'GET …/records/{id}');
    expect(detail.events.map((e: any) => e.eventType)).to.include('transition');
    const query = new URLSearchParams({ states: 'submitted', search: 'soup', sort: 'newest', page: '1', pageSize: '25' });
    const page = await call('GET', at(`/records?${query}`));
    expectConsoleShape(page, ConsoleFormRecordPage, 'GET …/records');
    expect(page.items.map((r: any) => r.id)).to.deep.equal([record.id]);

    const approvals = await call('GET', '/api/v1/approvals?page=1&pageSize=25');
    expectConsoleShape(approvals, ConsoleFormApprovalPage, 'GET /approvals');
    expect(approvals.items.map((a: any) => a.recordId)).to.include(record.id);
    expectConsoleShape(await call('GET', at('/access')), ConsoleFormAccess, 'GET …/access');
    expectConsoleShape(await call('GET', at('/user-directory?search=ol')), ConsoleFormDirectory, 'GET …/user-directory');
  });

  it('refuses a definition without its fields, as the document says', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/v1/forms', { name: 'Empty', description: '', draftSchema: {} }],
      ['PATCH', at('/form/draft'), { schema: { title: 'No fields' } }],
    ] as const) {
      const refused = await consoleCall(ui.k, ui.owner, method, path, body);
      expect([refused.status, refused.body.error.code], path).to.deep.equal([422, 'validation_failed']);
    }
  });
});
