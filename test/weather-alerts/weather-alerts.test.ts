import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { weatherAlertsPlugin } from '../../plugins/emergency-alerts/emergency-alerts.plugin.js';
import type { WeatherAlertsDeps } from '../../plugins/emergency-alerts/emergency-alerts-deps.js';
import { POLL_JOB } from '../../plugins/emergency-alerts/emergency-alerts.jobs.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { FeedServer } from '../support/feed-server.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { nwsAlert, serveAlerts, zoneFeature } from './nws-fixtures.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const BASE = '/api/v1/alerts/weather';
const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];

describe('weather alerts', () => {
  const feed = new FeedServer();
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen, hall: PairedScreen, kiosk: PairedScreen;
  let groupId: string;
  let emergencyPlaylist: string, usualPlaylist: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const tickersOf = async (screen: PairedScreen) => (await manifestOf(screen)).plugins.filter((p: any) => p.type === 'alert_ticker');
  const poll = async () => {
    const res = await api('POST', `${BASE}/poll`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  const overview = async () => (await api('GET', BASE)).body.data;
  const playlistWithImage = async (name: string) => {
    const playlist = (await api('POST', '/api/v1/playlists', { name })).body.data;
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: (await seedImage(k)).id, durationMs: 5000 });
    await publishPlaylist(k, owner, playlist.id);
    return playlist.id as string;
  };
  const takeoverRule = (overrides: Record<string, unknown> = {}) => ({
    name: 'Tornado takeover',
    enabled: true,
    eventNames: ['tornado WARNING'],
    minimumSeverity: 'Severe',
    minimumUrgency: 'Immediate',
    responseMode: 'takeover',
    presentationMode: 'playlist',
    playlistId: emergencyPlaylist,
    maximumDurationMinutes: 360,
    screenIds: [lobby.screenId],
    groupIds: [groupId],
    ...overrides,
  });
  const tickerRule = (overrides: Record<string, unknown> = {}) => ({
    name: 'Flood ticker',
    enabled: true,
    eventNames: [],
    minimumSeverity: 'Moderate',
    minimumUrgency: 'Expected',
    responseMode: 'ticker',
    screenIds: [kiosk.screenId],
    groupIds: [],
    ...overrides,
  });
  const createRule = async (body: Record<string, unknown>) => {
    const res = await api('POST', `${BASE}/rules`, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };

  before(async () => {
    await feed.start();
    k = await bootTestKernel({
      plugins: [...coreModules, weatherAlertsPlugin],
      env: { NWS_BASE_URL: `http://127.0.0.1:${feed.port}`, NWS_FETCH_TIMEOUT_MS: '500' },
    });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    hall = await pairScreen(k, owner, { name: 'Hall' });
    kiosk = await pairScreen(k, owner, { name: 'Kiosk' });
    groupId = (await api('POST', '/api/v1/screen-groups', { name: 'Floor' })).body.data.id;
    await api('POST', `/api/v1/screen-groups/${groupId}/screens`, { screenId: hall.screenId });
    emergencyPlaylist = await playlistWithImage('Shelter now');
    usualPlaylist = await playlistWithImage('Menu');
    await api('PUT', `/api/v1/screens/${lobby.screenId}/playlist-assignment`, { playlistId: usualPlaylist });
    const monitor = await api('PUT', `${BASE}/monitor`, { enabled: true, areas: [' oh', 'OH'], zones: ['ohc049'], pollIntervalSeconds: 3600 });
    expect(monitor.status, JSON.stringify(monitor.body)).to.equal(200);
  });
  after(async () => {
    await k?.stop();
    await feed.stop();
  });
  beforeEach(async () => {
    await resetRateLimits(k);
    serveAlerts(feed, []);
  });
  afterEach(async () => {
    for (const rule of (await overview()).rules) await api('DELETE', `${BASE}/rules/${rule.id}`);
  });

  it('keeps the monitor’s codes normalised and refuses a monitor it could not run', async () => {
    const { monitor } = await overview();
    expect(monitor).to.include({ enabled: true, pollIntervalSeconds: 3600 });
    expect([monitor.areas, monitor.zones]).to.deep.equal([['OH'], ['OHC049']]);
    const cases: [string, Record<string, unknown>, string][] = [
      ['enabled without places', { enabled: true, areas: [], zones: [] }, 'alert_monitor_invalid'],
      ['area of three letters', { enabled: true, areas: ['OHI'], zones: [] }, 'alert_monitor_invalid'],
      ['zone of five characters', { enabled: true, areas: [], zones: ['OHC04'] }, 'alert_monitor_invalid'],
      ['interval 59', { enabled: true, areas: ['OH'], zones: [], pollIntervalSeconds: 59 }, 'validation_failed'],
      ['interval 3601', { enabled: true, areas: ['OH'], zones: [], pollIntervalSeconds: 3601 }, 'validation_failed'],
    ];
    for (const [what, body, code] of cases) expect(errorOf(await api('PUT', `${BASE}/monitor`, body)), what).to.deep.equal([422, code]);
    expect((await overview()).monitor).to.deep.include({ areas: ['OH'], zones: ['OHC049'], pollIntervalSeconds: 3600 });
    // The catalog lists it as the reference does: enabled while the monitor is on, its rules as instances.
    await createRule(tickerRule());
    const entry = (await api('GET', '/api/v1/plugins')).body.data.items.find((p: any) => p.id === 'emergency_alerts');
    expect(entry).to.include({ installed: true, enabled: true, instanceCount: 1 });
  });

  it('refuses each invalid rule with 422 and stores nothing; an unknown rule is 404', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty name', takeoverRule({ name: ' ' }), 'validation_failed'],
      ['long name', takeoverRule({ name: 'x'.repeat(181) }), 'validation_failed'],
      ['severity', takeoverRule({ minimumSeverity: 'Huge' }), 'validation_failed'],
      ['urgency', takeoverRule({ minimumUrgency: 'Now' }), 'validation_failed'],
      ['duration 4', takeoverRule({ maximumDurationMinutes: 4 }), 'validation_failed'],
      ['duration over the takeover maximum', takeoverRule({ maximumDurationMinutes: 1441 }), 'alert_rule_invalid'],
      ['ticker height 39', tickerRule({ tickerHeightPx: 39 }), 'validation_failed'],
      ['ticker height 321', tickerRule({ tickerHeightPx: 321 }), 'validation_failed'],
      ['ticker speed', tickerRule({ tickerSpeed: 'warp' }), 'validation_failed'],
      ['ticker with a playlist', tickerRule({ playlistId: emergencyPlaylist }), 'alert_rule_invalid'],
      ['playlist mode without one', takeoverRule({ playlistId: null }), 'alert_rule_invalid'],
      ['unknown playlist', takeoverRule({ playlistId: randomUUID() }), 'alert_rule_invalid'],
      ['no targets', takeoverRule({ screenIds: [], groupIds: [] }), 'alert_rule_invalid'],
      ['unknown screen', takeoverRule({ screenIds: [randomUUID()] }), 'alert_rule_invalid'],
      ['unknown group', takeoverRule({ groupIds: [randomUUID()] }), 'alert_rule_invalid'],
      ['unknown field', takeoverRule({ colour: 'red' }), 'validation_failed'],
    ];
    for (const [what, body, code] of cases) expect(errorOf(await api('POST', `${BASE}/rules`, body)), what).to.deep.equal([422, code]);
    expect((await overview()).rules).to.deep.equal([]);
    expect(errorOf(await api('PUT', `${BASE}/rules/${randomUUID()}`, takeoverRule()))).to.deep.equal([404, 'alert_rule_not_found']);
    expect(errorOf(await api('DELETE', `${BASE}/rules/${randomUUID()}`))).to.deep.equal([404, 'alert_rule_not_found']);
  });

  it('takes over the targeted screens for a matching alert, follows its update and gives the screens back when it leaves the feed', async () => {
    const rule = await createRule(takeoverRule());
    expect(rule).to.deep.include({ playlistName: 'Shelter now', eventNames: ['tornado WARNING'], tickerHeightPx: 96 });
    expect(errorOf(await api('DELETE', `/api/v1/playlists/${emergencyPlaylist}`)), 'the rule uses it').to.deep.equal([409, 'playlist_conflict']);
    const tornado = nwsAlert({}, 45);
    const minor = nwsAlert({ event: 'Tornado Warning', severity: 'Minor', id: 'urn:minor' });
    const flood = nwsAlert({ event: 'Flood Warning' });
    serveAlerts(feed, [tornado, minor, flood]);

    const first = await poll();
    expect(first.monitor).to.include({ lastMatchedCount: 1 });
    expect(first.monitor).not.to.have.property('lastErrorCode');
    expect(first.activeAlerts).to.have.length(1);
    const [activation] = first.activeAlerts;
    const ends = (tornado.properties as any).ends;
    expect(activation).to.include({ alertId: (tornado.properties as any).id, ruleId: rule.id, event: 'Tornado Warning', ruleName: 'Tornado takeover' });
    expect(Date.parse(activation.expiresAt)).to.equal(Date.parse(ends));
    for (const screen of [lobby, hall]) {
      const m = await eventually(
        () => manifestOf(screen),
        (x) => x.takeover?.id === activation.takeoverId,
      );
      expect(m.takeover).to.include({ playlistId: emergencyPlaylist });
      expect(Date.parse(m.takeover.expiresAt)).to.equal(Date.parse(ends));
    }
    expect((await manifestOf(kiosk)).takeover).to.equal(undefined);
    expect(androidManifestProblems(await manifestOf(hall), hall.screenId), 'the stock Android player takes it').to.deep.equal([]);

    // The same feed again changes nothing: one activation, the same takeover.
    expect((await poll()).activeAlerts.map((a: any) => a.takeoverId)).to.deep.equal([activation.takeoverId]);

    // The office extends the warning and rewords it.
    const later = new Date(Date.now() + 90 * 60_000).toISOString();
    serveAlerts(feed, [{ ...tornado, properties: { ...(tornado.properties as any), headline: 'Tornado Warning extended', ends: later, expires: later } }]);
    const updated = (await poll()).activeAlerts;
    expect(updated).to.have.length(1);
    expect(updated[0]).to.include({ headline: 'Tornado Warning extended', takeoverId: activation.takeoverId });
    expect(Date.parse(updated[0].expiresAt)).to.equal(Date.parse(later));
    await eventually(
      () => manifestOf(lobby),
      (m) => Date.parse(m.takeover?.expiresAt) === Date.parse(later),
    );

    serveAlerts(feed, [minor, flood]);
    expect((await poll()).activeAlerts).to.deep.equal([]);
    for (const screen of [lobby, hall])
      await eventually(
        () => manifestOf(screen),
        (m) => m.takeover === undefined,
      );
    expect((await manifestOf(lobby)).playlist?.id).to.equal(usualPlaylist);
  });

  it('lets a rule’s alerts share one takeover until the last ends, and follows an update that carries a new id', async () => {
    await createRule(takeoverRule());
    const first = nwsAlert({}, 30);
    const second = nwsAlert({ headline: 'Second cell' }, 60);
    serveAlerts(feed, [first, second]);
    const both = (await poll()).activeAlerts;
    expect(both).to.have.length(2);
    const takeoverId = both[0].takeoverId;
    expect(both.map((a: any) => a.takeoverId)).to.deep.equal([takeoverId, takeoverId]);
    const ends = (alert: Record<string, any>) => Date.parse(alert.properties.ends);
    await eventually(
      () => manifestOf(lobby),
      (m) => m.takeover?.id === takeoverId && Date.parse(m.takeover.expiresAt) === ends(second),
    );

    // The second is updated: a new message naming the one it replaces.
    const update = nwsAlert(
      { headline: 'Second cell, updated', references: [{ identifier: (second.properties as any).id, sender: 'w-nws.webmaster@noaa.gov' }] },
      60,
    );
    serveAlerts(feed, [update]);
    const after = (await poll()).activeAlerts;
    expect(after.map((a: any) => [a.alertId, a.headline, a.takeoverId])).to.deep.equal([[(update.properties as any).id, 'Second cell, updated', takeoverId]]);
    expect((await manifestOf(lobby)).takeover?.id).to.equal(takeoverId);

    serveAlerts(feed, []);
    await poll();
    await eventually(
      () => manifestOf(lobby),
      (m) => m.takeover === undefined,
    );
  });

  it('leaves an alert silenced once a person cancels its takeover, and raises a new takeover for a later alert', async () => {
    await createRule(takeoverRule());
    const first = nwsAlert({}, 30);
    serveAlerts(feed, [first]);
    const [shown] = (await poll()).activeAlerts;
    const cancelled = await api('POST', `/api/v1/takeovers/${shown.takeoverId}/cancel`, { reason: 'False alarm' });
    expect(cancelled.status).to.equal(200);
    await poll();
    expect((await manifestOf(lobby)).takeover, 'the cancelled alert is not raised again').to.equal(undefined);

    const later = nwsAlert({ headline: 'A new cell' }, 45);
    serveAlerts(feed, [first, later]);
    const after = (await poll()).activeAlerts;
    const raised = after.find((a: any) => a.alertId === (later.properties as any).id);
    expect(raised.takeoverId).to.be.a('string').and.not.equal(shown.takeoverId);
    const m = await manifestOf(lobby);
    expect(m.takeover?.id).to.equal(raised.takeoverId);
    expect(Date.parse(m.takeover.expiresAt), 'it lasts as long as the new alert, not the silenced one').to.equal(Date.parse((later.properties as any).ends));
    serveAlerts(feed, []);
    await poll();
  });

  it('ends an activation at the rule’s ceiling and does not raise it again while the alert stays', async () => {
    await createRule(takeoverRule({ maximumDurationMinutes: 5 }));
    const longAlert = nwsAlert({}, null);
    serveAlerts(feed, [longAlert]);
    const [activation] = (await poll()).activeAlerts;
    const firstSeen = Date.parse(activation.firstSeenAt);
    expect(Date.parse(activation.expiresAt)).to.equal(firstSeen + 5 * 60_000);
    // Five minutes on, as the poller sees it.
    const deps = k.containerOf('emergency-alerts').cradle as WeatherAlertsDeps;
    const alerts = await deps.nwsClient.activeAlerts({ area: ['OH'] });
    await deps.db.transaction((trx) => deps.alertPoller.apply(alerts, new Date(firstSeen + 5 * 60_000 + 1), trx));
    expect((await overview()).activeAlerts).to.deep.equal([]);
    await eventually(
      () => manifestOf(lobby),
      (m) => m.takeover === undefined,
    );
    expect((await poll()).activeAlerts).to.deep.equal([]);
  });

  it('puts an alert_ticker entry on the targeted screens while the alert lasts, and deleting the rule takes it down', async () => {
    const rule = await createRule(tickerRule({ tickerDisplayMode: 'overlay', tickerHeightPx: 120, tickerSpeed: 'fast' }));
    expect(rule).to.include({ presentationMode: 'builtin', responseMode: 'ticker' });
    expect(rule).not.to.have.property('playlistId');
    const flood = nwsAlert({ event: 'Flood Warning', severity: 'Moderate', urgency: 'Expected' }, 30);
    serveAlerts(feed, [flood]);
    await poll();
    const [entry] = await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 1,
    );
    const p = flood.properties as any;
    expect(entry).to.deep.equal({
      id: rule.id,
      type: 'alert_ticker',
      version: 1,
      config: {
        name: 'Flood ticker',
        message: `Flood Warning — ${p.headline} — ${p.areaDesc} — ${p.instruction}`,
        severity: 'Moderate',
        event: 'Flood Warning',
        displayMode: 'overlay',
        heightPx: 120,
        speed: 'fast',
        priority: 1000,
        expiresAt: new Date(p.ends).toISOString(),
      },
    });
    expect(await tickersOf(lobby)).to.deep.equal([]);
    expect((await manifestOf(kiosk)).takeover).to.equal(undefined);
    expect(androidManifestProblems(await manifestOf(kiosk), kiosk.screenId), 'the stock Android player takes it').to.deep.equal([]);

    expect((await api('DELETE', `${BASE}/rules/${rule.id}`)).body.data).to.deep.equal({ id: rule.id, deleted: true });
    await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 0,
    );
    expect((await overview()).activeAlerts).to.deep.equal([]);
  });

  it('records a malformed feed, an HTTP error and a timeout in the monitor’s health and changes nothing else', async () => {
    await createRule(tickerRule());
    serveAlerts(feed, [nwsAlert({ event: 'Flood Warning', severity: 'Severe' })]);
    const before = (await poll()).activeAlerts;
    expect(before).to.have.length(1);
    const failures: [string, Parameters<typeof feed.answers.set>[1], string][] = [
      ['not JSON', { type: 'application/geo+json', body: '{"features": [' }, 'nws_invalid_response'],
      ['no features', { type: 'application/geo+json', body: '{"type":"FeatureCollection","features":{}}' }, 'nws_invalid_response'],
      ['server error', { type: 'application/problem+json', body: '{"title":"Unexpected Problem"}', status: 500 }, 'nws_http_500'],
      ['timeout', { hang: true }, 'nws_timeout'],
    ];
    for (const [what, answer, code] of failures) {
      feed.answers.set('/alerts/active', answer);
      expect(errorOf(await api('POST', `${BASE}/poll`)), what).to.deep.equal([502, 'nws_poll_failed']);
      const now = await overview();
      expect(now.monitor.lastErrorCode, what).to.equal(code);
      expect(now.activeAlerts, what).to.deep.equal(before);
      expect(await tickersOf(kiosk), what).to.have.length(1);
    }
    serveAlerts(feed, []);
    const healed = (await poll()).monitor;
    expect(healed).not.to.have.property('lastErrorCode');
    expect(Date.parse(healed.lastSuccessAt)).to.be.at.least(Date.parse(healed.lastPolledAt));
  });

  it('disabling a rule ends its activations', async () => {
    const rule = await createRule(tickerRule());
    serveAlerts(feed, [nwsAlert({ event: 'Flood Warning', severity: 'Severe' })]);
    await poll();
    await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 1,
    );
    expect((await api('PUT', `${BASE}/rules/${rule.id}`, tickerRule({ enabled: false }))).body.data).to.include({ enabled: false });
    expect((await overview()).activeAlerts).to.deep.equal([]);
    await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 0,
    );
  });

  it('records a takeover the takeovers module refuses, still answers the other rules, and raises it once it can', async () => {
    const playlist = (await api('POST', '/api/v1/playlists', { name: 'Soon empty' })).body.data;
    const image = (await seedImage(k)).id;
    const filled = (await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image, durationMs: 5000 })).body.data;
    await publishPlaylist(k, owner, playlist.id);
    await createRule(takeoverRule({ playlistId: playlist.id }));
    await createRule(tickerRule());
    await api('DELETE', `/api/v1/playlists/${playlist.id}/items/${filled.items[0].id}`);
    await publishPlaylist(k, owner, playlist.id);
    serveAlerts(feed, [nwsAlert({}, 30)]);
    const refused = await poll();
    expect(refused.monitor.lastErrorCode).to.equal('alert_apply_failed');
    expect(refused.activeAlerts.map((a: any) => a.ruleName)).to.deep.equal(['Flood ticker']);
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image, durationMs: 5000 });
    await publishPlaylist(k, owner, playlist.id);
    const healed = await poll();
    expect(healed.monitor).not.to.have.property('lastErrorCode');
    expect(healed.activeAlerts.map((a: any) => a.ruleName).sort()).to.deep.equal(['Flood ticker', 'Tornado takeover']);
  });

  it('turning the monitor off ends the live activations', async () => {
    await createRule(tickerRule());
    serveAlerts(feed, [nwsAlert({ event: 'Flood Warning', severity: 'Severe' })]);
    await poll();
    await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 1,
    );
    const monitor = { areas: ['OH'], zones: ['OHC049'], pollIntervalSeconds: 3600 };
    expect((await api('PUT', `${BASE}/monitor`, { ...monitor, enabled: false })).body.data).to.include({ enabled: false });
    expect((await overview()).activeAlerts).to.deep.equal([]);
    await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 0,
    );
    expect((await api('PUT', `${BASE}/monitor`, { ...monitor, enabled: true })).status).to.equal(200);
  });

  it('looks up zones from the service, and says when it cannot', async () => {
    feed.answers.set('/zones', {
      type: 'application/geo+json',
      body: JSON.stringify({
        type: 'FeatureCollection',
        features: [zoneFeature('OHZ055', 'Franklin', 'public'), zoneFeature('OHC049', 'Franklin', 'county')],
      }),
    });
    const res = await api('GET', `${BASE}/zones?area=oh`);
    expect(res.body.data.items).to.deep.equal([
      { id: 'OHC049', name: 'Franklin', state: 'OH', type: 'county' },
      { id: 'OHZ055', name: 'Franklin', state: 'OH', type: 'forecast' },
    ]);
    expect(errorOf(await api('GET', `${BASE}/zones?area=O1`))).to.deep.equal([422, 'alert_area_invalid']);
    feed.answers.set('/zones', { type: 'text/html', body: 'down', status: 503 });
    expect(errorOf(await api('GET', `${BASE}/zones?area=OH`))).to.deep.equal([502, 'nws_zones_unavailable']);
  });

  it('polls from the job when the interval has passed', async () => {
    await createRule(tickerRule());
    serveAlerts(feed, [nwsAlert({ event: 'Flood Warning', severity: 'Severe' })]);
    const deps = k.containerOf('emergency-alerts').cradle as WeatherAlertsDeps;
    await deps.db('emergency_alerts_monitor').update({ last_polled_at: new Date(Date.now() - 3601_000) });
    await deps.jobs.send(POLL_JOB, {});
    await eventually(overview, (o) => o.activeAlerts.length === 1, 10_000);
    await eventually(
      () => tickersOf(kiosk),
      (t) => t.length === 1,
    );
  });

  it('lets one process take a due scheduled poll, and none until the interval has passed', async () => {
    const other = await bootTestKernel({ plugins: [...coreModules, weatherAlertsPlugin], databaseUrl: k.databaseUrl, role: 'web', install: [] });
    try {
      const mine = k.containerOf('emergency-alerts').cradle as WeatherAlertsDeps;
      const theirs = other.containerOf('emergency-alerts').cradle as WeatherAlertsDeps;
      await mine.db('emergency_alerts_monitor').update({ last_polled_at: null });
      const claims = await Promise.all([mine.alertsRepository.claimScheduledPoll(), theirs.alertsRepository.claimScheduledPoll()]);
      expect(claims.filter(Boolean)).to.have.length(1);
      expect(await theirs.alertsRepository.claimScheduledPoll()).to.equal(false);
    } finally {
      await other.stop();
    }
  });
});
