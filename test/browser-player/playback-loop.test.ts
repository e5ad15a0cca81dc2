import { expect } from 'chai';
import { PlaybackLoop } from '../../browser-player/src/playback/playback-loop.js';
import type { PlayEvent } from '../../browser-player/src/seams.js';
import type { Manifest, ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { asset, item, manifest, playlist, uuid } from './manifest-fixtures.js';
import { RecordingStage, settle } from './recording-stage.js';

describe('browser player: the playback loop', () => {
  let stage: RecordingStage;
  let plays: PlayEvent[];
  let ready: (a: ManifestAsset) => boolean;
  let loop: PlaybackLoop;

  beforeEach(() => {
    stage = new RecordingStage();
    plays = [];
    ready = () => true;
    let n = 0;
    loop = new PlaybackLoop({
      stage,
      media: { ready: (a) => ready(a), srcFor: (a) => `cached:${a.variantId}` },
      plays: { recordPlay: (r) => plays.push(r) },
      newId: () => `play-${++n}`,
      texts: () => ({ noContent: 'Nothing to show', disabled: 'Disabled' }),
    });
    loop.start();
  });
  afterEach(() => loop.stop());

  const twoImages = () => {
    const a = asset();
    const b = asset();
    const list = playlist('own', [item(a), item(b)]);
    return { m: manifest({ playlist: list, playlists: [list], assets: [a, b] }), list, a, b };
  };

  /** Each play as [kind, playlist item or presentation, how it ended ('started' while on screen)]. */
  const playsSoFar = () => plays.map((p) => [p.session.kind, p.session.playlistItemId ?? p.session.presentationId, p.ended?.reason ?? 'started']);

  it('shows the items one after another from the cached files, and records each play as it comes on screen and as it leaves', async () => {
    const { m, list, a, b } = twoImages();
    loop.setManifest(m);
    await settle();
    expect(stage.shown.map((s) => s.src)).to.deep.equal([`cached:${a.variantId}`]);
    expect(loop.snapshot()).to.include({ playbackState: 'playing', selectionSource: 'direct', currentPlaylistId: list.id, currentItemId: list.items[0]?.id });
    stage.end();
    await settle();
    stage.end();
    await settle();
    expect(stage.shown.map((s) => s.src)).to.deep.equal([`cached:${a.variantId}`, `cached:${b.variantId}`, `cached:${a.variantId}`]);
    // Each appearance has its own key, and is reported as a completed play of its item.
    expect(new Set(stage.shown.map((s) => s.key)).size).to.equal(3);
    expect(playsSoFar()).to.deep.equal([
      ['presentation', list.id, 'started'],
      ['item', list.items[0]?.id, 'started'],
      ['item', list.items[0]?.id, 'expected_item_boundary'],
      ['item', list.items[1]?.id, 'started'],
      ['item', list.items[1]?.id, 'expected_item_boundary'],
      ['item', list.items[0]?.id, 'started'],
    ]);
    // An item's start and end are one session, inside the playlist's, named by the stage key.
    expect(plays[1]?.session).to.include({ id: stage.shown[0]?.key, parentId: plays[0]?.session.id, assetId: a.assetId, presentationId: list.id });
    expect(plays[3]?.session).to.include({ assetId: b.assetId });
    expect(plays[2]?.session.id).to.equal(plays[1]?.session.id);
  });

  it('skips an item the stage cannot show, reporting it as failed (a video the decoder refuses as a decoder failure)', async () => {
    const { m, list, b } = twoImages();
    stage.refuse.add(list.items[0]!.id);
    loop.setManifest(m);
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${b.variantId}`);
    expect(playsSoFar()).to.deep.equal([
      ['item', list.items[0]?.id, 'renderer_failure'],
      ['presentation', list.id, 'started'],
      ['item', list.items[1]?.id, 'started'],
    ]);
    expect(plays[0]?.ended?.failureMessage).to.equal('cannot decode');

    stage.refuseAs = 'DecoderFailure';
    stage.end();
    await settle();
    expect(playsSoFar().slice(3)).to.deep.equal([
      ['item', list.items[1]?.id, 'expected_item_boundary'],
      ['item', list.items[0]?.id, 'decoder_failure'],
      ['item', list.items[1]?.id, 'started'],
    ]);
  });

  it('ends a play with why it left the screen: a skip, a retry, a reload of playback, other content, a stop', async () => {
    const { m, list } = twoImages();
    loop.setManifest(m);
    await settle();
    loop.skip();
    await settle();
    loop.retryCurrent();
    await settle();
    loop.restart();
    await settle();
    const other = playlist('other', [item(m.assets[0]!)]);
    // Nothing on screen holds a new manifest back once the grace is over: here the item ends first.
    loop.setManifest({ ...m, manifestVersion: 2, playlist: other, playlists: [other] });
    stage.end();
    await settle();
    loop.stop();
    expect(playsSoFar()).to.deep.equal([
      ['presentation', list.id, 'started'],
      ['item', list.items[0]?.id, 'started'],
      ['item', list.items[0]?.id, 'manual_skip'],
      ['item', list.items[1]?.id, 'started'],
      ['item', list.items[1]?.id, 'recovery_action'],
      ['item', list.items[1]?.id, 'started'],
      ['item', list.items[1]?.id, 'schedule_transition'],
      ['item', list.items[0]?.id, 'started'],
      ['item', list.items[0]?.id, 'expected_item_boundary'],
      ['presentation', list.id, 'manifest_replacement'],
      ['presentation', other.id, 'started'],
      ['item', other.items[0]?.id, 'started'],
      ['item', other.items[0]?.id, 'player_restart'],
      ['presentation', other.id, 'player_restart'],
    ]);
  });

  it('shows other content while the first choice’s files are not verified, and never a blank when nothing can play', async () => {
    const { m, a } = twoImages();
    const waiting = asset();
    const urgent = playlist('urgent', [item(waiting)]);
    m.playlists = [...(m.playlists ?? []), urgent];
    m.assets.push(waiting);
    m.takeover = {
      id: uuid('takeover'),
      playlistId: urgent.id,
      activatedAt: new Date(Date.now() - 1000).toISOString(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    ready = (x) => x.variantId !== waiting.variantId;
    loop.setManifest(m);
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${a.variantId}`);
    // The takeover's file is verified: the next decision shows it at once.
    ready = () => true;
    loop.decide();
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${waiting.variantId}`);
    expect(loop.snapshot()).to.include({ selectionSource: 'takeover', activeTakeoverId: m.takeover.id });

    // No file verified any more: the item on screen finishes, then the screen says so.
    ready = () => false;
    loop.setManifest({ ...m, manifestVersion: 2 } as Manifest);
    await settle();
    stage.end();
    await settle();
    expect(stage.messages.at(-1)).to.equal('Nothing to show');
    expect(loop.snapshot().playbackState).to.equal('waiting_for_content');
  });

  it('keeps the item on screen when a new manifest revises the same playlist, and replaces it with new content once the item ends', async () => {
    const { m, list, b } = twoImages();
    loop.setManifest(m);
    await settle();
    const extra = asset();
    const revised = { ...list, revision: 2, items: [...list.items, item(extra)] };
    loop.setManifest({ ...m, manifestVersion: 2, playlist: revised, playlists: [revised], assets: [...m.assets, extra] });
    await settle();
    expect(stage.shown).to.have.length(1);
    stage.end();
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${b.variantId}`);

    const other = playlist('other', [item(extra)]);
    loop.setManifest({ ...m, manifestVersion: 3, playlist: other, playlists: [other], assets: [...m.assets, extra] });
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${b.variantId}`);
    stage.end();
    await settle();
    expect(stage.shown.at(-1)?.itemId).to.equal(other.items[0]?.id);
  });

  it('stops playing while playback is disabled and starts again from the first item when enabled', async () => {
    const { m, a } = twoImages();
    loop.setManifest(m);
    await settle();
    loop.setDisabled(true);
    expect(stage.messages.at(-1)).to.equal('Disabled');
    expect(loop.snapshot()).to.include({ playbackState: 'disabled', selectionSource: 'none' });
    loop.setDisabled(false);
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${a.variantId}`);
  });

  it('rests outside active hours (black, or the configured text), and a takeover plays over them', async () => {
    const { m } = twoImages();
    const hour = new Date().getUTCHours();
    const clock = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    // Active two hours from now, for an hour, every day: now is outside.
    const power = {
      activeHoursEnabled: true,
      activeHoursTimezone: 'UTC',
      activeHoursDays: [1, 2, 3, 4, 5, 6, 7],
      activeHoursStart: clock(hour + 2),
      activeHoursEnd: clock(hour + 3),
    };
    loop.setConfig({ power });
    loop.setManifest(m);
    await settle();
    expect(stage.shown).to.deep.equal([]);
    expect(stage.messages.at(-1)).to.equal('(black)');
    expect(loop.snapshot()).to.include({ playbackState: 'idle' });
    expect(Date.parse(loop.snapshot().nextTransitionAt!)).to.be.above(Date.now());

    const urgent = playlist('urgent', [item(m.assets[0]!)]);
    loop.setManifest({
      ...m,
      manifestVersion: 2,
      playlists: [...(m.playlists ?? []), urgent],
      takeover: {
        id: uuid('takeover'),
        playlistId: urgent.id,
        activatedAt: new Date(Date.now() - 1000).toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    await settle();
    expect(stage.shown.at(-1)?.itemId).to.equal(urgent.items[0]?.id);
  });

  it('keeps the content on screen while the files of the content that replaces it download, then switches', async () => {
    const { m, a, b } = twoImages();
    loop.setManifest(m);
    await settle();
    const messages = stage.messages.length;
    const fresh = asset();
    const next = playlist('next', [item(fresh)]);
    ready = (x) => x.variantId !== fresh.variantId;
    loop.setManifest({ ...m, manifestVersion: 2, playlist: next, directFallbackPlaylist: next, playlists: [next], assets: [fresh] });
    await settle();
    stage.end();
    await settle();
    // The old playlist goes on (its files are still cached), no message in between.
    expect(stage.shown.map((s) => s.src)).to.deep.equal([`cached:${a.variantId}`, `cached:${b.variantId}`]);
    expect(stage.messages).to.have.length(messages);
    ready = () => true;
    loop.decide();
    await settle();
    expect(stage.shown.at(-1)?.src).to.equal(`cached:${fresh.variantId}`);
  });
});
