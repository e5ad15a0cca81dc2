import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, OWNER, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, seedImage, setSettings } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('player config and manifest settings', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let hall: PairedScreen;
  let socket: PlayerSocket;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const configOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/config')).body.data;
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  /** Forgets what the socket heard so far, then waits for the next message of `type`. */
  const fresh = () => socket.messages.splice(0);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    hall = await pairScreen(k, owner, { name: 'Hall' });
    socket = await openPlayerSocket(k, hall.credential);
    await socket.next('server.hello');
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
  });
  beforeEach(() => resetRateLimits(k));

  it('sends every section the players read, from the settings defaults, with no null where a player expects a value', async () => {
    const c = await configOf(hall);
    expect(c.branding).to.deep.equal({
      organizationName: OWNER.organizationName,
      logoAssetId: '',
      backgroundColor: '#0E141B',
      textColor: '#F5F7FA',
      noContentTitle: 'No content assigned',
      noContentMessage: 'This screen is ready for content.',
      disabledTitle: 'Playback disabled',
      disabledMessage: 'This screen is still connected to the server.',
      footerText: '',
    });
    expect(c.playback).to.include({ defaultVolume: 0.5, defaultFitMode: 'contain', defaultImageDurationSeconds: 10, screenLocation: '' });
    expect(c.power).to.include({
      activeHoursEnabled: false,
      activeHoursTimezone: 'UTC',
      activeHoursStart: '06:30',
      activeHoursEnd: '16:00',
      outsideActiveHoursDisplay: 'black',
      blackScreenFallback: true,
    });
    expect(c.power.activeHoursDays).to.deep.equal([1, 2, 3, 4, 5]);
    expect(c.managedKiosk).to.deep.equal({ lockTaskEnabled: false, blockOverlays: true, allowSettingsDuringAdmin: true, adminSessionMinutes: 15 });
    expect(c.accessibility).to.include({ controlAssistEnabled: true, returnDelaySeconds: 10, maximumReturns: 3, returnWindowMinutes: 10 });
    expect(c.accessibility.allowedPackages).to.deep.equal([]);
    expect(c.reliability).to.include({ mode: 'standard', webviewStallSeconds: 45 });
    expect(c.website).to.include({ timeoutSeconds: 20, defaultReloadPolicy: 'on_each_activation', minimumRefreshSeconds: 30, defaultFallbackImageId: '' });
    const nulls = JSON.stringify(c).match(/:null/g);
    expect(nulls, 'null values in the config').to.equal(null);
  });

  it('follows a settings change: the revision moves, config.changed is pushed, and the config shows the new values', async () => {
    const before = (await configOf(hall)).configRevision;
    fresh();
    await setSettings(k, owner, {
      'player.playback.default_volume': 0.3,
      'branding.footer_text': 'Reception',
      'power.active_hours_days': [6, 7],
      'accessibility.allowed_packages': ['com.example.maintenance'],
    });
    const pushed = await socket.next('config.changed');
    expect(pushed.configRevision).to.equal(before + 1);
    const c = await configOf(hall);
    expect(c.configRevision).to.equal(before + 1);
    expect(c.playback.defaultVolume).to.equal(0.3);
    expect(c.branding.footerText).to.equal('Reception');
    expect(c.power.activeHoursDays).to.deep.equal([6, 7]);
    expect(c.accessibility.allowedPackages).to.deep.equal(['com.example.maintenance']);
  });

  it('turns one screen to portrait by its policy: display.rotation in its config, pushed at once; others stay upright', async () => {
    expect((await configOf(hall)).display).to.deep.equal({ rotation: 0 });
    const lobby = await pairScreen(k, owner, { name: 'Lobby' });
    fresh();
    const saved = await api('PUT', `/api/v1/screens/${hall.screenId}/policy`, { revision: 0, values: { 'display.rotation': '90' } });
    expect(saved.status).to.equal(200);
    await socket.next('config.changed');
    expect((await configOf(hall)).display).to.deep.equal({ rotation: 90 });
    expect((await configOf(lobby)).display).to.deep.equal({ rotation: 0 });
    const refused = await api('PUT', `/api/v1/screens/${hall.screenId}/policy`, { revision: 1, values: { 'display.rotation': '45' } });
    expect(refused.status).to.equal(422);
    expect((await configOf(hall)).display).to.deep.equal({ rotation: 90 });
    expect((await api('DELETE', `/api/v1/screens/${hall.screenId}/policy`)).status).to.equal(204);
    expect((await configOf(hall)).display).to.deep.equal({ rotation: 0 });
  });

  it('refuses values the players could not use, and changes nothing', async () => {
    const current = (await api('GET', '/api/v1/settings')).body.data;
    for (const values of [
      { 'branding.player_background_color': 'black' },
      { 'player.playback.default_volume': 30 },
      { 'power.active_hours_days': [] },
      { 'power.active_hours_days': [0, 8] },
      { 'power.active_hours_start': '25:00' },
      { 'power.active_hours_timezone': 'europe/paris' },
      { 'accessibility.allowed_packages': ['not a package'] },
      { 'branding.logo_asset_id': 'logo.png' },
    ]) {
      const res = await api('PATCH', '/api/v1/settings', { revision: current.revision, values });
      expect(res.status, JSON.stringify(values)).to.equal(422);
      expect(res.body.error.code).to.equal('invalid_setting_value');
    }
    expect((await api('GET', '/api/v1/settings')).body.data.revision).to.equal(current.revision);
  });

  it('names where the screen is as "location · room · number", and follows a room edit and a location rename', async () => {
    const location = (await api('POST', '/api/v1/locations', { name: 'North wing' })).body.data;
    fresh();
    const moved = await api('PATCH', `/api/v1/screens/${hall.screenId}`, { locationId: location.id, roomName: 'Atrium', roomNumber: '12' });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    await socket.next('config.changed');
    expect((await configOf(hall)).playback.screenLocation).to.equal('North wing · Atrium · 12');
    fresh();
    await api('PATCH', `/api/v1/locations/${location.id}`, { name: 'South wing' });
    await socket.next('config.changed');
    expect((await configOf(hall)).playback.screenLocation).to.equal('South wing · Atrium · 12');
    fresh();
    await api('PATCH', `/api/v1/screens/${hall.screenId}`, { locationId: null, roomNumber: '' });
    await socket.next('config.changed');
    expect((await configOf(hall)).playback.screenLocation).to.equal('Atrium');
  });

  it('states the prefetch horizon and activation grace from settings, and pushes manifest.changed when they change', async () => {
    expect(await manifestOf(hall)).to.include({ prefetchHorizonDays: 14, activationGraceSeconds: 30 });
    fresh();
    await setSettings(k, owner, { 'scheduling.prefetch_days': 3, 'scheduling.activation_grace_seconds': 90 });
    await socket.next('manifest.changed');
    expect(await manifestOf(hall)).to.include({ prefetchHorizonDays: 3, activationGraceSeconds: 90 });
  });

  it('lists the logo image in every manifest, and leaves out a logo that is not an image', async () => {
    const logo = await seedImage(k, 'Logo');
    fresh();
    await setSettings(k, owner, { 'branding.logo_asset_id': logo.id });
    await socket.next('manifest.changed');
    const m = await manifestOf(hall);
    expect(m.branding.logoAssetId).to.equal(logo.id);
    const listed = m.assets.find((a: { assetId: string }) => a.assetId === logo.id);
    expect(listed.variantId).to.equal(m.branding.logoVariantId);
    expect((await configOf(hall)).branding.logoAssetId).to.equal(logo.id);
    const video = await seedAsset(k, { type: 'video', name: 'Not a logo' });
    const told = m.manifestVersion as number;
    await setSettings(k, owner, { 'branding.logo_asset_id': video.id });
    // Every screen is rebuilt after the commit: a newer version comes, without the logo.
    const without = await eventually(
      () => manifestOf(hall),
      (next) => next.manifestVersion > told,
    );
    expect(without).not.to.have.property('branding');
    expect(without.assets.map((a: { assetId: string }) => a.assetId)).not.to.include(video.id);
  });
});
