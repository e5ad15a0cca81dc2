import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PluginDef } from '../../kernel/plugin.js';
import { androidConfigProblems, androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, seedImage, setSettings } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { PLUGIN_CASES } from '../support/plugin-cases.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/**
 * The stock Android player refuses a whole manifest or config that fails its model or validators
 * (see support/android-player.ts). These build real ones, every optional field in use, and apply
 * those rules to them.
 */
describe('stock Android player validators on what the server builds', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let optional: PluginDef[] = [];

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifestOf = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const configOf = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/config')).body.data;

  before(async () => {
    optional = (await import('../../plugins/index.js')).optionalPlugins;
    k = await bootTestKernel({ plugins: [...coreModules, ...optional] });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Android lobby' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('accepts a manifest with every item setting, availability windows, a tag-rule playlist’s items, plugin entries and the logo', async () => {
    const image = await seedImage(k, 'Poster');
    const video = await seedAsset(k, { type: 'video', name: 'Clip' });
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const windowed = await api('PATCH', `/api/v1/assets/${video.id}`, {
      availabilitySet: true,
      availableFrom: new Date(Date.now() - 86_400_000).toISOString(),
      expiresAt: later,
    });
    expect(windowed.status, JSON.stringify(windowed.body)).to.equal(200);
    const list = (await api('POST', '/api/v1/playlists', { name: 'Everything set' })).body.data;
    const items = [
      { assetId: image.id, durationMs: 8_000, fitMode: 'cover', transition: 'crossfade', audioEnabled: false, volume: 0.35, deliveryPolicy: 'download' },
      { assetId: video.id, fitMode: 'stretch', transition: 'fade', audioEnabled: true, volume: 1, deliveryPolicy: 'stream' },
      { assetId: video.id, durationMs: 4_000, fitMode: 'contain', transition: 'none', audioEnabled: true, volume: 0, deliveryPolicy: 'automatic' },
    ];
    for (const item of items) {
      const added = await api('POST', `/api/v1/playlists/${list.id}/items`, item);
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
    }
    await publishPlaylist(k, owner, list.id);
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: list.id })).status).to.equal(200);
    for (const c of PLUGIN_CASES.filter((p) => optional.some((o) => o.name === p.path))) {
      const created = await api('POST', `/api/v1/plugins/${c.path}/instances`, c.path === 'brand-bug' ? { ...c.body, imageAssetId: image.id } : c.body);
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
    }
    await setSettings(k, owner, { 'branding.logo_asset_id': image.id });

    // Every screen is rebuilt after the settings commit.
    const manifest = await eventually(manifestOf, (m) => m.branding !== undefined);
    expect(manifest.playlist.items).to.have.length(3);
    expect(manifest.playlist.items.map((i: { volume: number }) => i.volume)).to.deep.equal([0.35, 1, 0]);
    expect(manifest.playlist.items[0].transition).to.equal('fade'); // crossfade needs schema 14
    expect(manifest.playlist.items[1]).to.include({ expiresAt: new Date(later).toISOString() });
    expect(manifest.branding.logoAssetId).to.equal(image.id);
    expect(manifest.plugins.length).to.equal(optional.length ? manifest.plugins.length : 0);
    expect(androidManifestProblems(manifest, screen.screenId)).to.deep.equal([]);

    const tagged = (await api('POST', '/api/v1/playlists', { name: 'By tag', sourceType: 'tag' })).body.data;
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: tagged.id })).status).to.equal(200);
    expect(androidManifestProblems(await manifestOf(), screen.screenId)).to.deep.equal([]);
  });

  it('would refuse what the players refuse (the rules bite)', async () => {
    const manifest = await manifestOf();
    const playlist = {
      id: 'p',
      revision: 1,
      name: 'x',
      items: [{ id: 'i', assetId: 'a', variantId: 'v', fitMode: 'contain', transition: 'none', audioEnabled: true, volume: 30, deliveryPolicy: 'download' }],
    };
    const loud = {
      ...manifest,
      playlist,
      playlists: [playlist],
      assets: [{ assetId: 'a', variantId: 'v', mimeType: 'video/mp4', sha256: 'x', fileSize: 1, downloadPath: '/x' }],
    };
    const problems = androidManifestProblems(loud, screen.screenId);
    expect(problems).to.have.length.above(0);
    expect(problems.every((p) => p.includes('volume 30'))).to.equal(true);
    expect(androidManifestProblems({ ...manifest, prefetchHorizonDays: null }, screen.screenId)).to.have.length(1);
    const config = await configOf();
    expect(androidConfigProblems({ ...config, playback: { ...config.playback, screenLocation: null } })).to.have.length(1);
    expect(androidConfigProblems({ ...config, cache: { ...config.cache, minimumFreeBytes: config.cache.maximumBytes + 1 } })).to.deep.equal([
      'cache.minimumFreeBytes',
    ]);
  });

  it('accepts the config with its defaults and with every setting moved to another allowed value', async () => {
    expect(androidConfigProblems(await configOf())).to.deep.equal([]);
    await api('PATCH', `/api/v1/screens/${screen.screenId}`, { roomName: 'Foyer', roomNumber: '0.12' });
    await setSettings(k, owner, {
      'branding.player_background_color': '#FFFFFF',
      'branding.footer_text': 'Welcome',
      'player.playback.default_volume': 1,
      'player.playback.default_transition': 'crossfade',
      'player.cache.max_bytes': 268_435_456,
      'player.cache.minimum_free_bytes': 134_217_728,
      'player.download.concurrent_limit': 8,
      'player.sync.status_seconds': 15,
      'player.website.cookie_policy': 'disabled',
      'website.default_reload_policy': 'interval',
      'reliability.mode': 'managed_kiosk',
      'reliability.maximum_process_restarts': 0,
      'power.active_hours_enabled': true,
      'power.active_hours_timezone': 'America/Argentina/Buenos_Aires',
      'power.active_hours_days': [7],
      'power.active_hours_start': '23:59',
      'power.outside_active_hours_display': 'custom_text',
      'accessibility.allowed_packages': ['com.android.settings'],
      'accessibility.maximum_returns': 20,
      'player.update.channel': 'beta',
    });
    const config = await configOf();
    expect(config.playback.screenLocation).to.equal('Foyer · 0.12');
    expect(config.power.blackScreenFallback).to.equal(false);
    expect(androidConfigProblems(config)).to.deep.equal([]);
    const refused = await api('PATCH', '/api/v1/settings', {
      revision: (await api('GET', '/api/v1/settings')).body.data.revision,
      values: { 'player.cache.minimum_free_bytes': 1024 ** 3 },
    });
    expect([refused.status, refused.body.error.code]).to.deep.equal([422, 'invalid_setting_value']);
  });
});
