import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset } from '../support/library-assets.js';
import { pairScreen, playerCall } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

type Trim = { videoStartOffsetMs?: number; videoEndOffsetMs?: number };
const trimOf = (item: Trim & Record<string, unknown>): Trim => ({
  ...(item.videoStartOffsetMs !== undefined ? { videoStartOffsetMs: item.videoStartOffsetMs } : {}),
  ...(item.videoEndOffsetMs !== undefined ? { videoEndOffsetMs: item.videoEndOffsetMs } : {}),
});

describe('playlists: video trims (start and end offsets)', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code, res.body?.error?.details?.fields?.[0]?.field];
  const createPlaylist = async (name: string) => (await api('POST', '/api/v1/playlists', { name })).body.data;
  /** A ready video whose processing recorded a 30 s length. */
  const seedClip = async (name: string, seconds: number | null = 30) => {
    const clip = await seedAsset(k, { type: 'video', name });
    await k.db('assets').where({ id: clip.id }).update({ duration_seconds: seconds });
    return clip;
  };

  it('stores a video item’s start and end, answers them on reads, and changes or clears each on its own', async () => {
    const playlist = await createPlaylist('Trimmed clips');
    const clip = await seedClip('Harbour timelapse');
    const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: clip.id, videoStartOffsetMs: 2500, videoEndOffsetMs: 12_000 });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    const item = added.body.data.items[0];
    expect(trimOf(item)).to.deep.equal({ videoStartOffsetMs: 2500, videoEndOffsetMs: 12_000 });
    expect(trimOf((await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data.items[0])).to.deep.equal({
      videoStartOffsetMs: 2500,
      videoEndOffsetMs: 12_000,
    });

    const patch = (body: Record<string, unknown>) => api('PATCH', `/api/v1/playlists/${playlist.id}/items/${item.id}`, body);
    // A change that does not name them keeps them.
    expect(trimOf((await patch({ volume: 0.5 })).body.data.items[0])).to.deep.equal({ videoStartOffsetMs: 2500, videoEndOffsetMs: 12_000 });
    expect(trimOf((await patch({ videoEndOffsetMs: 30_000 })).body.data.items[0])).to.deep.equal({ videoStartOffsetMs: 2500, videoEndOffsetMs: 30_000 });
    // Null plays from the beginning (or to the end) again; the read leaves the field out, as the reference answers it.
    const cleared = (await patch({ videoStartOffsetMs: null })).body.data.items[0];
    expect(cleared).not.to.have.property('videoStartOffsetMs');
    expect(trimOf(cleared)).to.deep.equal({ videoEndOffsetMs: 30_000 });
    expect(trimOf((await patch({ videoEndOffsetMs: null })).body.data.items[0])).to.deep.equal({});
  });

  it('refuses a start past the video’s end, an end not after the start or past the video’s end, and changes nothing', async () => {
    const playlist = await createPlaylist('Refused trims');
    const clip = await seedClip('Ferry crossing');
    const image = await seedAsset(k, { name: 'Timetable' });
    const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: clip.id, videoStartOffsetMs: 1000, videoEndOffsetMs: 5000 });
    const item = added.body.data.items[0];
    const before = (await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data;

    const add = (trim: Record<string, unknown>) => api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: clip.id, ...trim });
    const patch = (trim: Record<string, unknown>) => api('PATCH', `/api/v1/playlists/${playlist.id}/items/${item.id}`, trim);
    const rule = 'playlist_validation_failed';
    expect(errorOf(await add({ videoStartOffsetMs: 30_000 })), 'a start at the video’s end').to.deep.equal([422, rule, 'body/videoStartOffsetMs']);
    expect(errorOf(await add({ videoEndOffsetMs: 30_001 })), 'an end past the video’s').to.deep.equal([422, rule, 'body/videoEndOffsetMs']);
    expect(errorOf(await add({ videoStartOffsetMs: 4000, videoEndOffsetMs: 4000 })), 'an end at the start').to.deep.equal([422, rule, 'body/videoEndOffsetMs']);
    expect(errorOf(await add({ videoEndOffsetMs: 0 })), 'an end at the beginning').to.deep.equal([422, rule, 'body/videoEndOffsetMs']);
    // Against what is stored: the end stays 5 s, so a start of 6 s would come after it.
    expect(errorOf(await patch({ videoStartOffsetMs: 6000 }))).to.deep.equal([422, rule, 'body/videoEndOffsetMs']);
    // Not a whole number of milliseconds, or negative: the request itself is invalid.
    expect(errorOf(await add({ videoStartOffsetMs: 1500.5 }))).to.deep.equal([422, 'validation_failed', 'body/videoStartOffsetMs']);
    expect(errorOf(await patch({ videoStartOffsetMs: -1 }))).to.deep.equal([422, 'validation_failed', 'body/videoStartOffsetMs']);
    expect(errorOf(await patch({ videoEndOffsetMs: '5000' }))).to.deep.equal([422, 'validation_failed', 'body/videoEndOffsetMs']);
    // A bulk replace is checked whole before anything is written.
    const bulk = await api('PUT', `/api/v1/playlists/${playlist.id}/items/bulk`, {
      items: [
        { assetId: image.id, durationMs: 5000 },
        { assetId: clip.id, videoStartOffsetMs: 9000, videoEndOffsetMs: 8000 },
      ],
    });
    expect(errorOf(bulk)).to.deep.equal([422, rule, 'body/items/1/videoEndOffsetMs']);

    const after = (await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data;
    expect(after.draftRevision, 'no refused change made a revision').to.equal(before.draftRevision);
    expect(after.items).to.deep.equal(before.items);
  });

  it('checks only start against end for a video of unknown length, and stores no trim for other types', async () => {
    const playlist = await createPlaylist('Mixed trims');
    const unmeasured = await seedClip('Unmeasured', null);
    const image = await seedAsset(k, { name: 'Poster' });
    const long = await api('POST', `/api/v1/playlists/${playlist.id}/items`, {
      assetId: unmeasured.id,
      videoStartOffsetMs: 3_600_000,
      videoEndOffsetMs: 7_200_000,
    });
    expect(long.status, JSON.stringify(long.body)).to.equal(201);
    expect(trimOf(long.body.data.items[0])).to.deep.equal({ videoStartOffsetMs: 3_600_000, videoEndOffsetMs: 7_200_000 });
    expect(
      errorOf(await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: unmeasured.id, videoStartOffsetMs: 9000, videoEndOffsetMs: 1000 })),
    ).to.deep.equal([422, 'playlist_validation_failed', 'body/videoEndOffsetMs']);

    // An image plays no part of a file: what was sent is dropped, even an end before the start (the Android player would refuse the manifest).
    const still = await api('POST', `/api/v1/playlists/${playlist.id}/items`, {
      assetId: image.id,
      durationMs: 8000,
      videoStartOffsetMs: 9000,
      videoEndOffsetMs: 1000,
    });
    expect(still.status, JSON.stringify(still.body)).to.equal(201);
    expect(trimOf(still.body.data.items[1])).to.deep.equal({});
    // Pointing a trimmed video item at an image drops its trim too.
    const swapped = await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${long.body.data.items[0].id}`, { assetId: image.id, durationMs: 4000 });
    expect(swapped.status, JSON.stringify(swapped.body)).to.equal(200);
    expect(trimOf(swapped.body.data.items[0])).to.deep.equal({});
    const stored = await k.db('playlist_draft_items').where({ playlist_id: playlist.id }).select('video_start_offset_ms', 'video_end_offset_ms');
    expect(stored).to.deep.equal([
      { video_start_offset_ms: null, video_end_offset_ms: null },
      { video_start_offset_ms: null, video_end_offset_ms: null },
    ]);
    await publishPlaylist(k, owner, playlist.id);
    // Whatever writes the rows, the store refuses an end not after the start, which would make the Android player refuse the manifest.
    for (const table of ['playlist_draft_items', 'playlist_items']) {
      const refused = await k
        .db(table)
        .where({ playlist_id: playlist.id })
        .update({ video_start_offset_ms: 5000, video_end_offset_ms: 5000 })
        .then(
          () => 'stored',
          (e: Error) => e.message,
        );
      expect(refused, table).to.match(new RegExp(`${table}_video_offsets`));
    }
  });

  it('sends a published trim to the screen in its manifest (absent when unset), which the Android player accepts', async () => {
    const playlist = await createPlaylist('On air trims');
    const trimmed = await seedClip('Opening titles');
    const whole = await seedClip('Full feature');
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: trimmed.id, videoStartOffsetMs: 4000, videoEndOffsetMs: 9000 });
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: whole.id });
    const screen = await pairScreen(k, owner, { name: 'Trim wall' });
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id })).status).to.equal(200);
    const manifestItems = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;

    // The draft is not on air until it is published.
    expect((await manifestItems()).playlist.items).to.deep.equal([]);
    await publishPlaylist(k, owner, playlist.id);
    const manifest = await manifestItems();
    const [first, second] = manifest.playlist.items;
    expect(first).to.include({ assetId: trimmed.id, videoStartOffsetMs: 4000, videoEndOffsetMs: 9000 });
    expect(second.assetId).to.equal(whole.id);
    expect(second, 'an untrimmed video says nothing of offsets').not.to.have.any.keys('videoStartOffsetMs', 'videoEndOffsetMs');
    expect(androidManifestProblems(manifest, screen.screenId)).to.deep.equal([]);

    // The revision keeps it: a later change and a restore of the published revision bring the trim back.
    const itemId = first.id;
    expect((await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${itemId}`, { videoStartOffsetMs: null, videoEndOffsetMs: null })).status).to.equal(200);
    const revision = (await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data.revision;
    const restored = await api('POST', `/api/v1/playlists/${playlist.id}/revisions/${revision}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).to.be.lessThan(300);
    const draft = (await api('GET', `/api/v1/playlists/${playlist.id}`)).body.data;
    expect(trimOf(draft.items.find((i: { id: string }) => i.id === itemId))).to.deep.equal({ videoStartOffsetMs: 4000, videoEndOffsetMs: 9000 });
  });

  it('keeps trims in a duplicate and through a bulk replace that sends them back', async () => {
    const playlist = await createPlaylist('Source of copies');
    const clip = await seedClip('Crowd shot');
    const image = await seedAsset(k, { name: 'Logo card' });
    const bulk = await api('PUT', `/api/v1/playlists/${playlist.id}/items/bulk`, {
      items: [
        { assetId: image.id, durationMs: 5000 },
        { assetId: clip.id, videoStartOffsetMs: 1200, videoEndOffsetMs: 20_000 },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).to.equal(200);
    expect(bulk.body.data.items.map(trimOf)).to.deep.equal([{}, { videoStartOffsetMs: 1200, videoEndOffsetMs: 20_000 }]);

    const copy = await api('POST', `/api/v1/playlists/${playlist.id}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expect(copy.body.data.items.map((i: Trim & { assetId: string }) => [i.assetId, trimOf(i)])).to.deep.equal([
      [image.id, {}],
      [clip.id, { videoStartOffsetMs: 1200, videoEndOffsetMs: 20_000 }],
    ]);
  });
});
