import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { weatherAlertsPlugin } from '../../plugins/emergency-alerts/emergency-alerts.plugin.js';
import type { WeatherAlertsDeps } from '../../plugins/emergency-alerts/emergency-alerts-deps.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { FeedServer } from '../support/feed-server.js';
import { seedImage } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { nwsAlert, serveAlerts } from './nws-fixtures.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const BASE = '/api/v1/alerts/weather';
const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];

// What the reference console sends for a new rule: the built-in presentation, no playlist.
const consoleRule = (screenIds: string[], overrides: Record<string, unknown> = {}) => ({
  name: 'Tornado warning',
  enabled: true,
  eventNames: ['Tornado Warning'],
  minimumSeverity: 'Severe',
  minimumUrgency: 'Expected',
  responseMode: 'takeover',
  presentationMode: 'builtin',
  tickerDisplayMode: 'push',
  tickerHeightPx: 96,
  tickerSpeed: 'medium',
  maximumDurationMinutes: 360,
  screenIds,
  groupIds: [],
  ...overrides,
});

/** What the stock Android player reports it draws (its `PlayerPresentationSupport`). */
const ANDROID_CAPABILITIES = {
  ...Object.fromEntries(['surface', 'box', 'row', 'column', 'stack', 'grid', 'spacer', 'divider'].map((t) => [`layout.${t}`, 1])),
  'content.text': 1,
  'content.badge': 1,
  'content.marquee': 1,
  'collection.repeat': 2,
  'collection.conditional': 2,
  'binding.core': 2,
  'format.typed': 2,
};

/** The text a record of the alert source holds in each field. */
const textsOf = (record: any) => Object.fromEntries(Object.entries(record.values).map(([k, v]: [string, any]) => [k, v.text ?? v.datetime]));

describe('weather alerts: the built-in presentation', () => {
  const feed = new FeedServer();
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let legacy: PairedScreen;
  let socket: PlayerSocket;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifestOf = async () => (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const poll = async () => {
    const res = await api('POST', `${BASE}/poll`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  const createRule = async (body: Record<string, unknown>) => {
    const res = await api('POST', `${BASE}/rules`, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  /** The widget the takeover plays, and the records of the source it shows, as the screen's manifest has them. */
  const shownOn = (m: any) => {
    const playlist = m.playlists.find((p: any) => p.id === m.takeover?.playlistId);
    const widget = m.widgets.find((w: any) => w.assetId === playlist?.items[0]?.assetId);
    const source = m.dataSources.find((s: any) => s.id === widget?.presentation?.native?.root?.children?.[0]?.repeat?.dataset);
    return { playlist, widget, records: (source?.dataDocument.datasets[0].records ?? []).map(textsOf) };
  };

  before(async () => {
    await feed.start();
    k = await bootTestKernel({
      plugins: [...coreModules, weatherAlertsPlugin],
      env: { NWS_BASE_URL: `http://127.0.0.1:${feed.port}`, NWS_FETCH_TIMEOUT_MS: '500' },
    });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    socket = await openPlayerSocket(k, lobby.credential);
    // A current stock Android player: it draws presentations (schema 13).
    const beat = await playerCall(k, lobby.credential, 'POST', '/api/v1/player/heartbeat', {
      presentationSchemaVersions: [11, 12, 13],
      playerVersionCode: 32,
      nativePresentationCapabilities: ANDROID_CAPABILITIES,
    });
    expect(beat.status).to.equal(200);
    legacy = await pairScreen(k, owner, { name: 'Old hall' });
    const monitor = await api('PUT', `${BASE}/monitor`, { enabled: true, areas: ['OH'], zones: [], pollIntervalSeconds: 3600 });
    expect(monitor.status, JSON.stringify(monitor.body)).to.equal(200);
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
    await feed.stop();
  });
  beforeEach(async () => {
    await resetRateLimits(k);
    serveAlerts(feed, []);
  });
  afterEach(async () => {
    for (const rule of (await api('GET', BASE)).body.data.rules) await api('DELETE', `${BASE}/rules/${rule.id}`);
  });

  it('plays the alert’s text in a takeover, follows its update without a new takeover, and gives the screen back when it leaves', async () => {
    const rule = await createRule(consoleRule([lobby.screenId, legacy.screenId]));
    expect(rule).to.include({ presentationMode: 'builtin', responseMode: 'takeover' });
    const tornado = nwsAlert({}, 45);
    const p = tornado.properties as any;
    serveAlerts(feed, [tornado]);
    const polled = await poll();
    const [activation] = polled.activeAlerts;
    expect(activation.takeoverId).to.be.a('string');

    const m = await eventually(manifestOf, (x) => x.takeover?.id === activation.takeoverId && shownOn(x).records.length === 1);
    const { playlist, widget, records } = shownOn(m);
    expect(playlist.items).to.have.length(1);
    expect(widget).to.include({ provider: 'weather_alert' });
    expect(records[0]).to.include({
      event: 'Tornado Warning',
      severity: 'Extreme',
      headline: p.headline,
      instruction: p.instruction,
      area: p.areaDesc,
      until: new Date(p.ends).toISOString(),
    });
    expect(androidManifestProblems(m, lobby.screenId), 'the stock Android player takes it').to.deep.equal([]);
    const old = await eventually(
      async () => (await playerCall(k, legacy.credential, 'GET', '/api/v1/player/manifest')).body.data,
      (x) => x.takeover?.id === activation.takeoverId,
    );
    // A player of schema 11 or 12 cannot draw it (as the reference's built-in alert): it is left out, and the manifest still taken.
    expect(old.playlists.find((x: any) => x.id === old.takeover.playlistId).items).to.deep.equal([]);
    expect(androidManifestProblems(old, legacy.screenId), 'an older stock Android player still takes the manifest').to.deep.equal([]);

    // The office rewords it: the same takeover, new text, and the screen is told.
    const from = socket.messages.length;
    serveAlerts(feed, [{ ...tornado, properties: { ...p, headline: 'Tornado Warning continues for Franklin County' } }]);
    expect((await poll()).activeAlerts.map((a: any) => a.takeoverId)).to.deep.equal([activation.takeoverId]);
    const updated = await eventually(manifestOf, (x) => shownOn(x).records[0]?.headline === 'Tornado Warning continues for Franklin County');
    expect(updated.takeover.id).to.equal(activation.takeoverId);
    await eventually(
      async () => socket.messages.slice(from),
      (messages) => messages.some((x) => x.type === 'manifest.changed' && x.manifestVersion === updated.manifestVersion),
    );

    serveAlerts(feed, []);
    await poll();
    await eventually(manifestOf, (x) => x.takeover === undefined);
  });

  it('lists every live alert of the rule in one takeover, the most severe first', async () => {
    await createRule(consoleRule([lobby.screenId], { eventNames: [] }));
    const severe = nwsAlert({ event: 'Severe Thunderstorm Warning', severity: 'Severe' }, 30);
    const extreme = nwsAlert({ event: 'Tornado Warning', severity: 'Extreme' }, 60);
    serveAlerts(feed, [severe, extreme]);
    const live = (await poll()).activeAlerts;
    expect(new Set(live.map((a: any) => a.takeoverId)).size).to.equal(1);
    const m = await eventually(manifestOf, (x) => shownOn(x).records.length === 2);
    expect(shownOn(m).records.map((r: any) => r.event)).to.deep.equal(['Tornado Warning', 'Severe Thunderstorm Warning']);
    serveAlerts(feed, []);
    await poll();
  });

  it('keeps its data source, widget and playlist from people’s edits, and removes them with the rule', async () => {
    const rule = await createRule(consoleRule([lobby.screenId]));
    serveAlerts(feed, [nwsAlert({}, 45)]);
    await poll();
    const { playlist, widget } = shownOn(await eventually(manifestOf, (x) => shownOn(x).records.length === 1));
    const sourceId = widget.presentation.native.root.children[0].repeat.dataset;

    expect((await api('GET', `/api/v1/assets/${widget.assetId}`)).body.data.widget).to.include({ managedBy: 'emergency-alerts' });
    expect(errorOf(await api('PATCH', `/api/v1/widgets/${widget.assetId}`, { name: 'Mine now' }))).to.deep.equal([409, 'managed_resource']);
    expect(errorOf(await api('POST', `/api/v1/widgets/${widget.assetId}/duplicate`))).to.deep.equal([409, 'managed_resource']);
    expect(errorOf(await api('DELETE', `/api/v1/assets/${widget.assetId}`))).to.deep.equal([409, 'asset_in_use']);
    expect(errorOf(await api('PATCH', `/api/v1/playlists/${playlist.id}`, { name: 'Mine now' }))).to.deep.equal([409, 'managed_resource']);
    expect(errorOf(await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: widget.assetId, durationMs: 5000 }))).to.deep.equal([
      409,
      'managed_resource',
    ]);
    expect(errorOf(await api('POST', `/api/v1/playlists/${playlist.id}/duplicate`))).to.deep.equal([409, 'managed_resource']);
    expect(errorOf(await api('DELETE', `/api/v1/playlists/${playlist.id}`))).to.deep.equal([409, 'managed_resource']);
    expect(
      (await api('GET', '/api/v1/playlists')).body.data.items.map((x: any) => x.id),
      'not offered to people',
    ).not.to.include(playlist.id);
    expect(errorOf(await api('PATCH', `/api/v1/data-sources/${sourceId}`, { name: 'Mine now' }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('DELETE', `/api/v1/data-sources/${sourceId}`))).to.deep.equal([409, 'resource_in_use']);
    expect((await manifestOf()).takeover?.playlistId, 'still playing').to.equal(playlist.id);
    const borrowing = consoleRule([lobby.screenId], { name: 'Borrower', presentationMode: 'playlist', playlistId: playlist.id });
    expect(errorOf(await api('POST', `${BASE}/rules`, borrowing)), 'another rule cannot show it').to.deep.equal([422, 'alert_rule_invalid']);

    expect((await api('DELETE', `${BASE}/rules/${rule.id}`)).status).to.equal(200);
    await eventually(manifestOf, (x) => x.takeover === undefined);
    expect((await api('GET', `/api/v1/playlists/${playlist.id}`)).status).to.equal(404);
    expect((await api('GET', `/api/v1/assets/${widget.assetId}`)).status).to.equal(404);
    expect((await api('GET', `/api/v1/data-sources/${sourceId}`)).status).to.equal(404);
  });

  it('removes the pieces when the rule turns to a playlist or a ticker, and makes new ones when it turns back', async () => {
    const { alertsRepository } = k.containerOf('emergency-alerts').cradle as WeatherAlertsDeps;
    const piecesOf = async (id: string) => {
      const row = (await alertsRepository.rule(id))!;
      return { playlist: row.managed_playlist_id, widget: row.managed_widget_id, source: row.managed_data_source_id };
    };
    const exist = async (p: { playlist: string | null; widget: string | null; source: string | null }) =>
      Promise.all([
        api('GET', `/api/v1/playlists/${p.playlist}`),
        api('GET', `/api/v1/assets/${p.widget}`),
        api('GET', `/api/v1/data-sources/${p.source}`),
      ]).then((answers) => answers.map((a) => a.status));
    const own = (await api('POST', '/api/v1/playlists', { name: 'Shelter' })).body.data;
    await api('POST', `/api/v1/playlists/${own.id}/items`, { assetId: (await seedImage(k)).id, durationMs: 5000 });
    await publishPlaylist(k, owner, own.id);

    const rule = await createRule(consoleRule([lobby.screenId]));
    const first = await piecesOf(rule.id);
    expect(await exist(first)).to.deep.equal([200, 200, 200]);
    const toPlaylist = await api('PUT', `${BASE}/rules/${rule.id}`, consoleRule([lobby.screenId], { presentationMode: 'playlist', playlistId: own.id }));
    expect(toPlaylist.body.data).to.include({ presentationMode: 'playlist', playlistId: own.id });
    expect(await exist(first)).to.deep.equal([404, 404, 404]);
    expect(await piecesOf(rule.id)).to.deep.equal({ playlist: null, widget: null, source: null });

    expect((await api('PUT', `${BASE}/rules/${rule.id}`, consoleRule([lobby.screenId]))).status).to.equal(200);
    const second = await piecesOf(rule.id);
    expect(second.playlist).to.be.a('string').and.not.equal(first.playlist);
    expect(await exist(second)).to.deep.equal([200, 200, 200]);
    expect((await api('PUT', `${BASE}/rules/${rule.id}`, consoleRule([lobby.screenId], { responseMode: 'ticker' }))).status).to.equal(200);
    expect(await exist(second)).to.deep.equal([404, 404, 404]);
  });
});
