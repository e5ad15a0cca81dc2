import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { canonicalHash } from '../../kernel/canonical-json.js';
import { consoleCall, newSignedInUser, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { type Api, box, layoutWith, REVIEW_DEFAULTS, saveDraft, setReview } from './editorial-fixtures.js';

describe('content history: publications, compare, restore and rollback', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let editor: ConsoleSession;
  let screen: PairedScreen;
  const api: Api = (method, path, body) => consoleCall(k, owner, method, path, body);
  const asEditor: Api = (method, path, body) => consoleCall(k, editor, method, path, body);
  const history = (id: string) => `/api/v1/content-history/layout/${id}`;
  const publish = async (layout: { id: string; draftRevision: number }) => {
    const res = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: layout.draftRevision });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const publications = async (id: string) => (await api('GET', `${history(id)}/publications`)).body.data.items;
  const manifestLayout = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data.layout;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    editor = (await newSignedInUser(k, owner, 'editor password 1', 'editor', 'editor')).session;
    screen = await pairScreen(k, owner, { name: 'Lobby' });
  });
  afterEach(() => setReview(api, REVIEW_DEFAULTS));
  after(() => k?.stop());

  it('lists publications newest first and compares two as added, removed, moved and changed', async () => {
    const price = box('Price');
    const logo = box('Logo', 400);
    const v1 = await layoutWith(api, price, logo);
    await publish(v1);
    const v2 = await saveDraft(api, v1, [
      { ...price, x: 300 },
      { ...box('Banner', 600), id: randomUUID() },
    ]);
    await api('PUT', `/api/v1/layouts/${v1.id}/draft`, {
      expectedDraftRevision: v2.draftRevision,
      document: {
        ...v2.draft,
        canvas: { ...v2.draft.canvas, backgroundColor: '#000000' },
        placements: [{ ...v2.draft.placements[0], opacity: 0.5, x: 300 }, v2.draft.placements[1]],
      },
    });
    const second = await publish({ id: v1.id, draftRevision: v2.draftRevision + 1 });

    const [newest, oldest] = await publications(v1.id);
    expect(newest).to.deep.include({
      revision: 2,
      nativeRevisionId: second.id,
      method: 'manual',
      publishedBy: owner.userId,
      supersedesPublicationId: oldest.id,
    });
    expect(oldest).to.deep.include({ revision: 1, snapshotSha256: canonicalHash(v1.draft) });

    const diff = await api('GET', `${history(v1.id)}/compare?fromPublicationId=${oldest.id}&toPublicationId=${newest.id}`);
    expect(diff.status, JSON.stringify(diff.body)).to.equal(200);
    expect(diff.body.data).to.deep.include({ fromPublicationId: oldest.id, toPublicationId: newest.id, changed: true });
    expect(diff.body.data.changes.map((c: { kind: string; path: string }) => `${c.kind} ${c.path}`)).to.deep.equal([
      'changed canvas/backgroundColor',
      `removed placements/${logo.id}`,
      `moved placements/${price.id}`,
      `changed placements/${price.id}`,
      `added placements/${v2.draft.placements[1].id}`,
    ]);
    const same = await api('GET', `${history(v1.id)}/compare?fromPublicationId=${newest.id}&toPublicationId=${newest.id}`);
    expect(same.body.data).to.deep.include({ changed: false, changes: [] });

    const other = await layoutWith(api, box('Other'));
    await publish(other);
    const [foreign] = await publications(other.id);
    const refused = await api('GET', `${history(v1.id)}/compare?fromPublicationId=${oldest.id}&toPublicationId=${foreign.id}`);
    expect([refused.status, refused.body.error.code]).to.deep.equal([404, 'publication_not_found']);
    expect((await api('GET', `${history(v1.id)}/compare?fromPublicationId=${oldest.id}`)).status).to.equal(422);
  });

  it('publishes a submission’s frozen snapshot even after the draft was edited, and says a newer draft exists', async () => {
    await setReview(api, { ...REVIEW_DEFAULTS, review_policy: 'everyone' });
    const frozen = box('Frozen');
    const layout = await layoutWith(api, frozen);
    const submitted = await asEditor('POST', `/api/v1/content-submissions/layout/${layout.id}`, { expectedRevision: layout.draftRevision });
    await saveDraft(api, layout, [box('Later edit')]);

    const seen = (await api('GET', `/api/v1/content-submissions/${submitted.body.data.id}`)).body.data;
    expect(seen).to.deep.include({ newerWorkingDraft: true, workingRevision: layout.draftRevision });
    expect(seen.snapshot.placements.map((p: { name: string }) => p.name)).to.deep.equal(['Frozen']);

    await api('POST', `/api/v1/content-submissions/${seen.id}/approve`, {});
    const published = await api('POST', `/api/v1/content-submissions/${seen.id}/publish`, {});
    expect(published.status, JSON.stringify(published.body)).to.equal(201);
    const revisions = (await api('GET', `/api/v1/layouts/${layout.id}/revisions`)).body.data.items;
    expect(revisions[0].document).to.deep.equal(layout.draft);
    expect(revisions[0].documentSha256).to.equal(seen.snapshotSha256);
    const now = (await api('GET', `/api/v1/layouts/${layout.id}`)).body.data;
    expect(now).to.deep.include({ publishedRevision: 1, hasUnpublishedChanges: true, draftRevision: layout.draftRevision + 1 });
    expect(
      now.draft.placements.map((p: { name: string }) => p.name),
      'the later draft is kept',
    ).to.deep.equal(['Later edit']);
  });

  it('restores a publication as the draft without changing what screens play', async () => {
    const layout = await layoutWith(api, box('First'));
    await publish(layout);
    const edited = await saveDraft(api, layout, [box('Second')]);
    await publish(edited);
    const [, first] = await publications(layout.id);

    const restored = await asEditor('POST', `${history(layout.id)}/publications/${first.id}/restore-draft`);
    expect(restored.status, JSON.stringify(restored.body)).to.equal(200);
    expect(restored.body.data).to.deep.equal({ contentType: 'layout', contentId: layout.id, workingRevision: edited.draftRevision + 1 });
    const now = (await api('GET', `/api/v1/layouts/${layout.id}`)).body.data;
    expect(now.draft).to.deep.equal(layout.draft);
    expect(now).to.deep.include({ publishedRevision: 2, hasUnpublishedChanges: true });
    expect(await publications(layout.id)).to.have.length(2);
    const missing = await asEditor('POST', `${history(layout.id)}/publications/${randomUUID()}/restore-draft`);
    expect([missing.status, missing.body.error.code]).to.deep.equal([404, 'publication_not_found']);
  });

  it('rolls a screen back to exactly the earlier layout, as a new publication; under review it waits', async () => {
    const layout = await layoutWith(api, box('Breakfast'));
    const first = await publish(layout);
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { layoutId: layout.id })).status).to.equal(200);
    const lunch = await saveDraft(api, layout, [box('Lunch')]);
    await publish(lunch);
    expect((await manifestLayout()).revision).to.equal(2);
    const [, breakfast] = await publications(layout.id);

    await setReview(api, { ...REVIEW_DEFAULTS, review_policy: 'everyone' });
    const waiting = await asEditor('POST', `${history(layout.id)}/publications/${breakfast.id}/rollback`);
    expect(waiting.status, JSON.stringify(waiting.body)).to.equal(202);
    expect(waiting.body.data.submission).to.deep.include({ status: 'in_review', snapshotSha256: first.documentSha256 });
    expect((await manifestLayout()).revision, 'nothing airs before approval').to.equal(2);

    await setReview(api, REVIEW_DEFAULTS);
    const rolled = await asEditor('POST', `${history(layout.id)}/publications/${breakfast.id}/rollback`);
    expect(rolled.status, JSON.stringify(rolled.body)).to.equal(201);
    expect(rolled.body.data.published).to.deep.include({ revision: 3, method: 'rollback', affectedScreenCount: 1 });
    expect((await api('GET', `/api/v1/content-submissions/${waiting.body.data.submission.id}`)).body.data.status).to.equal('superseded');

    const onScreen = await manifestLayout();
    expect(onScreen).to.deep.include({ id: layout.id, revision: 3, documentSha256: first.documentSha256 });
    const draft = (await api('GET', `/api/v1/layouts/${layout.id}`)).body.data;
    expect(
      draft.draft.placements.map((p: { name: string }) => p.name),
      'the working draft is left as it was',
    ).to.deep.equal(['Lunch']);
    const actions = await k.db('audit_log').where({ resource_id: layout.id }).pluck('action');
    expect(actions).to.include('layout.rolled_back');
  });
});
