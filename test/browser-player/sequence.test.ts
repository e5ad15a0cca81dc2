import { expect } from 'chai';
import { itemSettings, layoutEntry, nextAvailabilityChange, playingOrder } from '../../browser-player/src/playback/sequence.js';
import type { ManifestAsset, ManifestItem, ManifestWebsite, ManifestWidget } from '../../browser-player/src/wire/manifest.js';
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

  describe('websites and widgets', () => {
    const website = (over: Partial<ManifestWebsite> = {}): ManifestWebsite => ({
      assetId: uuid('site'),
      name: 'Canteen menu',
      url: 'https://menu.example/today',
      allowedHosts: ['menu.example'],
      javascriptEnabled: true,
      domStorageEnabled: true,
      cookiePolicy: 'first_party',
      reloadPolicy: 'load_once',
      loadTimeoutSeconds: 20,
      zoomPercent: 100,
      scrollX: 0,
      scrollY: 0,
      backgroundColor: '#0E141B',
      failureBehavior: 'placeholder',
      ...over,
    });
    const streamed = (assetId: string, assetType: string, over: Partial<ManifestItem> = {}): ManifestItem => ({
      id: uuid('item'),
      assetId,
      assetType,
      durationMs: null,
      fitMode: 'cover',
      transition: 'none',
      audioEnabled: false,
      volume: 0,
      deliveryPolicy: 'stream',
      ...over,
    });
    const websiteOf = (m: ReturnType<typeof manifest>, site: ManifestWebsite, o: Parameters<typeof playingOrder>[3] = everyFileReady) =>
      playingOrder(m, playlist('p', [streamed(site.assetId, 'website')]), NOW, o)[0]?.stage.website;

    it('opens a website with its own settings: timeout, reload interval, zoom, scroll offset, background, failure behaviour', () => {
      const site = website({
        reloadPolicy: 'interval',
        refreshIntervalSeconds: 300,
        loadTimeoutSeconds: 45,
        zoomPercent: 150,
        scrollX: 10,
        scrollY: 400,
        backgroundColor: '#112233',
        failureBehavior: 'skip',
      });
      expect(websiteOf(manifest({ websites: [site] }), site)).to.deep.equal({
        loadTimeoutMs: 45_000,
        reloadEveryMs: 300_000,
        zoomPercent: 150,
        scrollX: 10,
        scrollY: 400,
        backgroundColor: '#112233',
        onFailure: 'skip',
        name: 'Canteen menu',
      });
      // Only the interval policy reloads; the others load the page once per appearance.
      for (const reloadPolicy of ['load_once', 'on_each_activation']) {
        const once = website({ reloadPolicy, refreshIntervalSeconds: 300 });
        expect(websiteOf(manifest({ websites: [once] }), once)).to.not.have.property('reloadEveryMs');
      }
    });

    it('fills what a website leaves out from the config’s website defaults, and never reloads faster than its minimum', () => {
      const bare = website({ loadTimeoutSeconds: 0, zoomPercent: 0, failureBehavior: '', reloadPolicy: '', refreshIntervalSeconds: 40, backgroundColor: '' });
      const m = manifest({ websites: [bare] });
      const websiteDefaults = {
        defaultTimeoutSeconds: 12,
        defaultZoomPercent: 80,
        defaultFailureBehavior: 'skip',
        defaultReloadPolicy: 'interval',
        minimumRefreshSeconds: 120,
      };
      expect(websiteOf(m, bare, { ...everyFileReady, websiteDefaults })).to.include({
        loadTimeoutMs: 12_000,
        zoomPercent: 80,
        onFailure: 'skip',
        reloadEveryMs: 120_000,
        backgroundColor: '#0E141B',
      });
      // Without a config: the server's defaults.
      expect(websiteOf(m, bare)).to.include({ loadTimeoutMs: 20_000, zoomPercent: 100, onFailure: 'placeholder' });
      const fast = website({ reloadPolicy: 'interval', refreshIntervalSeconds: 5 });
      expect(websiteOf(manifest({ websites: [fast] }), fast), 'the reference players’ 30 s floor').to.include({ reloadEveryMs: 30_000 });
    });

    it('stands a verified fallback image in for a website that fails, and the placeholder when there is none', () => {
      const image = asset({ mimeType: 'image/png' });
      const site = website({ failureBehavior: 'fallback_image', fallbackImageAssetId: image.assetId, fallbackVariantId: image.variantId });
      const m = manifest({ websites: [site], assets: [image] });
      expect(websiteOf(m, site)).to.include({ onFailure: 'fallback_image' });
      expect(websiteOf(m, site)?.fallback).to.deep.equal({ assetId: image.assetId, variantId: image.variantId });
      // A fallback not yet verified (or outside its window, or not in the manifest) is never shown: the placeholder is.
      const notReady = websiteOf(m, site, { ready: () => false });
      expect(notReady).to.include({ onFailure: 'placeholder' }).and.not.have.property('fallback');
      const expired = manifest({ websites: [site], assets: [{ ...image, expiresAt: '2026-11-30T11:00:00Z' }] });
      expect(websiteOf(expired, site)).to.include({ onFailure: 'placeholder' });
      expect(websiteOf(manifest({ websites: [site] }), site)).to.include({ onFailure: 'placeholder' });
      // An image kept for another behaviour is not shown; keeping the last page has no page on a first load.
      for (const failureBehavior of ['placeholder', 'last_success']) {
        const other = { ...site, failureBehavior };
        expect(websiteOf(manifest({ websites: [other], assets: [image] }), other))
          .to.include({ onFailure: 'placeholder' })
          .and.not.have.property('fallback');
      }
    });

    it('plays a widget item full screen: a declarative widget drawn, a web widget as a website, for 30 s unless the item says', () => {
      const clock: ManifestWidget = {
        assetId: uuid('clock'),
        name: 'Clock',
        provider: 'clock',
        configVersion: 1,
        presentation: { schemaVersion: 1, kind: 'native', requiredCapabilities: {}, native: { root: { type: 'surface', children: [] } } },
      };
      const video: ManifestWidget = {
        assetId: uuid('youtube'),
        name: 'Welcome video',
        provider: 'youtube',
        configVersion: 1,
        presentation: {
          schemaVersion: 1,
          kind: 'web',
          requiredCapabilities: { 'web.remote': 1 },
          web: {
            mode: 'remote',
            url: 'https://www.youtube-nocookie.com/embed/abcdefghijk',
            allowedHosts: ['www.youtube-nocookie.com'],
            onlineOnly: true,
            lifecycle: 'destroy_on_hide',
            fallbackBehavior: 'skip',
            loadTimeoutSeconds: 25,
          },
        },
      };
      // Schema 11 and 12 send provider settings instead of a presentation: nothing this player draws.
      const legacy: ManifestWidget = { assetId: uuid('legacy'), name: 'Old clock', provider: 'clock', configVersion: 1, configuration: { timezone: 'UTC' } };
      const m = manifest({ widgets: [clock, video, legacy] });
      const items = [
        streamed(clock.assetId, 'widget'),
        streamed(video.assetId, 'widget', { durationMs: 90_000 }),
        streamed(legacy.assetId, 'widget'),
        streamed(uuid('gone'), 'widget'),
      ];
      const order = playingOrder(m, playlist('p', items), NOW, everyFileReady);
      expect(order.map((e) => e.item.id)).to.deep.equal([items[0]!.id, items[1]!.id]);
      expect(order[0]?.stage).to.deep.equal({
        itemId: items[0]!.id,
        kind: 'widget',
        widgetId: clock.assetId,
        durationMs: 30_000,
        fitMode: 'cover',
        transition: 'none',
        audioEnabled: false,
        volume: 0,
      });
      expect(order[1]?.stage).to.include({ kind: 'website', src: 'https://www.youtube-nocookie.com/embed/abcdefghijk', durationMs: 90_000 });
      expect(order[1]?.stage.website).to.deep.equal({
        loadTimeoutMs: 25_000,
        zoomPercent: 100,
        scrollX: 0,
        scrollY: 0,
        backgroundColor: '#0E141B',
        onFailure: 'skip',
        name: 'Welcome video',
      });
    });
  });
});
