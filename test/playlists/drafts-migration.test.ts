import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import * as drafts from '../../core-modules/playlists/migrations/20270106090000_playlist_drafts.js';
import type { PlayerDeps } from '../../core-modules/player/player-deps.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, seedImage } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('the playlist drafts migration', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await consoleCall(k, owner, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.within(200, 204);
    return res.body?.data;
  };
  // The manifest as built now, without the moments it was read at.
  const built = async (screens: PairedScreen[]) => {
    await (k.containerOf('player').cradle as PlayerDeps).manifestService.refreshMany(screens.map((s) => s.screenId));
    return Promise.all(
      screens.map(async (s) => {
        const { generatedAt: _g, serverTime: _s, ...manifest } = (await playerCall(k, s.credential, 'GET', '/api/v1/player/manifest')).body.data;
        return JSON.stringify(manifest);
      }),
    );
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('gives every playlist a draft equal to what it plays, keeping today’s manifests byte for byte; down and up again', async () => {
    const [image, video, tagged] = await Promise.all([seedImage(k, 'Menu'), seedAsset(k, { type: 'video', name: 'Clip' }), seedImage(k, 'Promo')]);
    const tag = await api('POST', '/api/v1/content-tags', { name: `promo-${randomUUID().slice(0, 6)}` });
    await api('POST', '/api/v1/assets/bulk-organize', { assetIds: [tagged.id], addTagIds: [tag.id] });
    const loop = await api('POST', '/api/v1/playlists', { name: 'Lobby loop', description: 'Mornings' });
    await api('POST', `/api/v1/playlists/${loop.id}/items`, { assetId: image.id, durationMs: 6000, transition: 'fade' });
    await api('POST', `/api/v1/playlists/${loop.id}/items`, { assetId: video.id, volume: 0.4 });
    const promos = await api('POST', '/api/v1/playlists', { name: 'Promos', sourceType: 'tag' });
    await api('PUT', `/api/v1/playlists/${promos.id}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 7000, tagIds: [tag.id] });
    for (const id of [loop.id, promos.id]) await publishPlaylist(k, owner, id);
    const screens = [await pairScreen(k, owner, { name: 'Lobby' }), await pairScreen(k, owner, { name: 'Bar' })];
    await api('PUT', `/api/v1/screens/${screens[0]!.screenId}/playlist-assignment`, { playlistId: loop.id });
    await api('PUT', `/api/v1/screens/${screens[1]!.screenId}/playlist-assignment`, { playlistId: promos.id });

    // The release before drafts: one set of rows, edited in place (a playlist revision 7, an item it gained).
    await drafts.down(k.db);
    const extra = await seedImage(k, 'Later');
    await k.db('playlist_items').insert({
      playlist_id: loop.id,
      position: 2,
      asset_id: extra.id,
      duration_ms: 4000,
      fit_mode: 'cover',
      transition: 'none',
      audio_enabled: false,
      volume: 1,
      delivery_policy: 'download',
    });
    await k.db('playlists').where({ id: loop.id }).update({ revision: 7, name: 'Lobby loop (today)' });
    const before = await built(screens);
    expect(before[0]).to.include(extra.id);

    await drafts.up(k.db);
    expect(await built(screens), 'the same manifests, at the same versions').to.deep.equal(before);
    const draft = await api('GET', `/api/v1/playlists/${loop.id}`);
    expect(draft).to.deep.include({ name: 'Lobby loop (today)', revision: 7, draftRevision: 7, publishedRevision: 7, hasUnpublishedChanges: false });
    expect(draft.items.map((i: any) => i.assetId)).to.deep.equal([image.id, video.id, extra.id]);
    expect((await api('GET', `/api/v1/playlists/${promos.id}`)).tagRule).to.deep.include({ enabled: true, tagIds: [tag.id] });

    // Publishing the draft as migrated changes what plays in nothing but the revision: item ids are kept.
    const played = JSON.parse(before[0]!).playlist;
    await publishPlaylist(k, owner, loop.id);
    const now = JSON.parse((await built(screens))[0]!).playlist;
    expect(now).to.deep.equal({ ...played, revision: 8 });

    // Down and up again: every playlist has its draft back, from what it plays.
    await drafts.down(k.db);
    await drafts.up(k.db);
    const [playlists, draftRows] = await Promise.all([k.db('playlists').count<{ count: string }[]>(), k.db('playlist_drafts').count<{ count: string }[]>()]);
    expect(draftRows[0]!.count).to.equal(playlists[0]!.count);
    expect(await api('GET', `/api/v1/playlists/${loop.id}`)).to.deep.include({ revision: 8, draftRevision: 8, hasUnpublishedChanges: false });
  });
});
