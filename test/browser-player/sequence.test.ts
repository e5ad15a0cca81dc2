import { expect } from 'chai';
import { itemSettings, layoutEntry, nextAvailabilityChange, playingOrder } from '../../browser-player/src/playback/sequence.js';
import type { ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { asset, at, item, layout, manifest, playlist, uuid } from './manifest-fixtures.js';

const NOW = at('2026-11-30T12:00:00Z');
const everyFileReady = { ready: () => true };

describe('browser player: the playing order of a playlist', () => {
  it('plays the items in playlist order with their own settings and the file each shows', () => {
    const photo = asset();
    const clip = asset({ mimeType: 'video/mp4' });
    const first = item(photo, { durationMs: 5000, fitMode: 'contain', transition: 'crossfade' });
    const second = item(clip, { durationMs: null, volume: 0.3, videoStartOffsetMs: 2000, videoEndOffsetMs: 9000 });
    const m = manifest({ assets: [photo, clip] });
    const order = playingOrder(m, playlist('p', [first, second]), NOW, everyFileReady);
    expect(order.map((e) => e.asset?.variantId)).to.deep.equal([photo.variantId, clip.variantId]);
    expect(order[0]?.stage).to.deep.equal({
      itemId: first.id,
      kind: 'image',
      durationMs: 5000,
      fitMode: 'contain',
      transition: 'crossfade',
      audioEnabled: true,
      volume: 0.8,
    });
    // A video without a duration plays to its end (offsets kept), at its own volume.
    expect(order[1]?.stage).to.deep.equal({
      itemId: second.id,
      kind: 'video',
      fitMode: 'cover',
      transition: 'fade',
      audioEnabled: true,
      volume: 0.3,
      videoStartOffsetMs: 2000,
      videoEndOffsetMs: 9000,
    });
  });

  it('skips items outside their availability window (the item’s or its file’s), and says when that changes', () => {
    const soon = asset({ availableFrom: '2026-11-30T13:00:00Z' });
    const now = asset();
    const gone = asset();
    const m = manifest({ assets: [soon, now, gone] });
    const list = playlist('p', [
      item(soon),
      item(now),
      item(gone, { expiresAt: '2026-11-30T11:00:00Z' }),
      item(now, { availableFrom: '2026-11-30T12:30:00Z', expiresAt: '2026-11-30T14:00:00Z' }),
    ]);
    expect(playingOrder(m, list, NOW, everyFileReady).map((e) => e.asset?.assetId)).to.deep.equal([now.assetId]);
    expect(new Date(nextAvailabilityChange(m, list, NOW)!).toISOString()).to.equal('2026-11-30T12:30:00.000Z');
    expect(playingOrder(m, list, at('2026-11-30T13:00:00Z'), everyFileReady).map((e) => e.asset?.assetId)).to.deep.equal([
      soon.assetId,
      now.assetId,
      now.assetId,
    ]);
    // The end is excluded.
    expect(playingOrder(m, list, at('2026-11-30T14:00:00Z'), everyFileReady)).to.have.length(2);
  });

  it('skips an item whose file is not verified yet rather than showing a blank', () => {
    const cached = asset();
    const downloading = asset();
    const m = manifest({ assets: [cached, downloading] });
    const ready = (a: ManifestAsset) => a.variantId === cached.variantId;
    const order = playingOrder(m, playlist('p', [item(downloading), item(cached)]), NOW, { ready });
    expect(order.map((e) => e.asset?.variantId)).to.deep.equal([cached.variantId]);
    expect(playingOrder(m, playlist('p', [item(downloading)]), NOW, { ready })).to.deep.equal([]);
  });

  it('uses the screen’s playback defaults where an item asks for them or has no duration', () => {
    const photo = asset();
    const defaults = { defaultImageDurationSeconds: 12, defaultFitMode: 'stretch', defaultTransition: 'none', defaultVolume: 0.25, defaultAudioEnabled: false };
    expect(itemSettings(item(photo, { durationMs: 4000, usePlayerDefaults: true }), defaults)).to.deep.equal({
      durationMs: 12_000,
      fitMode: 'stretch',
      transition: 'none',
      audioEnabled: false,
      volume: 0.25,
    });
    expect(itemSettings(item(photo, { durationMs: null }), defaults).durationMs).to.equal(12_000);
    // Before any config is kept, the server's own default (10 s) stands in.
    expect(itemSettings(item(photo, { durationMs: null })).durationMs).to.equal(10_000);
    expect(itemSettings(item(photo, { volume: 3 })).volume).to.equal(1);
  });

  it('opens websites at the address the manifest gives and layouts named in the manifest; leaves out what it cannot show', () => {
    const siteId = uuid('site');
    const board = layout('board');
    const m = manifest({
      layouts: [board],
      websites: [
        {
          assetId: siteId,
          name: 'menu',
          url: 'https://menu.example/today',
          allowedHosts: ['menu.example'],
          javascriptEnabled: true,
          domStorageEnabled: true,
          cookiePolicy: 'disabled',
          reloadPolicy: 'never',
          loadTimeoutSeconds: 30,
          zoomPercent: 100,
          scrollX: 0,
          scrollY: 0,
          backgroundColor: '#000000',
          failureBehavior: 'skip',
        },
      ],
    });
    const site = {
      id: uuid('item'),
      assetId: siteId,
      assetType: 'website',
      durationMs: null,
      fitMode: 'contain',
      transition: 'none',
      audioEnabled: false,
      volume: 0,
      deliveryPolicy: 'stream',
    };
    const boardItem = { ...site, id: uuid('item'), assetId: board.id, layoutId: board.id, assetType: 'layout', durationMs: 20_000 };
    const widget = { ...site, id: uuid('item'), assetId: uuid('widget'), assetType: 'widget' };
    const unpublished = { ...boardItem, id: uuid('item'), layoutId: uuid('gone') };
    const order = playingOrder(m, playlist('p', [site, boardItem, widget, unpublished]), NOW, everyFileReady);
    expect(order.map((e) => [e.stage.kind, e.stage.src ?? e.stage.layoutId, e.stage.durationMs])).to.deep.equal([
      ['website', 'https://menu.example/today', 60_000],
      ['layout', board.id, 20_000],
    ]);
    // A whole-screen layout has no duration: it stays until the selection changes.
    expect(layoutEntry(board.id).stage).to.include({ kind: 'layout', layoutId: board.id }).and.not.have.property('durationMs');
  });
});
