import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { Editorial } from '../../core-modules/editorial/editorial.api.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { REVIEW_DEFAULTS, setReview } from '../editorial/editorial-fixtures.js';

describe('playlist drafts: edits reach screens only when published', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  const call = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.within(200, 204);
    return res.body?.data;
  };
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const manifest = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  // What the screen plays, leaving out the moments the manifest was read at.
  const onAir = async () => {
    const { manifestVersion, playlist, assets } = await manifest();
    return { manifestVersion, playlist, assets };
  };
  const played = async () => ((await manifest()).playlist?.items ?? []).map((i: any) => i.assetId);
  const editorial = () => k.containerOf('playlists').resolve<Editorial>('editorial');

  /** A playlist the screen is given, holding these images (added to its draft). */
  async function onScreen(...assetIds: string[]) {
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Lobby loop' });
    for (const assetId of assetIds) await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId, durationMs: 5000 });
    await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id });
    return api('GET', `/api/v1/playlists/${playlist.id}`);
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Lobby' });
  });
  after(() => k?.stop());

  it('starts published empty: a screen given a playlist never published plays nothing', async () => {
    const [a] = await Promise.all([seedImage(k, 'Welcome')]);
    const playlist = await onScreen(a.id);
    expect(playlist).to.deep.include({ revision: 1, publishedRevision: 1, draftRevision: 2, hasUnpublishedChanges: true, itemCount: 1 });
    expect(await played()).to.deep.equal([]);
  });

  it('keeps every kind of edit off the screen until publish, which makes exactly the draft live', async () => {
    const [a, b, c] = await Promise.all([seedImage(k, 'One'), seedImage(k, 'Two'), seedImage(k, 'Three')]);
    const playlist = await onScreen(a.id, b.id);
    const first = await publishPlaylist(k, owner, playlist.id);
    expect(first).to.deep.include({ revision: 2, method: 'manual', affectedScreenCount: 1, publishedBy: owner.userId });
    expect(await played()).to.deep.equal([a.id, b.id]);
    const live = await manifest();
    expect(live.playlist).to.include({ revision: 2, name: 'Lobby loop' });
    expect(await api('GET', `/api/v1/playlists/${playlist.id}`)).to.deep.include({ revision: 2, draftRevision: 3, hasUnpublishedChanges: false });

    // Rename, add, change, reorder, remove, bulk replace, tag rule: the draft moves, the screen does not.
    const id = playlist.id;
    await api('PATCH', `/api/v1/playlists/${id}`, { name: 'Lobby loop (evening)' });
    const added = await api('POST', `/api/v1/playlists/${id}/items`, { assetId: c.id, durationMs: 7000 });
    const [itemA, itemB, itemC] = added.items;
    await api('PATCH', `/api/v1/playlists/${id}/items/${itemA.id}`, { durationMs: 9000 });
    await api('PUT', `/api/v1/playlists/${id}/items/order`, { itemIds: [itemC.id, itemA.id, itemB.id] });
    await api('DELETE', `/api/v1/playlists/${id}/items/${itemB.id}`);
    const edited = await api('PUT', `/api/v1/playlists/${id}/tag-rule`, { enabled: false, match: 'all', imageDurationMs: 4000, tagIds: [] });
    expect(edited).to.deep.include({ name: 'Lobby loop (evening)', revision: 2, draftRevision: 9, hasUnpublishedChanges: true });
    expect(edited.items.map((i: any) => i.assetId)).to.deep.equal([c.id, a.id]);
    const still = await manifest();
    expect(still.manifestVersion, 'no manifest was rebuilt').to.equal(live.manifestVersion);
    expect(still.playlist).to.deep.equal(live.playlist);
    const list = await api('GET', '/api/v1/playlists?pageSize=100');
    expect(list.items.find((p: any) => p.id === id)).to.deep.include({
      name: 'Lobby loop (evening)',
      revision: 2,
      draftRevision: 9,
      hasUnpublishedChanges: true,
    });

    const second = await publishPlaylist(k, owner, id);
    expect(second.revision).to.equal(3);
    const now = await manifest();
    expect(now.playlist).to.include({ revision: 3, name: 'Lobby loop (evening)' });
    // The same items, ids kept from the draft, in the draft's order with its settings.
    expect(now.playlist.items.map((i: any) => [i.id, i.assetId, i.durationMs])).to.deep.equal([
      [itemC.id, c.id, 7000],
      [itemA.id, a.id, 9000],
    ]);
    expect(await api('GET', `/api/v1/playlists/${id}`)).to.deep.include({ revision: 3, publishedRevision: 3, draftRevision: 9, hasUnpublishedChanges: false });
  });

  it('refuses a stale expectedDraftRevision with 409 editorial_conflict, publishing nothing', async () => {
    const image = await seedImage(k, 'Stale');
    const playlist = await onScreen(image.id);
    const res = await call('POST', `/api/v1/playlists/${playlist.id}/publish`, { expectedDraftRevision: playlist.draftRevision - 1 });
    expect(errorOf(res)).to.deep.equal([409, 'editorial_conflict']);
    expect(await editorial().publications('playlist', playlist.id)).to.deep.equal([]);
    expect(await played()).to.deep.equal([]);
  });

  it('refuses to publish an item whose asset is no longer ready (422 asset_not_ready), changing nothing', async () => {
    const [kept, spoiled] = await Promise.all([seedImage(k, 'Kept'), seedImage(k, 'Spoiled')]);
    const playlist = await onScreen(kept.id);
    await publishPlaylist(k, owner, playlist.id);
    const live = await onAir();
    const edited = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: spoiled.id, durationMs: 5000 });
    // Archived, or sent back to processing, after it was added.
    await k.db('assets').where({ id: spoiled.id }).update({ archived_at: new Date() });
    const res = await call('POST', `/api/v1/playlists/${playlist.id}/publish`, { expectedDraftRevision: edited.draftRevision });
    expect(errorOf(res)).to.deep.equal([422, 'asset_not_ready']);
    expect(res.body.error.message).to.match(/Spoiled/);
    expect(await onAir()).to.deep.equal(live);
    expect((await editorial().publications('playlist', playlist.id)).map((p) => p.revision)).to.deep.equal([2]);
    expect(await api('GET', `/api/v1/playlists/${playlist.id}`)).to.deep.include({ revision: 2, hasUnpublishedChanges: true });
  });

  it('with review required, answers 202 with the submission and leaves the screen as it was', async () => {
    const image = await seedImage(k, 'Reviewed');
    const playlist = await onScreen(image.id);
    await setReview(call, { ...REVIEW_DEFAULTS, review_policy: 'everyone' });
    try {
      const res = await call('POST', `/api/v1/playlists/${playlist.id}/publish`, { expectedDraftRevision: playlist.draftRevision });
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      expect(res.body.data).to.deep.include({ contentType: 'playlist', contentId: playlist.id, workingRevision: playlist.draftRevision, status: 'in_review' });
      expect(res.body.data.snapshot.items.map((i: any) => i.assetId)).to.deep.equal([image.id]);
      expect(await played()).to.deep.equal([]);
    } finally {
      await setReview(call, REVIEW_DEFAULTS);
    }
  });

  it('lists published revisions and restores one to the draft, leaving out what is gone and the screen as it is', async () => {
    const [a, b] = await Promise.all([seedImage(k, 'First'), seedImage(k, 'Second')]);
    const playlist = await onScreen(a.id, b.id);
    await publishPlaylist(k, owner, playlist.id);
    const first = await api('GET', `/api/v1/playlists/${playlist.id}`);
    await api('PUT', `/api/v1/playlists/${playlist.id}/items/bulk`, { items: [{ assetId: a.id, durationMs: 3000 }] });
    await api('PATCH', `/api/v1/playlists/${playlist.id}`, { name: 'Renamed' });
    await publishPlaylist(k, owner, playlist.id);
    const live = await onAir();

    const revisions = await api('GET', `/api/v1/playlists/${playlist.id}/revisions`);
    expect(revisions.kept).to.equal(30);
    expect(revisions.items.map((r: any) => [r.revision, r.name, r.itemCount, r.isCurrent, r.restorable, r.missingReferences])).to.deep.equal([
      [3, 'Renamed', 1, true, false, 0],
      [2, 'Lobby loop', 2, false, true, 0],
    ]);
    expect(revisions.items[0].authorName).to.be.a('string').and.not.equal('');

    // Gone since: archived, it cannot be played, so the restore leaves it out and says so.
    await k.db('assets').where({ id: b.id }).update({ archived_at: new Date() });
    expect((await api('GET', `/api/v1/playlists/${playlist.id}/revisions`)).items[1]).to.include({ missingReferences: 1, restorable: true });
    const restored = await api('POST', `/api/v1/playlists/${playlist.id}/revisions/2/restore`);
    expect(restored).to.deep.include({ restoredFrom: 2, newRevision: first.draftRevision + 3, skippedItems: 1 });
    expect(restored.playlist).to.deep.include({ name: 'Lobby loop', revision: 3, hasUnpublishedChanges: true });
    expect(restored.playlist.items.map((i: any) => [i.id, i.assetId, i.durationMs])).to.deep.equal([[first.items[0].id, a.id, 5000]]);
    expect(await onAir(), 'a restore is a draft edit').to.deep.equal(live);

    expect(errorOf(await call('POST', `/api/v1/playlists/${playlist.id}/revisions/9/restore`))).to.deep.equal([404, 'playlist_not_found']);
    expect(errorOf(await call('POST', `/api/v1/playlists/${playlist.id}/revisions/0/restore`))).to.deep.equal([422, 'validation_failed']);
  });

  it('keeps content a draft names from being deleted: publishing it would fail', async () => {
    const image = await seedImage(k, 'Held by a draft');
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Unpublished' });
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, durationMs: 5000 });
    const refused = await call('DELETE', `/api/v1/assets/${image.id}`);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
    expect(JSON.stringify(refused.body.error.details)).to.include(playlist.id);
  });
});
