import { mock } from 'node:test';
import { expect } from 'chai';
import { activationGraceMs } from '../../browser-player/src/playback/activation-grace.js';
import { afterDisplayAction, NORMAL_DISPLAY } from '../../browser-player/src/playback/display-settings.js';
import { DEFAULT_OUTSIDE_HOURS_TEXT, outsideHoursScreen } from '../../browser-player/src/playback/outside-hours.js';
import { PlaybackLoop } from '../../browser-player/src/playback/playback-loop.js';
import type { Manifest, ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { asset, at, item, manifest, oneTime, playlist, uuid } from './manifest-fixtures.js';
import { RecordingStage, settle } from './recording-stage.js';

const NOW = at('2026-11-30T12:00:00Z');
const iso = (ms: number) => new Date(NOW + ms).toISOString();

describe('browser player: playback rules (activation grace, display control, outside hours)', () => {
  it('bounds the activation grace as the stock players do: 30 s when unset, from 1 s to an hour', () => {
    expect(activationGraceMs({ activationGraceSeconds: 45 })).to.equal(45_000);
    expect(activationGraceMs({ activationGraceSeconds: 0 })).to.equal(30_000);
    expect(activationGraceMs({ activationGraceSeconds: 0.2 })).to.equal(1_000);
    expect(activationGraceMs({ activationGraceSeconds: 9_999 })).to.equal(3_600_000);
  });

  it('carries out the display actions a browser can, and refuses input switching and bad values', () => {
    expect(afterDisplayAction(NORMAL_DISPLAY, { type: 'display_set_volume', volume: 40 })).to.include({ volume: 40, muted: false });
    expect(afterDisplayAction(NORMAL_DISPLAY, { type: 'display_set_brightness', brightness: 0 })).to.include({ brightness: 0 });
    expect(afterDisplayAction({ ...NORMAL_DISPLAY, poweredOff: true }, { type: 'display_power_on' })).to.include({ poweredOff: false });
    expect(afterDisplayAction(NORMAL_DISPLAY, { type: 'display_set_volume', volume: 101 })).to.equal(undefined);
    expect(afterDisplayAction(NORMAL_DISPLAY, { type: 'display_set_brightness', brightness: 12.5 })).to.equal(undefined);
    expect(afterDisplayAction(NORMAL_DISPLAY, { type: 'display_set_input', input: 'hdmi1' })).to.equal(undefined);
  });

  it('words the outside-hours screen as the stock players do: its text, else the footer, else a default, in the branding colour', () => {
    const power = (display: string, text = '') => ({ outsideActiveHoursDisplay: display, outsideActiveHoursText: text });
    expect(
      outsideHoursScreen({ power: power('custom_text', ' Closed until 8 '), branding: { footerText: 'Lobby', textColor: '#102030' } }, undefined),
    ).to.deep.equal({ display: 'custom_text', text: 'Closed until 8', color: '#102030' });
    expect(outsideHoursScreen({ power: power('custom_text'), branding: { footerText: 'Lobby' } }, undefined)).to.deep.include({
      text: 'Lobby',
      color: '#F5F7FA',
    });
    expect(outsideHoursScreen({ power: power('custom_text'), branding: { textColor: 'red;background:url(x)' } }, undefined)).to.deep.include({
      text: DEFAULT_OUTSIDE_HOURS_TEXT,
      color: '#F5F7FA',
    });
    expect(outsideHoursScreen({ power: power('bouncing_logo') }, '/logo.png')).to.deep.include({ display: 'bouncing_logo', logoSrc: '/logo.png' });
    expect(outsideHoursScreen({ power: power('sparkles', 'x') }, '/logo.png')).to.deep.equal({ display: 'black' });
  });

  describe('with the clock driven', () => {
    let stage: RecordingStage;
    let ready: (a: ManifestAsset) => boolean;
    let loop: PlaybackLoop;

    beforeEach(() => {
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now: NOW });
      stage = new RecordingStage();
      ready = () => true;
      let n = 0;
      loop = new PlaybackLoop({
        stage,
        media: { ready: (a) => ready(a), srcFor: (a) => `cached:${a.variantId}` },
        plays: { recordPlay: () => undefined },
        newId: () => `play-${++n}`,
        texts: () => ({ noContent: 'Nothing to show', disabled: 'Disabled' }),
      });
      loop.start();
    });
    afterEach(() => {
      loop.stop();
      mock.timers.reset();
    });

    const tick = async (ms: number) => {
      mock.timers.tick(ms);
      await settle();
    };
    const content = (over: Partial<Manifest> = {}) => {
      const a = asset();
      const b = asset();
      const own = playlist('own', [item(a), item(b)]);
      const other = playlist('other', [item(b)]);
      return { own, other, m: manifest({ playlist: own, playlists: [own, other], assets: [a, b], ...over }) };
    };

    it('keeps a new manifest’s content back until the item on screen ends', async () => {
      const { own, other, m } = content({ activationGraceSeconds: 600 });
      loop.setManifest(m);
      await settle();
      loop.setManifest({ ...m, manifestVersion: 2, playlist: other });
      await tick(599_000);
      expect(stage.shown.map((s) => s.itemId)).to.deep.equal([own.items[0]?.id]);
      // The heartbeat says which manifest waits (the console shows it as pending).
      expect(loop.snapshot()).to.include({ activeManifestVersion: 1, pendingManifestVersion: 2 });
      stage.end();
      await settle();
      expect(stage.shown.map((s) => s.itemId)).to.deep.equal([own.items[0]?.id, other.items[0]?.id]);
      expect(loop.snapshot()).to.include({ activeManifestVersion: 2 }).and.not.to.have.property('pendingManifestVersion');
    });

    it('switches once the grace runs out when the item on screen does not end, and at once for a takeover; schedule boundaries do not wait', async () => {
      const { own, other, m } = content({ activationGraceSeconds: 0 });
      loop.setManifest(m);
      await settle();
      // Unset (0): the stock players' 30 s.
      loop.setManifest({ ...m, manifestVersion: 2, playlist: other });
      await tick(29_999);
      expect(stage.shown.at(-1)?.itemId).to.equal(own.items[0]?.id);
      await tick(1);
      expect(stage.shown.at(-1)?.itemId).to.equal(other.items[0]?.id);

      const urgent = playlist('urgent', [item(m.assets[0]!)]);
      const takeover = { id: uuid('takeover'), playlistId: urgent.id, activatedAt: iso(0), expiresAt: iso(3_600_000) };
      loop.setManifest({ ...m, manifestVersion: 3, playlist: other, playlists: [own, other, urgent], takeover });
      await settle();
      expect(stage.shown.at(-1)?.itemId).to.equal(urgent.items[0]?.id);

      // The takeover ends with a manifest without it: that one waits its grace too.
      loop.setManifest({ ...m, manifestVersion: 4, schedules: [oneTime({ playlistId: other.id }, iso(3_600_000), iso(7_200_000))] });
      await tick(29_999);
      expect(stage.shown.at(-1)?.itemId).to.equal(urgent.items[0]?.id);
      await tick(1);
      expect(stage.shown.at(-1)?.itemId).to.equal(own.items[0]?.id);
      // The manifest in force names a schedule: it starts on the minute, not a grace later.
      await tick(3_600_000 - 60_000 - 1_000);
      expect(stage.shown.at(-1)?.itemId).to.equal(own.items[0]?.id);
      await tick(1_000);
      expect(stage.shown.at(-1)?.itemId).to.equal(other.items[0]?.id);
    });

    it('turns the volume down, dims and blacks out the screen while display schedules hold, and back after', async () => {
      const display = (type: string, from: number, to: number, value: object = {}) => oneTime({}, iso(from), iso(to), { displayAction: { type, ...value } });
      const { own, m } = content({
        schedules: [
          display('display_set_volume', 0, 60_000, { volume: 30 }),
          display('display_set_brightness', 60_000, 120_000, { brightness: 40 }),
          display('display_mute', 120_000, 180_000),
          display('display_power_off', 180_000, 240_000),
        ],
      });
      loop.setManifest(m);
      await settle();
      expect(stage.display).to.deep.equal({ muted: false, volume: 30, brightness: 100 });
      await tick(60_000);
      expect(stage.display).to.deep.equal({ muted: false, volume: 100, brightness: 40 });
      await tick(60_000);
      expect(stage.display).to.deep.equal({ muted: true, volume: 100, brightness: 100 });
      await tick(60_000);
      expect(stage.messages.at(-1)).to.equal('(black)');
      expect(loop.snapshot()).to.include({ playbackState: 'idle' });
      await tick(60_000);
      expect(stage.display).to.deep.equal({ muted: false, volume: 100, brightness: 100 });
      expect(stage.shown.at(-1)?.itemId).to.equal(own.items[0]?.id);
      expect(loop.snapshot()).to.include({ playbackState: 'playing' });
    });

    it('applies display commands at once; they hold until the display schedule changes', async () => {
      const { own, m } = content({ schedules: [oneTime({}, iso(60_000), iso(120_000), { displayAction: { type: 'display_set_volume', volume: 70 } })] });
      loop.setManifest(m);
      await settle();
      expect(loop.displayCommand({ type: 'display_mute' })).to.equal(true);
      expect(loop.displayCommand({ type: 'display_set_brightness', brightness: 25 })).to.equal(true);
      expect(stage.display).to.deep.equal({ muted: true, volume: 100, brightness: 25 });
      expect(loop.displayCommand({ type: 'display_set_volume', volume: 140 })).to.equal(false);
      expect(loop.displayCommand({ type: 'display_set_input', input: 'hdmi2' })).to.equal(false);

      expect(loop.displayCommand({ type: 'display_power_off' })).to.equal(true);
      await settle();
      expect(stage.messages.at(-1)).to.equal('(black)');
      expect(loop.displayCommand({ type: 'display_power_on' })).to.equal(true);
      await settle();
      expect(stage.shown.at(-1)?.itemId).to.equal(own.items[0]?.id);

      // The schedule starting is a change: its action replaces what the commands set.
      await tick(60_000);
      expect(stage.display).to.deep.equal({ muted: false, volume: 70, brightness: 100 });
    });

    it('outside active hours shows the branding logo from its cached file, moving over black; its text until the file is verified', async () => {
      const logo = asset({ mimeType: 'image/png' });
      const { m } = content();
      const branded = { ...m, assets: [...m.assets, logo], branding: { logoAssetId: logo.assetId, logoVariantId: logo.variantId } };
      const power = {
        activeHoursEnabled: true,
        activeHoursTimezone: 'UTC',
        activeHoursDays: [1, 2, 3, 4, 5, 6, 7],
        activeHoursStart: '18:00',
        activeHoursEnd: '23:00',
        outsideActiveHoursDisplay: 'bouncing_logo',
        outsideActiveHoursText: '',
      };
      loop.setConfig({ power, branding: { footerText: 'Town hall', textColor: '#ffcc00', logoAssetId: logo.assetId } });
      ready = (a) => a.variantId !== logo.variantId;
      loop.setManifest(branded);
      await settle();
      expect(stage.shown).to.deep.equal([]);
      expect(stage.outsideHours.at(-1)).to.deep.equal({ display: 'bouncing_logo', text: 'Town hall', color: '#ffcc00' });
      ready = () => true;
      loop.decide();
      expect(stage.outsideHours.at(-1)).to.deep.equal({ display: 'bouncing_logo', text: 'Town hall', color: '#ffcc00', logoSrc: `cached:${logo.variantId}` });
      // Deciding again draws nothing new: the logo keeps moving where it is.
      loop.decide();
      expect(stage.outsideHours).to.have.length(2);

      // At 18:00 the screen plays again.
      await tick(6 * 3_600_000);
      expect(stage.shown).to.have.length(1);
    });
  });
});
