import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { type ConsoleSocket, openConsoleSocket } from '../console-events/console-socket-client.js';
import { type ConsoleSession, consoleCall, setUpOwner } from '../support/console-client.js';
import { sessionsByRole } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

/** Consoles showing a form (its builder, its records, an approvals inbox) hear of other people's changes. */
describe('forms: console events', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let author: ConsoleSession;
  let socket: ConsoleSocket;
  let formId: string;

  const api = (by: ConsoleSession, method: string, path: string, body?: unknown) => consoleCall(k, by, method, path, body);
  const formChanged = (recordId: string | null) => (m: Record<string, any>) => m.type === 'form.changed' && m.formId === formId && m.recordId === recordId;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ contributor: author } = await sessionsByRole(k, owner, ['contributor']));
    const res = await api(owner, 'POST', '/api/v1/forms', {
      name: 'Notices',
      draftSchema: { fields: [{ key: 'headline', label: 'Headline', control: 'short_text', required: true }] },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    formId = res.body.data.id;
    socket = await openConsoleSocket(k, owner);
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
  });

  it('tells of a record started, submitted, approved and commented on, with the ids only', async () => {
    const created = await api(author, 'POST', `/api/v1/data-sources/${formId}/records`, { values: { headline: 'Open late' } });
    expect(created.status).to.equal(201);
    const recordId = created.body.data.id as string;
    expect(await heard(formChanged(recordId), 1)).to.deep.equal({ type: 'form.changed', formId, recordId });

    const submitted = await api(author, 'POST', `/api/v1/data-sources/${formId}/records/${recordId}/transitions`, { toState: 'submitted', version: 1 });
    expect(submitted.status).to.equal(200);
    await heard(formChanged(recordId), 2);
    const approved = await api(owner, 'POST', `/api/v1/data-sources/${formId}/records/${recordId}/transitions`, {
      toState: 'approved',
      version: submitted.body.data.version,
    });
    expect(approved.status).to.equal(200);
    await heard(formChanged(recordId), 3);
    expect((await api(owner, 'POST', `/api/v1/data-sources/${formId}/records/${recordId}/comments`, { body: 'Nice' })).status).to.equal(201);
    await heard(formChanged(recordId), 4);
  });

  it('tells of the definition and the workflow changing, without a record, and nothing of a refused change', async () => {
    const draft = await api(owner, 'PATCH', `/api/v1/data-sources/${formId}/form/draft`, {
      schema: { fields: [{ key: 'headline', label: 'Title', control: 'short_text', required: true }] },
    });
    expect(draft.status).to.equal(200);
    await heard(formChanged(null), 1);
    const refused = await api(author, 'PATCH', `/api/v1/data-sources/${formId}/form/draft`, { schema: { fields: [] } });
    expect(refused.status).to.equal(403);
    // Events arrive in order: had the refusal told of a change, it would come before the workflow's.
    const form = (await api(owner, 'GET', `/api/v1/data-sources/${formId}/form`)).body.data;
    expect((await api(owner, 'PUT', `/api/v1/data-sources/${formId}/form/workflow`, form.workflow)).status).to.equal(200);
    await heard(formChanged(null), 2);
    expect(socket.messages.filter(formChanged(null))).to.have.length(2);
  });

  /** Waits until the socket has heard `n` messages `match` accepts; answers the first. */
  const heard = (match: (m: Record<string, any>) => boolean, n: number) => socket.next((m) => match(m) && socket.messages.filter(match).length >= n);
});
