import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, newSignedInUser, type ConsoleSession, type ApiResponse } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { openConsoleSocket } from '../console-events/console-socket-client.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { type Api, box, layoutWith, REVIEW_DEFAULTS, setReview } from './editorial-fixtures.js';

const errorOf = (res: ApiResponse) => [res.status, res.body?.error?.code];

describe('content submissions: review, publish and schedule', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let editor: ConsoleSession;
  let reviewer: ConsoleSession;
  let contributor: ConsoleSession;
  const as =
    (session: () => ConsoleSession): Api =>
    (method, path, body) =>
      consoleCall(k, session(), method, path, body);
  const api = as(() => owner);
  const asEditor = as(() => editor);
  const asReviewer = as(() => reviewer);
  const asContributor = as(() => contributor);
  const review = (values: Partial<typeof REVIEW_DEFAULTS>) => setReview(api, { ...REVIEW_DEFAULTS, ...values });
  const submit = (who: Api, layout: { id: string }, body: Record<string, unknown> = {}) => who('POST', `/api/v1/content-submissions/layout/${layout.id}`, body);
  const act = (who: Api, id: string, action: string, body?: unknown) => who('POST', `/api/v1/content-submissions/${id}/${action}`, body);
  const layoutNow = async (id: string) => (await api('GET', `/api/v1/layouts/${id}`)).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    editor = (await newSignedInUser(k, owner, 'editor password 1', 'editor', 'editor')).session;
    reviewer = (await newSignedInUser(k, owner, 'reviewer password 1', 'editor', 'reviewer')).session;
    contributor = (await newSignedInUser(k, owner, 'contributor password 1', 'contributor', 'contrib')).session;
  });
  afterEach(() => review(REVIEW_DEFAULTS));
  after(() => k?.stop());

  it('with review off, a submission is approved at once and a manager publishes it', async () => {
    const layout = await layoutWith(api, box('Price'));
    const submitted = await submit(asContributor, layout, { expectedRevision: 2 });
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(201);
    expect(submitted.body.data).to.deep.include({ status: 'approved', reviewRequired: false, workingRevision: 2 });

    expect(errorOf(await act(asContributor, submitted.body.data.id, 'publish', {})), 'a contributor never publishes').to.deep.equal([403, 'insufficient_role']);
    const published = await act(asEditor, submitted.body.data.id, 'publish', { method: 'manual' });
    expect(published.status, JSON.stringify(published.body)).to.equal(201);
    expect(published.body.data.submission).to.deep.include({ status: 'published', currentPublishedRevision: 1 });
    expect(published.body.data.published).to.deep.include({ revision: 1, method: 'manual', submissionId: submitted.body.data.id });
    expect(await layoutNow(layout.id)).to.deep.include({ publishedRevision: 1, hasUnpublishedChanges: false });
  });

  it('with review for contributors, a contributor’s work waits while a manager publishes directly, superseding it', async () => {
    await review({ review_policy: 'contributors' });
    const layout = await layoutWith(api, box('Price'));
    const waiting = (await submit(asContributor, layout)).body.data;
    expect(waiting).to.deep.include({ status: 'in_review', reviewRequired: true });
    const listed = (await asReviewer('GET', '/api/v1/content-submissions?state=in_review')).body.data;
    expect(listed).to.deep.include({ policy: 'contributors', allowSelfApproval: true, autoPublishOnApproval: false });
    expect(listed.items.map((s: { id: string }) => s.id)).to.include(waiting.id);
    expect(listed.items.find((s: { id: string }) => s.id === waiting.id))
      .to.have.property('submitterName')
      .that.is.a('string');

    expect((await asEditor('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 })).status).to.equal(201);
    expect((await asReviewer('GET', `/api/v1/content-submissions/${waiting.id}`)).body.data.status).to.equal('superseded');
    const ofLayout = (await asReviewer('GET', `/api/v1/content-submissions?contentId=${layout.id}`)).body.data.items;
    expect(
      ofLayout.map((s: { id: string; status: string }) => [s.id, s.status]),
      'one content’s submissions, newest first: the direct publish, then the superseded one',
    ).to.deep.equal([
      [ofLayout[0].id, 'published'],
      [waiting.id, 'superseded'],
    ]);
    expect(errorOf(await act(asReviewer, waiting.id, 'approve', {}))).to.deep.equal([409, 'editorial_conflict']);
  });

  it('with review for everyone, nothing airs until a reviewer approves and someone publishes the frozen snapshot', async () => {
    await review({ review_policy: 'everyone' });
    const layout = await layoutWith(api, box('Price'));
    const asked = await asEditor('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    expect(asked.status).to.equal(202);
    const id = asked.body.data.id;
    expect(errorOf(await act(asReviewer, id, 'publish', {})), 'not approved yet').to.deep.equal([409, 'editorial_conflict']);

    const approved = await act(asReviewer, id, 'approve', { note: 'Looks right.' });
    expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
    expect(approved.body.data).to.not.have.property('published');
    expect(approved.body.data.submission).to.deep.include({ status: 'approved', reviewNote: 'Looks right.', reviewedBy: reviewer.userId });
    expect(approved.body.data.submission.reviewerName).to.be.a('string');
    expect(await layoutNow(layout.id)).to.not.have.property('publishedRevision');

    const published = await act(asEditor, id, 'publish');
    expect(published.status).to.equal(201);
    expect(await layoutNow(layout.id)).to.deep.include({ publishedRevision: 1 });
  });

  it('sends work back only with a note, and a decided submission cannot be decided again', async () => {
    await review({ review_policy: 'everyone' });
    const layout = await layoutWith(api, box('Price'));
    const id = (await submit(asContributor, layout)).body.data.id;
    expect((await act(asReviewer, id, 'request-changes', {})).status, 'no note').to.equal(422);
    expect(errorOf(await act(asReviewer, id, 'request-changes', { note: '   ' }))).to.deep.equal([422, 'editorial_validation_failed']);
    expect((await asReviewer('GET', `/api/v1/content-submissions/${id}`)).body.data.status, 'nothing changed').to.equal('in_review');

    const sent = await act(asReviewer, id, 'request-changes', { note: 'The price is wrong.' });
    expect(sent.status).to.equal(200);
    expect(sent.body.data).to.deep.include({ status: 'changes_requested', reviewNote: 'The price is wrong.' });
    expect(errorOf(await act(asReviewer, id, 'approve', {}))).to.deep.equal([409, 'editorial_conflict']);

    const again = await submit(asContributor, layout);
    expect(again.body.data.status).to.equal('in_review');
    expect((await asReviewer('GET', `/api/v1/content-submissions/${id}`)).body.data.status, 'the resubmission supersedes it').to.equal('superseded');
  });

  it('with self-approval off, the submitter cannot approve their own work; another reviewer can', async () => {
    await review({ review_policy: 'everyone', allow_self_approval: false });
    const layout = await layoutWith(api, box('Price'));
    const id = (await submit(asEditor, layout)).body.data.id;
    expect(errorOf(await act(asEditor, id, 'approve', {}))).to.deep.equal([422, 'editorial_validation_failed']);
    expect((await act(asReviewer, id, 'approve', {})).body.data.submission.status).to.equal('approved');
  });

  it('with auto-publish on, approving publishes at once, or schedules the time the submitter asked', async () => {
    await review({ review_policy: 'everyone', auto_publish_on_approval: true });
    const now = await layoutWith(api, box('Now'));
    const approved = await act(asReviewer, (await submit(asContributor, now)).body.data.id, 'approve', {});
    expect(approved.body.data.submission.status).to.equal('published');
    expect(approved.body.data.published).to.deep.include({ method: 'automatic_after_approval', publishedBy: reviewer.userId });

    const later = await layoutWith(api, box('Later'));
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await act(asReviewer, (await submit(asContributor, later, { requestedPublicationAt: at })).body.data.id, 'approve', {});
    expect(scheduled.body.data.submission).to.deep.include({ status: 'scheduled', requestedPublicationAt: at });
    expect(await layoutNow(later.id)).to.not.have.property('publishedRevision');
  });

  it('schedules an approved submission for the future only, and cancelling returns it to approved', async () => {
    const layout = await layoutWith(api, box('Price'));
    const id = (await submit(asEditor, layout)).body.data.id;
    expect(errorOf(await act(asEditor, id, 'schedule', { requestedPublicationAt: new Date(Date.now() - 60_000).toISOString() }))).to.deep.equal([
      422,
      'editorial_validation_failed',
    ]);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await act(asEditor, id, 'schedule', { requestedPublicationAt: at });
    expect(scheduled.body.data).to.deep.include({ status: 'scheduled', requestedPublicationAt: at });
    expect(errorOf(await act(asEditor, id, 'schedule', { requestedPublicationAt: at }))).to.deep.equal([409, 'editorial_conflict']);

    const cancelled = await act(asEditor, id, 'cancel-schedule');
    expect(cancelled.body.data.status).to.equal('approved');
    expect(cancelled.body.data).to.not.have.property('requestedPublicationAt');
    expect(errorOf(await act(asEditor, id, 'cancel-schedule'))).to.deep.equal([409, 'editorial_conflict']);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const layout = await layoutWith(api, box('Price'));
    const count = async () => Number((await k.db('content_submissions').count({ n: '*' }))[0]!.n);
    const before = await count();
    expect((await submit(asEditor, { id: 'not-a-uuid' })).status).to.be.within(400, 422);
    expect((await asEditor('POST', `/api/v1/content-submissions/poster/${layout.id}`, {})).status).to.be.within(400, 422);
    expect((await submit(asEditor, layout, { expectedRevision: 0 })).status).to.equal(422);
    expect((await submit(asEditor, layout, { requestedPublicationAt: 'tomorrow' })).status).to.equal(422);
    expect((await submit(asEditor, layout, { surprise: true })).status).to.equal(422);
    expect(errorOf(await submit(asEditor, layout, { expectedRevision: 1 }))).to.deep.equal([409, 'editorial_conflict']);
    expect(errorOf(await submit(asEditor, { id: randomUUID() }))).to.deep.equal([404, 'layout_not_found']);
    expect(errorOf(await act(asEditor, randomUUID(), 'approve', {}))).to.deep.equal([404, 'submission_not_found']);
    expect((await asEditor('GET', '/api/v1/content-submissions?state=pending')).status).to.be.within(400, 422);
    expect((await act(asEditor, randomUUID(), 'schedule', {})).status).to.equal(422);
    expect((await act(asEditor, randomUUID(), 'publish', { method: 'magic' })).status).to.equal(422);
    expect(errorOf(await asContributor('POST', `/api/v1/content-submissions/${randomUUID()}/approve`, {}))).to.deep.equal([403, 'insufficient_role']);
    expect(
      (await k.request(`/api/v1/content-submissions/layout/${layout.id}`, { method: 'POST', headers: { cookie: editor.cookie } })).status,
      'no CSRF token',
    ).to.equal(403);
    expect(await count()).to.equal(before);
  });

  describe('telling people', () => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    const posted = () => receiver.posted;

    before(async () => {
      receiver = await startWebhookReceiver();
      const { url } = receiver;
      expect((await api('POST', '/api/v1/notifications/webhooks', { name: 'Review relay', url, categories: ['review'] })).status).to.equal(201);
    });
    after(() => receiver.close());

    it('a reviewer’s console hears of new work and each decision, and review webhooks are posted each change', async () => {
      await review({ review_policy: 'everyone' });
      const layout = await layoutWith(api, box('Price'));
      const socket = await openConsoleSocket(k, reviewer);
      try {
        const id = (await submit(asContributor, layout)).body.data.id;
        const arrived = await socket.next((m) => m.type === 'content_submission.changed' && m.id === id);
        expect(arrived).to.deep.include({ status: 'in_review', contentType: 'layout', contentId: layout.id });
        await act(asReviewer, id, 'request-changes', { note: 'Too dark.' });
        await socket.next((m) => m.type === 'content_submission.changed' && m.id === id && m.status === 'changes_requested');

        const waiting = await eventually(
          () => posted().filter((p) => p.data.submissionId === id),
          (found) => found.length >= 2,
        );
        expect(waiting[0]).to.deep.include({ title: `Waiting for review - ${layout.name}`, category: 'review', severity: 'info' });
        expect(waiting[1]!.title).to.equal(`Changes requested - ${layout.name}`);
        expect(waiting[1]!.data).to.include({ status: 'changes_requested', note: 'Too dark.' });
      } finally {
        socket.ws.close();
      }
    });

    it('every move is in the audit log', async () => {
      const layout = await layoutWith(api, box('Price'));
      const id = (await submit(asEditor, layout)).body.data.id;
      await act(asEditor, id, 'publish', {});
      const actions = await k.db('audit_log').where({ resource_id: layout.id }).orderBy('id').pluck('action');
      expect(actions).to.include.members(['content.submitted', 'layout.published']);
    });
  });
});
