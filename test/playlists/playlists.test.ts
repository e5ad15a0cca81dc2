import { tagItemId } from '../../core-modules/playlists/playlist-reader.js';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PlaylistsDeps } from '../../core-modules/playlists/playlists-deps.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, sessionsByRole } from '../support/library-assets.js';
import { pairScreen, playerCall } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';

describe('playlists and screen assignment', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let roles: Record<string, ConsoleSession>;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    roles = await sessionsByRole(k, owner, ['viewer', 'contributor', 'editor']);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const createPlaylist = async (name = `list ${randomUUID().slice(0, 6)}`) => {
    const res = await api('POST', '/api/v1/playlists', { name });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };

  it('creates, lists, gets, renames and deletes a playlist, counting draft revisions', async () => {
    const created = await createPlaylist(' Lobby loop ');
    expect(created).to.deep.include({
      name: 'Lobby loop',
      description: '',
      revision: 1,
      draftRevision: 1,
      publishedRevision: 1,
      hasUnpublishedChanges: false,
      items: [],
      itemCount: 0,
      warnings: [],
      layoutUsage: [],
    });
    expect(created, 'a playlist without a rule has no tagRule (the console type has no null)').not.to.have.property('tagRule');

    const patched = await api('PATCH', `/api/v1/playlists/${created.id}`, { description: 'Mornings' });
    expect(patched.body.data).to.deep.include({ name: 'Lobby loop', description: 'Mornings', revision: 1, draftRevision: 2, hasUnpublishedChanges: true });
    expect((await api('PATCH', `/api/v1/playlists/${created.id}`, { name: '' })).status).to.equal(422);
    expect((await api('PATCH', `/api/v1/playlists/${created.id}`, { name: 'x'.repeat(181) })).status).to.equal(422);

    const listed = await api('GET', '/api/v1/playlists?search=lobby', undefined, roles.viewer);
    expect(listed.body.data.items.map((p: any) => p.name)).to.deep.equal(['Lobby loop']);
    expect(listed.body.data.total).to.equal(1);
    expect((await api('GET', `/api/v1/playlists/${created.id}`, undefined, roles.viewer)).body.data.draftRevision).to.equal(2);

    expect((await api('DELETE', `/api/v1/playlists/${created.id}`)).status).to.equal(204);
    expect(errorOf(await api('GET', `/api/v1/playlists/${created.id}`))).to.deep.equal([404, 'playlist_not_found']);
    expect(errorOf(await api('DELETE', `/api/v1/playlists/${created.id}`))).to.deep.equal([404, 'playlist_not_found']);
  });

  it('sorts the list by name, by last change or oldest first, as the console asks', async () => {
    const [b, a, c] = [await createPlaylist('Sorted b'), await createPlaylist('sorted A'), await createPlaylist('Sorted c')];
    expect((await api('PATCH', `/api/v1/playlists/${b.id}`, { description: 'touched' })).status).to.equal(200);
    const order = async (sort?: string) =>
      (await api('GET', `/api/v1/playlists?search=sorted${sort ? `&sort=${sort}` : ''}`)).body.data.items.map((p: any) => p.id);
    expect(await order(), 'by name, case aside, by default').to.deep.equal([a.id, b.id, c.id]);
    expect(await order('updated')).to.deep.equal([b.id, c.id, a.id]);
    expect(await order('oldest')).to.deep.equal([b.id, a.id, c.id]);
    expect(errorOf(await api('GET', '/api/v1/playlists?sort=size'))).to.deep.equal([422, 'validation_failed']);
  });

  it('adds ready assets as items with their settings, and refuses assets that are not ready', async () => {
    const playlist = await createPlaylist();
    const image = await seedAsset(k, { name: 'poster' });
    const video = await seedAsset(k, { type: 'video', name: 'clip' });
    const queued = await seedAsset(k, { status: 'processing' });

    const noDuration = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id });
    expect(errorOf(noDuration)).to.deep.equal([422, 'playlist_validation_failed']);
    const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, durationMs: 8000, fitMode: 'cover', transition: 'fade' });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    expect(added.body.data.items[0]).to.deep.include({
      source: 'manual',
      assetId: image.id,
      durationMs: 8000,
      fitMode: 'cover',
      transition: 'fade',
      audioEnabled: true,
      volume: 1,
      deliveryPolicy: 'automatic',
    });
    const withVideo = await api(
      'POST',
      `/api/v1/playlists/${playlist.id}/items`,
      { assetId: video.id, volume: 0.4, deliveryPolicy: 'stream' },
      roles.contributor,
    );
    expect(withVideo.status).to.equal(201);
    expect(withVideo.body.data.items[1]).to.deep.include({ assetId: video.id, volume: 0.4, deliveryPolicy: 'stream' });
    expect(withVideo.body.data.items[1], 'a video plays its whole length').not.to.have.property('durationMs');
    expect(withVideo.body.data.draftRevision).to.equal(3);

    expect(errorOf(await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: queued.id, durationMs: 5000 }))).to.deep.equal([
      422,
      'asset_not_ready',
    ]);
    expect(errorOf(await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: randomUUID(), durationMs: 5000 }))).to.deep.equal([
      422,
      'asset_not_found',
    ]);
    expect((await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: video.id, volume: 1.01 })).status).to.equal(422);
    // The players' scale is 0..1: a percentage is refused rather than played at full volume.
    expect((await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: video.id, volume: 40 })).status).to.equal(422);
    expect((await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, durationMs: 5000, fitMode: 'zoom' })).status).to.equal(422);
    expect(errorOf(await api('POST', `/api/v1/playlists/${randomUUID()}/items`, { assetId: image.id, durationMs: 5000 }))).to.deep.equal([
      404,
      'playlist_not_found',
    ]);

    const itemId = withVideo.body.data.items[1].id;
    const patched = await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${itemId}`, { audioEnabled: false, durationMs: 3000 });
    expect(patched.body.data.items[1]).to.deep.include({ audioEnabled: false, durationMs: 3000, volume: 0.4 });
    expect(patched.body.data.draftRevision).to.equal(4);
    const imageItem = patched.body.data.items[0].id;
    expect(errorOf(await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${imageItem}`, { durationMs: null }))).to.deep.equal([
      422,
      'playlist_validation_failed',
    ]);

    const removed = await api('DELETE', `/api/v1/playlists/${playlist.id}/items/${imageItem}`);
    expect(removed.body.data.items.map((i: any) => i.id)).to.deep.equal([itemId]);
    expect(removed.body.data.draftRevision).to.equal(5);
    expect(errorOf(await api('DELETE', `/api/v1/playlists/${playlist.id}/items/${imageItem}`))).to.deep.equal([404, 'playlist_item_not_found']);
  });

  it('orders items when given every id exactly once, and replaces them all in bulk', async () => {
    const playlist = await createPlaylist();
    const assets = await Promise.all(['a', 'b', 'c'].map((name) => seedAsset(k, { name })));
    for (const a of assets) await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: a.id, durationMs: 5000 });
    const ids = (await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data.items.map((i: any) => i.id);

    const reordered = await api('PUT', `/api/v1/playlists/${playlist.id}/items/order`, { itemIds: [ids[2], ids[0], ids[1]] });
    expect(reordered.status, JSON.stringify(reordered.body)).to.equal(200);
    expect(reordered.body.data.items.map((i: any) => i.assetId)).to.deep.equal([assets[2]!.id, assets[0]!.id, assets[1]!.id]);
    expect(reordered.body.data.draftRevision).to.equal(5);
    for (const itemIds of [
      [ids[0], ids[1]],
      [ids[0], ids[1], ids[1]],
      [ids[0], ids[1], ids[2], randomUUID()],
      [ids[0], ids[1], randomUUID()],
    ]) {
      expect(errorOf(await api('PUT', `/api/v1/playlists/${playlist.id}/items/order`, { itemIds }))).to.deep.equal([422, 'playlist_validation_failed']);
    }

    const replaced = await api('PUT', `/api/v1/playlists/${playlist.id}/items/bulk`, {
      items: [
        { assetId: assets[1]!.id, durationMs: 2000 },
        { assetId: assets[1]!.id, durationMs: 4000, transition: 'crossfade' },
      ],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).to.equal(200);
    expect(replaced.body.data.items.map((i: any) => [i.assetId, i.durationMs])).to.deep.equal([
      [assets[1]!.id, 2000],
      [assets[1]!.id, 4000],
    ]);
    expect(replaced.body.data.draftRevision).to.equal(6);

    const notReady = await seedAsset(k, { status: 'failed' });
    const refused = await api('PUT', `/api/v1/playlists/${playlist.id}/items/bulk`, {
      items: [
        { assetId: assets[0]!.id, durationMs: 1000 },
        { assetId: notReady.id, durationMs: 1000 },
      ],
    });
    expect(errorOf(refused)).to.deep.equal([422, 'asset_not_ready']);
    expect(refused.body.error.details.fields[0].field).to.equal('body/items/1/assetId');
    expect((await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data.items).to.have.length(2); // all or nothing
  });

  it('fills a playlist from a tag rule with ready tagged images and videos', async () => {
    const tag = (await api('POST', '/api/v1/content-tags', { name: `promo-${randomUUID().slice(0, 6)}` })).body.data.id;
    const other = (await api('POST', '/api/v1/content-tags', { name: `misc-${randomUUID().slice(0, 6)}` })).body.data.id;
    const banana = await seedAsset(k, { name: 'Banana' });
    const apple = await seedAsset(k, { name: 'Apple', type: 'video' });
    const pending = await seedAsset(k, { name: 'Aardvark', status: 'processing' });
    const untagged = await seedAsset(k, { name: 'Cherry' });
    const organize = await api('POST', '/api/v1/assets/bulk-organize', { assetIds: [banana.id, apple.id, pending.id], addTagIds: [tag] });
    expect(organize.status, JSON.stringify(organize.body)).to.be.lessThan(300);
    await api('POST', '/api/v1/assets/bulk-organize', { assetIds: [banana.id], addTagIds: [other] });

    const playlist = await createPlaylist();
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: untagged.id, durationMs: 1000 });
    const ruled = await api(
      'PUT',
      `/api/v1/playlists/${playlist.id}/tag-rule`,
      { enabled: true, match: 'any', imageDurationMs: 7000, tagIds: [tag] },
      roles.contributor,
    );
    expect(ruled.status, JSON.stringify(ruled.body)).to.equal(200);
    expect(ruled.body.data.tagRule).to.deep.include({ enabled: true, match: 'any', imageDurationMs: 7000, tagIds: [tag] });
    expect(
      ruled.body.data.tagRule.tags.map((t: { id: string }) => t.id),
      "the console reads the rule's tags by name",
    ).to.deep.equal([tag]);
    expect(ruled.body.data.items.map((i: any) => [i.source, i.assetId])).to.deep.equal([
      ['manual', untagged.id],
      ['tag', apple.id],
      ['tag', banana.id],
    ]);
    // Computed items carry a stable id (players key resume and proof of play by it): the same on every read, distinct per asset.
    expect(ruled.body.data.items[2]).to.deep.include({ id: tagItemId(playlist.id, banana.id), durationMs: 7000 });
    expect(ruled.body.data.items[1].id).to.equal(tagItemId(playlist.id, apple.id)).and.not.equal(ruled.body.data.items[2].id);
    expect((await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data.items[2].id).to.equal(ruled.body.data.items[2].id);
    expect(ruled.body.data.draftRevision).to.equal(3);

    const all = await api('PUT', `/api/v1/playlists/${playlist.id}/tag-rule`, { enabled: true, match: 'all', imageDurationMs: 7000, tagIds: [tag, other] });
    expect(all.body.data.items.filter((i: any) => i.source === 'tag').map((i: any) => i.assetId)).to.deep.equal([banana.id]);
    expect(errorOf(await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: untagged.id, durationMs: 1000 }))).to.deep.equal([
      409,
      'playlist_tag_rule_active',
    ]);
    expect(
      errorOf(await api('PUT', `/api/v1/playlists/${playlist.id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 7000, tagIds: [randomUUID()] })),
    ).to.deep.equal([422, 'tag_not_found']);
    // An enabled rule with no tags yet (a tag playlist just created) plays nothing, and reads back as it was written.
    const noTags = await api('PUT', `/api/v1/playlists/${playlist.id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 7000, tagIds: [] });
    expect(noTags.body.data.sourceType).to.equal('tag');
    expect(noTags.body.data.items.map((i: any) => i.source)).to.deep.equal(['manual']);

    const off = await api('PUT', `/api/v1/playlists/${playlist.id}/tag-rule`, { enabled: false, match: 'any', imageDurationMs: 7000, tagIds: [tag] });
    expect(off.body.data.items.map((i: any) => i.source)).to.deep.equal(['manual']);
    // A tagged asset is not held by the rule: it can still be deleted.
    expect((await api('DELETE', `/api/v1/assets/${apple.id}`)).status).to.be.lessThan(300);
  });

  it("takes the reference console's item bodies: usePlayerDefaults, and the whole item sent back on a change", async () => {
    const playlist = await createPlaylist();
    const image = await seedAsset(k, { name: 'menu board' });
    const video = await seedAsset(k, { type: 'video', name: 'trailer' });
    // As its content picker adds media: no duration for an image, the screen's defaults instead.
    const picked = { fitMode: 'contain', transition: 'none', audioEnabled: true, volume: 1, deliveryPolicy: 'download', usePlayerDefaults: true };
    const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, ...picked });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    // The stored duration is the organization's default image duration (10 s), a fallback for players that ignore the flag.
    expect(added.body.data.items[0]).to.deep.include({ assetId: image.id, usePlayerDefaults: true, durationMs: 10_000, position: 0 });
    expect(added.body.data.items[0]).to.include({ assetName: 'menu board', assetType: 'image', assetStatus: 'ready', dynamic: false });
    expect(added.body.data.items[0].thumbnailUrl).to.equal(`/api/v1/assets/${image.id}/thumbnail`);
    const withVideo = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: video.id, ...picked });
    const item = withVideo.body.data.items[1];
    expect(item).to.deep.include({ usePlayerDefaults: true, position: 1 });
    expect(item).not.to.have.property('durationMs');
    // A screen playing it is told to use its own defaults for both, as the Android player reads the flag.
    const screen = await pairScreen(k, owner, { name: 'Defaults' });
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id })).status).to.equal(200);
    await publishPlaylist(k, owner, playlist.id);
    const manifest = (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
    expect(manifest.playlist.items.map((i: { usePlayerDefaults?: boolean }) => i.usePlayerDefaults)).to.deep.equal([true, true]);

    // Its item editor sends the whole item back (assetId included) with the flag turned off.
    const { assetId, durationMs, fitMode, transition, audioEnabled, volume, deliveryPolicy } = item;
    const changed = await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${item.id}`, {
      assetId,
      durationMs,
      fitMode,
      transition,
      audioEnabled: !audioEnabled,
      volume,
      deliveryPolicy,
      usePlayerDefaults: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(changed.body.data.items[1]).to.deep.include({ assetId: video.id, usePlayerDefaults: false, audioEnabled: false });
    // Pointing the item at another ready asset is a change like any other; an unknown one is refused.
    const swapped = await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${item.id}`, { assetId: image.id, durationMs: 4000 });
    expect(swapped.body.data.items[1]).to.deep.include({ assetId: image.id, durationMs: 4000 });
    expect(errorOf(await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${item.id}`, { assetId: randomUUID() }))).to.deep.equal([422, 'asset_not_found']);

    // A website cannot play with the screen's defaults: the flag is dropped, as the reference does.
    const site = (
      await api('POST', '/api/v1/assets/websites', { name: 'intranet', url: 'https://intranet.example.org/', allowedHosts: ['intranet.example.org'] })
    ).body.data;
    const withSite = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: site.id, durationMs: 30_000, usePlayerDefaults: true });
    expect(withSite.status, JSON.stringify(withSite.body)).to.equal(201);
    expect(withSite.body.data.items[2]).to.deep.include({ usePlayerDefaults: false, deliveryPolicy: 'stream' });

    // An item whose asset stops being playable is named in warnings.
    await k.db('assets').where({ id: image.id }).update({ archived_at: new Date() });
    const read = await api('GET', `/api/v1/playlists/${playlist.id}`);
    expect(read.body.data.warnings).to.deep.equal(['Asset menu board is no longer ready for playback.', 'Asset menu board is no longer ready for playback.']);
  });

  it('creates a tag playlist as the reference console does (sourceType), driven by its tag rule', async () => {
    const tag = (await api('POST', '/api/v1/content-tags', { name: `src-${randomUUID().slice(0, 6)}` })).body.data.id;
    const created = await api('POST', '/api/v1/playlists', { name: 'N'.repeat(180), description: 'From tags', sourceType: 'tag' }, roles.contributor);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.data).to.deep.include({
      sourceType: 'tag',
      items: [],
      tagRule: { enabled: true, match: 'any', imageDurationMs: 10_000, tagIds: [], tags: [] },
    });
    // Its items come from the rule: adding one by hand is refused, choosing tags is how it is filled.
    const image = await seedAsset(k, { type: 'image' });
    expect(errorOf(await api('POST', `/api/v1/playlists/${created.body.data.id}/items`, { assetId: image.id, durationMs: 5000 }))).to.deep.equal([
      409,
      'playlist_tag_rule_active',
    ]);
    const ruled = await api('PUT', `/api/v1/playlists/${created.body.data.id}/tag-rule`, {
      enabled: true,
      match: 'any',
      imageDurationMs: 10_000,
      tagIds: [tag],
    });
    expect(ruled.status).to.equal(200);
    const listed = await api('GET', `/api/v1/playlists?search=${'N'.repeat(20)}`);
    expect(listed.body.data.items.map((p: any) => p.sourceType)).to.deep.equal(['tag']);

    expect((await api('POST', '/api/v1/playlists', { name: 'Plain' })).body.data.sourceType, 'static by default').to.equal('static');
    expect((await api('POST', '/api/v1/playlists', { name: 'Odd', sourceType: 'smart' })).status).to.equal(422);
    expect((await api('POST', '/api/v1/playlists', { name: 'x'.repeat(181) })).status).to.equal(422);
    expect((await api('PATCH', `/api/v1/playlists/${created.body.data.id}`, { name: 'M'.repeat(180) })).status, 'names up to 180 characters').to.equal(200);
  });

  it('assigns a playlist to a screen and will not delete an assigned playlist', async () => {
    const screen = await pairScreen(k, owner, { name: 'Hall' });
    const playlist = await createPlaylist();
    const path = `/api/v1/screens/${screen.screenId}/playlist-assignment`;

    // Nothing assigned: no content fields (the reference's console types them optional), and the screen's playback status.
    const none = (await api('GET', path, undefined, roles.viewer)).body.data;
    expect(none).to.include({ screenId: screen.screenId, assignedAt: null, synchronizationStatus: 'not_reported' });
    expect(none).to.not.have.any.keys('playlistId', 'layoutId', 'playlistName');
    const assigned = await api('PUT', path, { playlistId: playlist.id });
    expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
    expect(assigned.body.data).to.deep.include({
      screenId: screen.screenId,
      playlistId: playlist.id,
      playlistName: playlist.name,
      presentationType: 'playlist',
    });
    expect(Date.parse(assigned.body.data.assignedAt)).to.be.a('number').and.not.NaN;
    expect((await api('GET', path)).body.data.playlistId).to.equal(playlist.id);

    expect(errorOf(await api('PUT', path, { playlistId: randomUUID() }))).to.deep.equal([404, 'playlist_not_found']);
    // Exactly one of the reference's two fields; a layout must exist (and be published).
    expect(errorOf(await api('PUT', path, {}))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('PUT', path, { playlistId: playlist.id, layoutId: randomUUID() }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('PUT', path, { layoutId: randomUUID() }))).to.deep.equal([404, 'layout_not_found']);
    expect((await api('GET', path)).body.data.playlistId, 'a refused PUT changes nothing').to.equal(playlist.id);
    expect(errorOf(await api('PUT', `/api/v1/screens/${randomUUID()}/playlist-assignment`, { playlistId: playlist.id }))).to.deep.equal([
      404,
      'screen_not_found',
    ]);
    expect(errorOf(await api('GET', `/api/v1/screens/${randomUUID()}/playlist-assignment`))).to.deep.equal([404, 'screen_not_found']);

    const refused = await api('DELETE', `/api/v1/playlists/${playlist.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'playlist_conflict']);
    expect(refused.body.error.details.uses).to.deep.equal([{ kind: 'screen', id: screen.screenId, name: 'Hall' }]);
    expect((await api('DELETE', path)).status).to.equal(204);
    expect((await api('GET', path)).body.data).to.not.have.property('playlistId');
    expect((await api('DELETE', `/api/v1/playlists/${playlist.id}`)).status).to.equal(204);
  });

  it('keeps an asset in a playlist from being deleted (409 asset_in_use)', async () => {
    const playlist = await createPlaylist('Holds the asset');
    const image = await seedAsset(k);
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, durationMs: 5000 });
    const refused = await api('DELETE', `/api/v1/assets/${image.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'asset_in_use']);
    expect(refused.body.error.details.usedBy).to.deep.equal([{ assetId: image.id, kind: 'playlist', id: playlist.id, name: 'Holds the asset' }]);
    await api('DELETE', `/api/v1/playlists/${playlist.id}`);
    expect((await api('DELETE', `/api/v1/assets/${image.id}`)).status).to.be.lessThan(300);
  });

  it('keeps a playlist a module made for itself out of the list and from people’s changes, and lets that module remove it', async () => {
    const { db, playlistLibrary, playlistReader } = k.containerOf('playlists').cradle as PlaylistsDeps;
    const image = await seedAsset(k);
    const counted = await playlistReader.counts();
    const id = await db.transaction((trx) =>
      playlistLibrary.createManaged({ owner: 'sundial', name: 'Kept', description: '', items: [{ assetId: image.id, durationMs: 8000 }] }, trx),
    );
    const shown = (await api('GET', `/api/v1/playlists/${id}`)).body.data;
    expect(shown.items.map((i: any) => [i.assetId, i.durationMs])).to.deep.equal([[image.id, 8000]]);
    expect((await api('GET', '/api/v1/playlists?pageSize=100')).body.data.items.map((p: any) => p.id)).not.to.include(id);
    expect(await playlistReader.counts(), 'nor counted as people’s').to.deep.equal(counted);
    const refused: [string, string, unknown?][] = [
      ['PATCH', `/api/v1/playlists/${id}`, { name: 'Mine' }],
      ['POST', `/api/v1/playlists/${id}/items`, { assetId: image.id, durationMs: 5000 }],
      ['PUT', `/api/v1/playlists/${id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 5000, tagIds: [] }],
      ['POST', `/api/v1/playlists/${id}/duplicate`],
      ['DELETE', `/api/v1/playlists/${id}`],
    ];
    for (const [method, path, body] of refused) expect(errorOf(await api(method, path, body)), `${method} ${path}`).to.deep.equal([409, 'managed_resource']);
    expect((await api('GET', `/api/v1/playlists/${id}`)).body.data.draftRevision, 'unchanged').to.equal(shown.draftRevision);
    expect(errorOf(await api('POST', `/api/v1/playlists/${id}/publish`, {})), 'nor published by people').to.deep.equal([409, 'managed_resource']);

    await db.transaction((trx) => playlistLibrary.removeManaged(id, trx));
    expect(errorOf(await api('GET', `/api/v1/playlists/${id}`))).to.deep.equal([404, 'playlist_not_found']);
  });

  it('lets each role do only its part', async () => {
    const { viewer, contributor, editor } = roles as Record<string, ConsoleSession>;
    const image = await seedAsset(k);
    const screen = await pairScreen(k, owner, { name: 'Roles' });

    expect((await api('POST', '/api/v1/playlists', { name: 'nope' }, viewer)).status).to.equal(403);
    const mine = await api('POST', '/api/v1/playlists', { name: 'by contributor' }, contributor);
    expect(mine.status).to.equal(201);
    const id = mine.body.data.id;
    expect((await api('PATCH', `/api/v1/playlists/${id}`, { name: 'x' }, viewer)).status).to.equal(403);
    expect((await api('POST', `/api/v1/playlists/${id}/items`, { assetId: image.id, durationMs: 5000 }, viewer)).status).to.equal(403);
    expect((await api('POST', `/api/v1/playlists/${id}/items`, { assetId: image.id, durationMs: 5000 }, contributor)).status).to.equal(201);
    expect((await api('DELETE', `/api/v1/playlists/${id}`, undefined, contributor)).status).to.equal(403);

    const path = `/api/v1/screens/${screen.screenId}/playlist-assignment`;
    expect((await api('PUT', path, { playlistId: id }, editor)).status).to.equal(403);
    expect((await api('DELETE', path, undefined, editor)).status).to.equal(403);
    expect((await api('GET', path, undefined, viewer)).status).to.equal(200);
    expect((await api('DELETE', `/api/v1/playlists/${id}`, undefined, editor)).status).to.equal(204);
  });
});
