import { expect } from 'chai';
import { ConsolePlaylist, ConsolePlaylistList, ConsolePlaylistRestoreResult, ConsolePlaylistRevisionList } from '../fixtures/console-types/playlists.js';
import { consoleCall } from '../support/console-client.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedAsset } from '../support/library-assets.js';
import { pairScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/** The body the reference console's itemInput() sends back for an item it read. */
const itemInput = (item: any) => ({
  assetId: item.assetId,
  layoutId: item.layoutId,
  durationMs: item.durationMs,
  fitMode: item.fitMode,
  transition: item.transition,
  audioEnabled: item.audioEnabled,
  volume: item.volume,
  videoStartOffsetMs: item.videoStartOffsetMs,
  videoEndOffsetMs: item.videoEndOffsetMs,
  deliveryPolicy: item.deliveryPolicy,
  usePlayerDefaults: item.usePlayerDefaults ?? false,
});

/** As JSON.stringify sends it: undefined fields left out. */
const sent = (body: Record<string, unknown>) => JSON.parse(JSON.stringify(body));

describe('playlists as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;

  it('builds a playlist with the console’s bodies and answers each step in its Playlist shape', async () => {
    const image = await seedAsset(ui.k, { name: 'Breakfast menu' });
    const video = await seedAsset(ui.k, { type: 'video', name: 'Welcome clip' });
    const created = await call('POST', '/api/v1/playlists', { name: 'Lobby loop', description: '', sourceType: 'static' });
    expectConsoleShape(created, ConsolePlaylist, 'POST /playlists');

    // As its content picker adds media (PlaylistsPage): images and videos on the screen's defaults.
    let playlist = created;
    for (const asset of [image, video]) {
      playlist = await call('POST', `/api/v1/playlists/${created.id}/items`, {
        assetId: asset.id,
        fitMode: 'contain',
        transition: 'none',
        audioEnabled: true,
        volume: 1,
        deliveryPolicy: 'download',
        usePlayerDefaults: true,
      });
      expectConsoleShape(playlist, ConsolePlaylist, 'POST /playlists/{id}/items');
    }
    expect(playlist.items.map((i: any) => [i.assetName, i.position, i.usePlayerDefaults])).to.deep.equal([
      ['Breakfast menu', 0, true],
      ['Welcome clip', 1, true],
    ]);

    // Its item editor sends the whole item back with one setting changed.
    const clip = playlist.items[1];
    const changed = await call(
      'PATCH',
      `/api/v1/playlists/${created.id}/items/${clip.id}`,
      sent({ ...itemInput(clip), usePlayerDefaults: false, volume: 0.5 }),
    );
    expectConsoleShape(changed, ConsolePlaylist, 'PATCH /playlists/{id}/items/{itemId}');
    expect(changed.items[1]).to.include({ usePlayerDefaults: false, volume: 0.5 });
    // Sent back unchanged, every item reads back the same.
    for (const item of changed.items) {
      const again = await call('PATCH', `/api/v1/playlists/${created.id}/items/${item.id}`, sent(itemInput(item)));
      expect(again.items.find((i: any) => i.id === item.id)).to.deep.equal(item);
    }

    const reordered = await call('PUT', `/api/v1/playlists/${created.id}/items/order`, { itemIds: [clip.id, playlist.items[0].id] });
    expectConsoleShape(reordered, ConsolePlaylist, 'PUT /playlists/{id}/items/order');
    expect(reordered.items.map((i: any) => [i.assetId, i.position])).to.deep.equal([
      [video.id, 0],
      [image.id, 1],
    ]);
    const renamed = await call('PATCH', `/api/v1/playlists/${created.id}`, { name: 'Lobby loop (mornings)', description: 'Until noon' });
    expectConsoleShape(renamed, ConsolePlaylist, 'PATCH /playlists/{id}');

    // An item whose asset stops being playable is told in warnings, which the page lists.
    await ui.k.db('assets').where({ id: image.id }).update({ archived_at: new Date() });
    const read = await call('GET', `/api/v1/playlists/${created.id}`);
    expectConsoleShape(read, ConsolePlaylist, 'GET /playlists/{id}');
    expect(read.warnings).to.deep.equal(['Asset Breakfast menu is no longer ready for playback.']);
    expect(read.layoutUsage).to.deep.equal([]);
    expect(read.usage).to.deep.equal({ screens: [], screenGroups: [], schedules: [], campaigns: [] });

    // Its usage panel names the screens that play it.
    const hall = await pairScreen(ui.k, ui.owner, { name: 'Hall' });
    await call('PUT', `/api/v1/screens/${hall.screenId}/playlist-assignment`, { playlistId: created.id });
    const used = await call('GET', `/api/v1/playlists/${created.id}`);
    expectConsoleShape(used, ConsolePlaylist, 'GET /playlists/{id} (assigned)');
    expect(used.usage.screens).to.deep.equal([{ id: hall.screenId, name: 'Hall' }]);
    await call('DELETE', `/api/v1/screens/${hall.screenId}/playlist-assignment`);

    // Its library's Duplicate button: a copy with the same items, answered 201 in the same shape.
    const copy = await consoleCall(ui.k, ui.owner, 'POST', `/api/v1/playlists/${created.id}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expectConsoleShape(copy.body.data, ConsolePlaylist, 'POST /playlists/{id}/duplicate');
    expect(copy.body.data.name).to.equal('Lobby loop (mornings) copy');
    expect(copy.body.data.items.map((i: any) => [i.assetId, i.usePlayerDefaults, i.volume])).to.deep.equal(
      read.items.map((i: any) => [i.assetId, i.usePlayerDefaults, i.volume]),
    );

    const removed = await call('DELETE', `/api/v1/playlists/${created.id}/items/${clip.id}`);
    expectConsoleShape(removed, ConsolePlaylist, 'DELETE /playlists/{id}/items/{itemId}');
  });

  it('makes a tag playlist as the console does and names its rule’s tags', async () => {
    const tag = await call('POST', '/api/v1/content-tags', { name: 'Promotions', color: '#ff6600' });
    const image = await seedAsset(ui.k, { name: 'Spring offer' });
    await call('POST', '/api/v1/assets/bulk-organize', { assetIds: [image.id], addTagIds: [tag.id] });
    const created = await call('POST', '/api/v1/playlists', { name: 'Promotions', description: '', sourceType: 'tag' });
    expectConsoleShape(created, ConsolePlaylist, 'POST /playlists (tag)');
    const ruled = await call('PUT', `/api/v1/playlists/${created.id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 8000, tagIds: [tag.id] });
    expectConsoleShape(ruled, ConsolePlaylist, 'PUT /playlists/{id}/tag-rule');
    // PlaylistsPage reads the rule's tags (tagRule.tags.map) to fill its tag picker.
    expect(ruled.tagRule.tags).to.deep.equal([{ id: tag.id, name: 'Promotions', color: '#ff6600' }]);
    expect(ruled.items.map((i: any) => [i.assetName, i.dynamic, i.durationMs])).to.deep.equal([['Spring offer', true, 8000]]);
    expect(ruled.sourceType).to.equal('tag');
  });

  it('pages and searches the list with the query the console sends', async () => {
    const all = await call('GET', '/api/v1/playlists?page=1&pageSize=100&search=');
    expectConsoleShape(all, ConsolePlaylistList, 'GET /playlists');
    expect(all.items.length).to.be.at.least(2);
    const found = await call('GET', `/api/v1/playlists?page=1&pageSize=100&search=${encodeURIComponent('lobby')}`);
    expect(found.items.map((p: any) => p.name)).to.deep.equal(['Lobby loop (mornings)', 'Lobby loop (mornings) copy']);
    const paged = await call('GET', '/api/v1/playlists?page=2&pageSize=1');
    expect(paged).to.include({ page: 2, pageSize: 1, total: all.total });
    expect(paged.items).to.have.length(1);
  });

  it('publishes and lists revisions as its editor and history panel call them, and restores one to the draft', async () => {
    const image = await seedAsset(ui.k, { name: 'Opening hours' });
    const created = await call('POST', '/api/v1/playlists', { name: 'Front desk', description: '', sourceType: 'static' });
    const added = await call('POST', `/api/v1/playlists/${created.id}/items`, { assetId: image.id, durationMs: 6000 });
    expect(added).to.deep.include({ draftRevision: 2, publishedRevision: 1, hasUnpublishedChanges: true });
    // api.publishPlaylist(id, expectedDraftRevision): 201 when published.
    const published = await consoleCall(ui.k, ui.owner, 'POST', `/api/v1/playlists/${created.id}/publish`, { expectedDraftRevision: 2 });
    expect(published.status, JSON.stringify(published.body)).to.equal(201);
    expect(published.body.data.published).to.include({ revision: 2 });
    expect(published.body.data.submission).to.include({ contentType: 'playlist', contentId: created.id, status: 'published' });
    await call('PATCH', `/api/v1/playlists/${created.id}`, { name: 'Front desk (summer)' });
    await publishPlaylist(ui.k, ui.owner, created.id);

    // api.playlistRevisions(id), then api.restorePlaylistRevision(id, revision) with no body.
    const revisions = await call('GET', `/api/v1/playlists/${created.id}/revisions`);
    expectConsoleShape(revisions, ConsolePlaylistRevisionList, 'GET /playlists/{id}/revisions');
    expect(revisions.items.map((r: any) => [r.revision, r.isCurrent, r.restorable])).to.deep.equal([
      [3, true, false],
      [2, false, true],
    ]);
    const restored = await call('POST', `/api/v1/playlists/${created.id}/revisions/2/restore`);
    expectConsoleShape(restored, ConsolePlaylistRestoreResult, 'POST /playlists/{id}/revisions/{revision}/restore');
    expectConsoleShape(restored.playlist, ConsolePlaylist, 'POST /playlists/{id}/revisions/{revision}/restore (playlist)');
    expect(restored).to.include({ restoredFrom: 2, skippedItems: 0 });
    const read = await call('GET', `/api/v1/playlists/${created.id}`);
    expect(read).to.deep.include({ name: 'Front desk', draftRevision: restored.newRevision, revision: 3, hasUnpublishedChanges: true });
  });
});
