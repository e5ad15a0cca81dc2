import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { DataSourcesDeps } from '../../core-modules/data-sources/data-sources-deps.js';
import { coreModules } from '../../core-modules/index.js';
import { dataSourceViewerPlugin, showSources } from '../fixtures/data-source-viewer.plugin.js';
import { openConsoleSocket } from '../console-events/console-socket-client.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { ATOM, CSV, FeedServer, icsFeed, JSON_API, RSS } from '../support/feed-server.js';
import { sessionsByRole, setSettings } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const FETCH_TIMEOUT_MS = 1_000;

describe('data sources', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;
  let contributor: ConsoleSession;
  let lobby: PairedScreen;
  const feeds = new FeedServer();

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const create = async (provider: string, configuration: Record<string, unknown>, name = `${provider} ${randomUUID().slice(0, 6)}`) => {
    const res = await api('POST', '/api/v1/data-sources', { provider, name, configuration });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    // A new source is first read by a job: let it finish, so it cannot land in the middle of what
    // a test does next (a failure the test sets up, counted twice).
    await eventually(
      async () => (await api('GET', `/api/v1/data-sources/${res.body.data.id}/diagnostics`)).body.data.status,
      (status) => status !== 'pending',
      20_000,
    );
    return res.body.data;
  };
  const rebuild = async (id: string) => (await api('POST', `/api/v1/data-sources/${id}/outputs/rebuild`)).body.data;
  const records = (outputs: any) => outputs.document.datasets[0].records;
  const text = (record: any, key: string) => record.values[key]?.text ?? record.values[key]?.datetime ?? record.values[key]?.url;

  before(async function () {
    this.timeout(120_000); // a kernel, four people, a paired screen and settings: slow on a busy machine
    await feeds.start();
    k = await bootTestKernel({ plugins: [...coreModules, dataSourceViewerPlugin], env: { DATA_SOURCE_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS) } });
    owner = await setUpOwner(k);
    ({ viewer, contributor } = await sessionsByRole(k, owner, ['viewer', 'contributor']));
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    // The local feed server stands in for the internet: reachable by name, over http, on purpose.
    await setSettings(k, owner, { 'data_sources.allow_http': true, 'data_sources.allowed_hosts': `localhost:${feeds.port}` });
    feeds.answers.set('/rss', { type: 'application/rss+xml; charset=utf-8', body: RSS });
    feeds.answers.set('/atom', { type: 'application/atom+xml', body: ATOM });
    feeds.answers.set('/rooms.json', { type: 'application/json', body: JSON_API });
    feeds.answers.set('/menu.csv', { type: 'text/csv', body: CSV });
  });
  after(async () => {
    await k?.stop();
    await feeds.stop();
  });
  beforeEach(() => resetRateLimits(k));

  it('reads an RSS feed into typed records, newest first, as plain text, with the defaults stored', async () => {
    const source = await create('rss', { url: feeds.url('/rss') });
    expect(source.configuration).to.include({ maxItems: 20, refreshIntervalSeconds: 900, sort: 'newest', presentation: 'list' });
    expect(source).to.include({ provider: 'rss', configVersion: 1, cachedRecordCount: 0 });
    const outputs = await rebuild(source.id);
    const [first, second] = records(outputs);
    expect(text(first, 'title')).to.equal('Library opens late');
    expect(text(second, 'title')).to.equal('Market moves to Saturday');
    expect(text(second, 'description')).to.equal('The weekly market moves to Saturday & Sunday.');
    expect(text(second, 'date')).to.equal('2026-11-24T07:30:00.000Z');
    expect(text(second, 'imageUrl')).to.equal('https://news.example.org/market.jpg');
    expect(text(second, 'author')).to.equal('City desk');
    expect(outputs.document.datasets[0].fields.map((f: any) => f.key)).to.include.members(['title', 'date', 'description', 'link']);
    expect(outputs).to.include({ configVersion: 1, outputVersion: 1, usingCachedData: false, errorCode: null, stale: false });
    // The reference's outputs tab: a view per dataset with text previews and where it is used.
    const [view] = outputs.views;
    expect(view).to.deep.include({ key: outputs.document.datasets[0].id, recordCount: 2, usage: { widgets: 0, layouts: 0, names: [] } });
    expect(view.previewRecords[1].values).to.include({ title: 'Market moves to Saturday', date: '2026-11-24T07:30:00.000Z' });
    // The same feed again: nothing changed for screens.
    expect((await rebuild(source.id)).outputVersion).to.equal(1);
    const read = (await api('GET', `/api/v1/data-sources/${source.id}`, undefined, viewer)).body.data;
    expect(read).to.include({ status: 'ready', cachedRecordCount: 2, lastError: null });
  });

  it('reads Atom, JSON through a mapping of JSON Pointers, and CSV with quotes, line breaks and a byte-order mark', async () => {
    const atom = await rebuild((await create('atom', { url: feeds.url('/atom') })).id);
    expect(records(atom).map((r: any) => [text(r, 'title'), text(r, 'description'), text(r, 'link')])).to.deep.equal([
      ['Release 4.2', 'Faster walls.', 'https://blog.example.org/4-2'],
    ]);
    const json = await rebuild(
      (
        await create('json', {
          url: feeds.url('/rooms.json'),
          sort: 'source',
          mapping: { rootList: '/data/rooms', title: '/name', subtitle: '/booking/title', date: '/booking/starts', valueFields: { seats: '/seats' } },
        })
      ).id,
    );
    expect(records(json).map((r: any) => [text(r, 'title'), text(r, 'subtitle'), text(r, 'seats')])).to.deep.equal([
      ['Everest', 'Board meeting', '12'],
      ['K2', 'Design review', '6'],
    ]);
    const csv = await rebuild(
      (await create('csv', { url: feeds.url('/menu.csv'), sort: 'source', mapping: { title: 'dish', valueFields: { price: 'price', note: 'note' } } })).id,
    );
    expect(records(csv).map((r: any) => [text(r, 'title'), text(r, 'price'), text(r, 'note')])).to.deep.equal([
      ['Soup, of the day', '4.50', 'Ask for "extra" bread'],
      ['Salad', '6.00', 'Vegan and gluten free'],
    ]);
  });

  it('reads iCalendar feeds: a weekly event keeps its New York wall time across DST, all-day and floating events sit in the source’s zone', async () => {
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const nyOffset = (at: number) => new Date(at).toLocaleString('en-US', { timeZone: 'America/New_York', timeZoneName: 'shortOffset' }).split('GMT')[1];
    // The weekly rule starts in the other half of the year from now, so its occurrences in the
    // window are at another UTC offset than its first one.
    const weeklyFrom = nyOffset(Date.now()) === '-4' ? '20260105' : '20260706';
    feeds.answers.set('/team.ics', { type: 'text/calendar; charset=utf-8', body: icsFeed(weeklyFrom, day(3), day(1)) });
    const source = await create('calendar', { calendars: [{ name: 'Team', url: feeds.url('/team.ics') }], timezone: 'europe/berlin' });
    expect(source.configuration).to.include({ timezone: 'Europe/Berlin', displayMode: 'upcoming', maxEvents: 10, refreshIntervalSeconds: 900 });
    const events = records(await rebuild(source.id));
    const standUps = events.filter((e: any) => e.values.title.text === 'Team stand-up');
    expect(standUps.length, '90 days of Mondays').to.be.within(12, 14);
    for (const e of standUps) {
      const start = Date.parse(e.values.start.datetime);
      expect(new Date(start).toLocaleString('en-GB', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', minute: '2-digit' })).to.equal(
        'Mon 09:00',
      );
      expect(Date.parse(e.values.end.datetime) - start).to.equal(3_600_000);
      expect(nyOffset(start)).to.not.equal(weeklyFrom === '20260105' ? '-5' : '-4');
    }
    expect(standUps[0].values.location.text).to.equal('Room 4, second floor');
    const holiday = events.find((e: any) => e.values.title.text === 'Founders’ day');
    expect(holiday.values.allDay.boolean).to.equal(true);
    expect(new Date(holiday.values.start.datetime).toLocaleString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' })).to.equal(
      '00:00',
    );
    const talk = events.find((e: any) => e.values.title.text === 'Evening talk');
    expect(new Date(talk.values.start.datetime).toLocaleString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' })).to.equal('18:00');
    expect(talk.values.description.text).to.equal('Doors open at 17:30.');
    expect(events.map((e: any) => e.values.start.datetime)).to.deep.equal(events.map((e: any) => e.values.start.datetime).sort());

    // Schema-11 players read the events from the entry's configuration (the Android CalendarSourceConfig).
    await showSources([lobby.screenId], [source.id]);
    try {
      const manifest = (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
      const { configuration } = manifest.dataSources.find((s: any) => s.id === source.id);
      expect(configuration).to.include({ displayMode: 'upcoming', maxEvents: 10, timezone: 'Europe/Berlin', emptyState: 'No events scheduled' });
      expect(configuration.data.events).to.have.length(events.length);
      const standUp = configuration.data.events.find((e: any) => e.title === 'Team stand-up');
      expect(standUp).to.include({ calendar: 'Team', allDay: false, location: 'Room 4, second floor', start: standUps[0].values.start.datetime });
      expect(standUp.id).to.match(/^[0-9a-f]{24}$/);
    } finally {
      await showSources([lobby.screenId], []);
    }

    // The calendar turns private (a sign-in page): the refresh fails, naming it; the events stay.
    feeds.answers.set('/team.ics', { type: 'text/html', body: '<html>Sign in to see this calendar</html>' });
    const kept = await rebuild(source.id);
    expect(records(kept)).to.have.length(events.length);
    const diagnostics = (await api('GET', `/api/v1/data-sources/${source.id}/diagnostics`)).body.data;
    expect(diagnostics).to.include({
      status: 'stale',
      usingCachedData: true,
      parseStatus: 'parse_failed',
      httpResultCategory: 'success',
      errorCode: 'parse_failed',
    });
    expect(diagnostics.error).to.include({ code: 'parse_failed' });
    expect(diagnostics.error.message).to.match(/^Team: /);
    const invalid = await api('POST', '/api/v1/data-sources', {
      provider: 'calendar',
      name: 'Bad',
      configuration: { calendars: [{ name: 'A', url: feeds.url('/team.ics') }], timezone: 'Mars/Olympus' },
    });
    expect(errorOf(invalid)).to.deep.equal([422, 'validation_failed']);
  });

  it('keeps the last good output when a refresh fails, and says why in diagnostics', async () => {
    feeds.answers.set('/flaky', { type: 'application/rss+xml', body: RSS });
    const source = await create('rss', { url: feeds.url('/flaky') });
    await rebuild(source.id);
    const cases: [Parameters<typeof feeds.answers.set>[1], string, string][] = [
      [{ hang: true }, 'timeout', 'network_error'],
      [{ bytes: 3 * 1024 * 1024 }, 'too_large', 'response_too_large'],
      [{ type: 'application/rss+xml', body: '<rss><channel><item><title>cut' }, 'parse_failed', 'success'],
      [{ type: 'application/rss+xml', body: 'gone', status: 503 }, 'http_503', 'http_503'],
      [{ redirect: `http://127.0.0.1:${feeds.port}/rss` }, 'redirect_refused', 'blocked'],
    ];
    for (const [answer, code, httpResultCategory] of cases) {
      feeds.answers.set('/flaky', answer);
      const outputs = await rebuild(source.id);
      expect(records(outputs), code).to.have.length(2);
      const diagnostics = (await api('GET', `/api/v1/data-sources/${source.id}/diagnostics`)).body.data;
      expect(diagnostics, code).to.include({ status: 'stale', usingCachedData: true, availableItemCount: 2, errorCode: code, httpResultCategory });
      expect(diagnostics.parseStatus, code).to.equal(code === 'parse_failed' ? 'parse_failed' : 'fetch_failed');
      expect(diagnostics.error.code).to.equal(code);
    }
    expect((await api('GET', `/api/v1/data-sources/${source.id}/diagnostics`)).body.data.consecutiveFailures).to.equal(cases.length);
  });

  it('refuses private addresses unless allowed, plain http unless allowed, and bad configurations, changing nothing', async () => {
    const before = (await api('GET', '/api/v1/data-sources?pageSize=100')).body.data.total;
    for (const [configuration, why] of [
      [{ url: 'ftp://example.org/feed' }, 'not http(s)'],
      [{ url: 'https://user:secret@example.org/feed' }, 'credentials'],
      [{ url: 'https://example.org/feed', maxItems: 0 }, 'maxItems'],
      [{ url: 'https://example.org/feed', refreshIntervalSeconds: 60 }, 'refresh below 300 s'],
      [{ url: 'https://example.org/feed', maxItems: 201 }, 'more items than players take'],
      [{ url: 'https://example.org/feed', unknown: true }, 'unknown field'],
      [{}, 'no url'],
      [{ url: 'https://example.org/feed\u0000' }, 'NUL'],
    ] as const) {
      const res = await api('POST', '/api/v1/data-sources', { provider: 'rss', name: 'Bad', configuration });
      expect(res.status, why).to.equal(422);
      expect(res.body.error.code, why).to.equal('validation_failed');
    }
    const noMapping = await api('POST', '/api/v1/data-sources', {
      provider: 'json',
      name: 'Bad',
      configuration: { url: 'https://example.org/x', mapping: {} },
    });
    expect(errorOf(noMapping)).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'rss', name: '  ', configuration: { url: feeds.url('/rss') } }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
    const notPointer = await api('POST', '/api/v1/data-sources', {
      provider: 'json',
      name: 'Bad',
      configuration: { url: 'https://example.org/x', mapping: { title: 'name' } },
    });
    expect(errorOf(notPointer)).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'weather', name: 'Bad', configuration: {} }))[0]).to.equal(422);
    expect(
      errorOf(await api('POST', '/api/v1/data-sources', { provider: 'rss', name: 'Viewer', configuration: { url: feeds.url('/rss') } }, viewer))[0],
    ).to.equal(403);
    expect((await api('GET', '/api/v1/data-sources?pageSize=100')).body.data.total).to.equal(before);

    // Loopback by its address (not the allowed name) is refused when read; plain http needs the setting.
    const loopback = await create('rss', { url: `http://127.0.0.1:${feeds.port}/rss` });
    await rebuild(loopback.id);
    const refused = (await api('GET', `/api/v1/data-sources/${loopback.id}/diagnostics`)).body.data;
    // Refused before any good read: an error, with nothing for screens.
    expect(refused).to.include({ status: 'error', errorCode: 'address_not_allowed', httpResultCategory: 'blocked', usingCachedData: false });
    await setSettings(k, owner, { 'data_sources.allow_http': false });
    expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'rss', name: 'Plain', configuration: { url: feeds.url('/rss') } }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
    await setSettings(k, owner, { 'data_sources.allow_http': true });
  });

  it('edits, duplicates and deletes; a source a screen shows cannot be deleted', async () => {
    const source = await create('rss', { url: feeds.url('/rss') }, 'Town news');
    const renamed = await api('PATCH', `/api/v1/data-sources/${source.id}`, { name: 'News' }, contributor);
    expect(renamed.body.data).to.include({ name: 'News', configVersion: 1 });
    const reconfigured = await api('PATCH', `/api/v1/data-sources/${source.id}`, { configuration: { url: feeds.url('/rss'), maxItems: 1 } });
    expect(reconfigured.body.data).to.include({ configVersion: 2 });
    expect(reconfigured.body.data.configuration.maxItems).to.equal(1);
    expect(errorOf(await api('PATCH', `/api/v1/data-sources/${source.id}`, { provider: 'atom' }))).to.deep.equal([422, 'validation_failed']);
    const copy = await api('POST', `/api/v1/data-sources/${source.id}/duplicate`);
    expect(copy.status).to.equal(201);
    expect(copy.body.data).to.include({ name: 'News (copy)', configVersion: 1 });
    expect(copy.body.data.configuration.maxItems).to.equal(1);
    // Lists go by name unless asked for the most recently changed first.
    const latest = (await api('GET', '/api/v1/data-sources?sort=updated&pageSize=2')).body.data.items.map((s: any) => s.name);
    expect(latest).to.deep.equal(['News (copy)', 'News']);

    await showSources([lobby.screenId], [source.id]);
    const refused = await api('DELETE', `/api/v1/data-sources/${source.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'resource_in_use']);
    expect(errorOf(await api('DELETE', `/api/v1/data-sources/${copy.body.data.id}`, undefined, contributor))[0]).to.equal(403);
    expect((await api('DELETE', `/api/v1/data-sources/${copy.body.data.id}`)).status).to.equal(204);
    expect(errorOf(await api('GET', `/api/v1/data-sources/${copy.body.data.id}`))).to.deep.equal([404, 'not_found']);
    await showSources([lobby.screenId], []);
    expect((await api('DELETE', `/api/v1/data-sources/${source.id}`)).status).to.equal(204);
  });

  it('puts the sources a screen shows in its manifest, and a feed edit reaches the screen without a restart', async () => {
    feeds.answers.set('/live', { type: 'application/rss+xml', body: RSS });
    const source = await create('rss', { url: feeds.url('/live') }, 'Live news');
    await rebuild(source.id);
    const socket = await openPlayerSocket(k, lobby.credential);
    try {
      await showSources([lobby.screenId], [source.id]);
      const manifest = (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
      const [entry] = manifest.dataSources;
      expect(entry).to.include({ id: source.id, name: 'Live news', provider: 'rss', configVersion: 1 });
      // Schema-11 players read a structured source's records from its configuration.
      expect(entry.configuration).to.deep.include({ presentation: 'list', emptyState: 'No items available' });
      expect(entry.configuration.fields).to.include({ title: true, subtitle: true, date: true });
      expect(entry.configuration.data.records.map((r: any) => r.title)).to.deep.equal(['Library opens late', 'Market moves to Saturday']);
      expect(entry.configuration.data).to.include({ usingCachedData: false, unavailable: false });
      expect(JSON.stringify(entry), 'where it is read from stays on the server').to.not.include('/live');
      expect(entry.dataDocument.datasets[0].records).to.have.length(2);

      // The feed changes at its origin; the next refresh brings it to the screen.
      feeds.answers.set('/live', { type: 'application/rss+xml', body: RSS.replace('Library opens late', 'Library closed today') });
      const since = socket.messages.length;
      await rebuild(source.id);
      await eventually(
        () => socket.messages.slice(since),
        (m) => m.some((msg: any) => msg.type === 'manifest.changed'),
      );
      const after = (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
      expect(after.manifestVersion).to.be.above(manifest.manifestVersion);
      expect(after.dataSources[0].dataDocument.datasets[0].records.map((r: any) => r.values.title.text)).to.include('Library closed today');
    } finally {
      socket.ws.close();
      await showSources([lobby.screenId], []);
    }
  });

  it('tells the signed-in consoles when a source is edited, read (well or not) or deleted', async () => {
    const consoles = await openConsoleSocket(k, owner);
    try {
      const changed = (id: string) => (m: Record<string, any>) => m.type === 'data_source.changed' && m.dataSourceId === id;
      feeds.answers.set('/told', { type: 'application/rss+xml', body: RSS });
      const source = await create('rss', { url: feeds.url('/told') }, 'Told');
      await consoles.next(changed(source.id));
      let since = consoles.messages.length;
      expect((await api('PATCH', `/api/v1/data-sources/${source.id}`, { name: 'Told again' })).status).to.equal(200);
      await consoles.next((m) => consoles.messages.indexOf(m) >= since && changed(source.id)(m));
      // A failing read changes no records, yet its status changes: consoles hear of it too.
      feeds.answers.delete('/told');
      since = consoles.messages.length;
      expect((await rebuild(source.id)).errorCode).to.equal('http_404');
      await consoles.next((m) => consoles.messages.indexOf(m) >= since && changed(source.id)(m));
      since = consoles.messages.length;
      expect((await api('DELETE', `/api/v1/data-sources/${source.id}`)).status).to.equal(204);
      await consoles.next((m) => consoles.messages.indexOf(m) >= since && changed(source.id)(m));
    } finally {
      consoles.ws.close();
    }
  });

  it('refreshes due sources in rounds, each once, and sets its next refresh an interval (plus a spread) ahead', async () => {
    feeds.hits.clear();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      feeds.answers.set(`/due-${i}`, { type: 'application/rss+xml', body: RSS });
      ids.push((await create('rss', { url: feeds.url(`/due-${i}`), refreshIntervalSeconds: 600 })).id);
    }
    // Let the refreshes that creation starts finish, then make the three due again.
    await eventually(
      () => Promise.all(ids.map((id) => api('GET', `/api/v1/data-sources/${id}`).then((r) => r.body.data.status))),
      (statuses) => statuses.every((s) => s === 'ok'),
    );
    await k
      .db('data_source_outputs')
      .whereIn('source_id', ids)
      .update({ due_at: new Date(Date.now() - 1000) });
    const { sourceRefresher } = k.containerOf('data-sources').cradle as DataSourcesDeps;
    const started = Date.now();
    await sourceRefresher.refreshDue();
    expect(await sourceRefresher.refreshDue(), 'nothing is due twice').to.equal(0);
    // The minute's refresh job may have taken one of them meanwhile: each is read once either way.
    await eventually(
      () => [0, 1, 2].map((i) => feeds.hits.get(`/due-${i}`)),
      (hits) => hits.every((n) => n !== undefined && n >= 2),
    );
    for (let i = 0; i < 3; i++) expect(feeds.hits.get(`/due-${i}`)).to.equal(2);
    for (const id of ids) {
      const next = Date.parse((await api('GET', `/api/v1/data-sources/${id}`)).body.data.nextRefreshAt);
      expect(next - started).to.be.within(600_000 - 5_000, 660_000 + 5_000);
    }
  });

  it('previews an unsaved configuration and inspects fields with samples and a suggested mapping, storing nothing', async () => {
    const before = (await api('GET', '/api/v1/data-sources?pageSize=100')).body.data.total;
    const preview = await api('POST', '/api/v1/data-sources/rss/preview', { configuration: { url: feeds.url('/rss'), maxItems: 1 } }, contributor);
    expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
    expect(preview.body.data).to.include({ provider: 'rss', recordCount: 1 });
    expect(preview.body.data.configuration).to.include({ maxItems: 1, sort: 'newest' });
    const json = await api('POST', '/api/v1/data-sources/json/inspect', { configuration: { url: feeds.url('/rooms.json') } });
    expect(json.status, JSON.stringify(json.body)).to.equal(200);
    expect(json.body.data).to.include({ provider: 'json', rowCount: 2 });
    expect(json.body.data.suggested).to.deep.include({ rootList: '/data/rooms', title: '/booking/title' });
    expect(json.body.data.fields.find((f: any) => f.key === '/seats')).to.deep.include({ type: 'number', samples: ['12', '6'] });
    expect(json.body.data.fields.find((f: any) => f.key === '/booking/starts').type).to.equal('datetime');
    const csv = await api('POST', '/api/v1/data-sources/csv/inspect', { configuration: { url: feeds.url('/menu.csv') } });
    expect(csv.body.data).to.include({ rowCount: 2, delimiter: ',' });
    expect(csv.body.data.fields.map((f: any) => f.key)).to.deep.equal(['dish', 'price', 'note']);
    const saved = await create('csv', { url: feeds.url('/menu.csv'), mapping: { title: 'dish' } });
    expect((await api('GET', `/api/v1/data-sources/${saved.id}/inspect`)).body.data.fields).to.have.length(3);

    expect(errorOf(await api('POST', '/api/v1/data-sources/weather/preview', { configuration: {} }))).to.deep.equal([404, 'data_source_provider_not_found']);
    expect(errorOf(await api('POST', '/api/v1/data-sources/manual/inspect', { configuration: {} }))).to.deep.equal([404, 'data_source_provider_not_found']);
    const unreadable = await api('POST', '/api/v1/data-sources/atom/preview', { configuration: { url: feeds.url('/rss') } });
    expect(errorOf(unreadable)).to.deep.equal([422, 'validation_failed']);
    expect(unreadable.body.error.details.reason).to.equal('parse_failed');
    expect(errorOf(await api('POST', '/api/v1/data-sources/json/inspect', { configuration: {} }))).to.deep.equal([422, 'validation_failed']);
    expect(errorOf(await api('POST', '/api/v1/data-sources/rss/preview', { configuration: { url: feeds.url('/rss') } }, viewer))[0]).to.equal(403);
    expect((await api('GET', '/api/v1/data-sources?pageSize=100')).body.data.total, 'only the one saved').to.equal(before + 1);
  });

  it('reads names Object.prototype has (constructor, toString) as any others, and feeds with text the database cannot store or a CSV broken late', async () => {
    // A table column, a JSON value field and a filter named after Object.prototype's members.
    const table = await create('manual', {
      columns: [
        { key: 'constructor', label: 'Builder', type: 'text' },
        { key: 'valueOf', label: 'Worth', type: 'number' },
      ],
      rows: [{ values: { constructor: 'Ada', valueOf: '3' } }, { values: {} }],
    });
    const tableRecords = records(await rebuild(table.id));
    expect(tableRecords[0].values).to.deep.equal({ constructor: { kind: 'text', text: 'Ada' }, valueOf: { kind: 'number', number: 3 } });
    expect(tableRecords[1].values).to.deep.equal({});
    feeds.answers.set('/odd.json', { type: 'application/json', body: '{"data":{"rooms":[{"name":"A\\ud800B","toString":"x"},{"name":"C"}]}}' });
    const odd = await create('json', {
      url: feeds.url('/odd.json'),
      mapping: { rootList: '/data/rooms', title: '/name', valueFields: { toString: '/toString', constructor: '/constructor' } },
      filters: [{ field: 'constructor', operator: 'contains', value: '' }],
    });
    const oddRecords = records(await rebuild(odd.id));
    // The unpaired surrogate became U+FFFD; a field the item does not have is empty, not a function.
    expect(oddRecords.map((r: any) => r.values.title.text)).to.deep.equal(['A\uFFFDB', 'C']);
    expect(oddRecords[0].values.toString).to.deep.equal({ kind: 'text', text: 'x' });
    expect(oddRecords[1].values).to.not.have.own.property('constructor');
    expect((await api('GET', `/api/v1/data-sources/${odd.id}/diagnostics`)).body.data).to.include({ status: 'ready', parseStatus: 'success' });
    const filtered = await api('POST', '/api/v1/data-sources/rss/preview', {
      configuration: { url: feeds.url('/rss'), filters: [{ field: 'constructor', operator: 'equals', value: 'x' }] },
    });
    expect(filtered.status, JSON.stringify(filtered.body)).to.equal(200);
    expect(filtered.body.data.document.datasets[0].records).to.deep.equal([]);
    // A quote left open after the sampled rows is the body's fault: 422, not a crash.
    feeds.answers.set('/late.csv', { type: 'text/csv', body: `dish,price\n${'Soup,4\n'.repeat(60)}"Open,5\n` });
    const late = await api('POST', '/api/v1/data-sources/csv/inspect', { configuration: { url: feeds.url('/late.csv') } });
    expect(errorOf(late)).to.deep.equal([422, 'validation_failed']);
    expect(late.body.error.details.reason).to.equal('parse_failed');
  });

  it('shows a menu by day: dates read in the feed’s format, the selection stored whole and handed to both players, a preview of a given day', async () => {
    feeds.answers.set('/week.csv', {
      type: 'text/csv',
      body: 'day,dish,price\n11/26/2026,Soup,4.50\n11/27/2026,Curry,9\n11/27/2026,Salad,six\n',
    });
    const configuration = {
      url: feeds.url('/week.csv'),
      sort: 'oldest',
      mapping: { title: 'dish', date: 'day', valueFields: { price: 'price' }, valueFieldTypes: { price: 'currency' } },
      dateSelection: { enabled: true, mode: 'today', timezone: 'america/new_york', dateFormat: 'us_date' },
    };
    const menu = await create('csv', configuration);
    expect(menu.configuration.dateSelection).to.deep.equal({
      enabled: true,
      dateFormat: 'us_date',
      timezone: 'America/New_York',
      mode: 'today',
      customStartDate: '',
      customEndDate: '',
      excludePast: false,
      noMatchBehavior: 'empty',
      fallbackText: '',
    });
    await rebuild(menu.id);
    await showSources([lobby.screenId], [menu.id]);
    try {
      const manifest = (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
      const entry = manifest.dataSources.find((s: any) => s.id === menu.id);
      // Schema-11 players select on their clock from the configuration; later ones from the dataset.
      expect(entry.configuration.dateSelection).to.deep.equal(menu.configuration.dateSelection);
      expect(entry.configuration.data.records.map((r: any) => [r.title, r.date, r.values.price ?? ''])).to.deep.equal([
        ['Soup', '2026-11-26', '4.5'],
        ['Curry', '2026-11-27', '9'],
        ['Salad', '2026-11-27', ''],
      ]);
      const [dataset] = entry.dataDocument.datasets;
      expect(dataset).to.deep.include({ timezone: 'America/New_York' });
      expect(dataset.dateSelection).to.include({ field: 'date', mode: 'today', timezone: 'America/New_York' });
      expect(dataset.fields.find((f: any) => f.key === 'date').type).to.equal('date');
      expect(dataset.records[0].values).to.deep.include({ date: { kind: 'date', date: '2026-11-26' }, price: { kind: 'number', number: 4.5 } });
      expect(dataset.records[2].values).to.not.have.property('price');
    } finally {
      await showSources([lobby.screenId], []);
    }
    const friday = await api('POST', '/api/v1/data-sources/csv/preview', { configuration, previewDate: '2026-11-27' });
    expect(friday.status, JSON.stringify(friday.body)).to.equal(200);
    expect(friday.body.data.configuration.data.records.map((r: any) => r.title)).to.deep.equal(['Curry', 'Salad']);
    expect(friday.body.data.diagnostics).to.include({ parseStatus: 'success', httpResultCategory: 'success', availableItemCount: 2 });
    const badRange = { ...configuration, dateSelection: { enabled: true, mode: 'custom_range', customStartDate: '2026-12-01' } };
    expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'csv', name: 'Bad', configuration: badRange }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
    const untyped = { ...configuration, mapping: { ...configuration.mapping, valueFieldTypes: { cost: 'number' } } };
    expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'csv', name: 'Bad', configuration: untyped }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
    // A table selects on the date column it names.
    const table = await create('manual', {
      columns: [
        { key: 'day', label: 'Day', type: 'date' },
        { key: 'dish', label: 'Dish', type: 'text' },
      ],
      rows: [{ values: { day: '2026-11-26', dish: 'Soup' } }],
      dateField: 'day',
      dateSelection: { enabled: true, mode: 'next_available' },
    });
    expect(records(await rebuild(table.id)).length).to.equal(1);
    const tableOutputs = (await api('GET', `/api/v1/data-sources/${table.id}/outputs`)).body.data;
    expect(tableOutputs.document.datasets[0].dateSelection).to.include({ field: 'day', mode: 'next_available', timezone: 'UTC' });
    const wrongColumn = { columns: [{ key: 'dish', label: 'Dish', type: 'text' }], dateField: 'dish', dateSelection: { enabled: true } };
    expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'manual', name: 'Bad', configuration: wrongColumn }))).to.deep.equal([
      422,
      'validation_failed',
    ]);
  });

  it('reads an uploaded CSV file: kept, never shown again, kept through an edit of what was shown, and inspected like a fetched one', async () => {
    const upload = await api('POST', '/api/v1/data-sources', {
      provider: 'csv',
      name: 'Uploaded menu',
      configuration: { uploadedContent: CSV, mapping: { title: 'dish', valueFields: { price: 'price' } } },
    });
    expect(upload.status, JSON.stringify(upload.body)).to.equal(201);
    const source = upload.body.data;
    expect(source.configuration).to.include({ uploaded: true }).and.not.have.property('uploadedContent');
    expect(source.nextRefreshAt, 'a file changes only when edited').to.equal(null);
    expect(records(await rebuild(source.id)).map((r: any) => text(r, 'title'))).to.deep.equal(['Soup, of the day', 'Salad']);
    const fileDiagnostics = (await api('GET', `/api/v1/data-sources/${source.id}/diagnostics`)).body.data;
    expect(fileDiagnostics).to.include({ parseStatus: 'success' });
    expect(fileDiagnostics, 'a file is fetched from nowhere').not.to.have.property('httpResultCategory');
    // What was shown goes back with one change: the file stays.
    const edited = await api('PATCH', `/api/v1/data-sources/${source.id}`, { configuration: { ...source.configuration, maxItems: 1 } });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect(edited.body.data.configuration).to.include({ uploaded: true, maxItems: 1 });
    expect(records(await rebuild(source.id)).map((r: any) => text(r, 'title'))).to.deep.equal(['Soup, of the day']);
    // A url replaces the file.
    const fetched = await api('PATCH', `/api/v1/data-sources/${source.id}`, { configuration: { url: feeds.url('/menu.csv'), mapping: { title: 'dish' } } });
    expect(fetched.body.data.configuration).to.not.have.property('uploaded');
    expect(fetched.body.data.nextRefreshAt).to.not.equal(null);
    const inspected = await api('POST', '/api/v1/data-sources/csv/inspect', { configuration: { uploadedContent: CSV } });
    expect(inspected.body.data).to.include({ rowCount: 2, delimiter: ',' });
    for (const [configuration, why] of [
      [{ mapping: { title: 'dish' } }, 'neither a url nor a file'],
      [{ url: feeds.url('/menu.csv'), uploadedContent: CSV, mapping: { title: 'dish' } }, 'both'],
      [{ uploadedContent: 'é'.repeat(1_100_000), mapping: { title: 'dish' } }, 'over 2 MiB in UTF-8'],
    ] as const) {
      expect(errorOf(await api('POST', '/api/v1/data-sources', { provider: 'csv', name: 'Bad', configuration })), why).to.deep.equal([
        422,
        'validation_failed',
      ]);
    }
  });

  describe('manual tables and integration writes', () => {
    const columns = [
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'currency', currency: 'EUR' },
      { key: 'vegan', label: 'Vegan', type: 'boolean' },
    ];
    const write = (secret: string, id: string, rows: unknown) =>
      call(k, 'PUT', `/api/v1/integration/data-sources/${id}/rows`, { rows }, { authorization: `Bearer ${secret}` });
    const token = async (body: Record<string, unknown>) =>
      (await api('POST', '/api/v1/integration-tokens', { name: 'POS', ...body })).body.data.secret as string;

    it('stores a typed table, each row with a lasting id, and refuses a cell that does not fit its column', async () => {
      const table = await create('manual', { columns, rows: [{ values: { dish: 'Soup', price: '4.50', vegan: 'true' } }] }, 'Menu');
      expect(table.configuration.rows[0].id).to.match(/^[0-9a-f-]{36}$/);
      const outputs = (await api('GET', `/api/v1/data-sources/${table.id}/outputs`)).body.data;
      expect(outputs.document.datasets[0].fields.find((f: any) => f.key === 'price')).to.deep.include({ type: 'currency', currency: 'EUR' });
      expect(records(outputs)[0]).to.deep.equal({
        id: table.configuration.rows[0].id,
        values: { dish: { kind: 'text', text: 'Soup' }, price: { kind: 'number', number: 4.5 }, vegan: { kind: 'boolean', boolean: true } },
      });
      for (const [configuration, why] of [
        [{ columns, rows: [{ values: { price: 'cheap' } }] }, 'not a number'],
        [{ columns, rows: [{ values: { colour: 'red' } }] }, 'unknown column'],
        [{ columns: [...columns, columns[0]] }, 'repeated key'],
        [{ columns: [{ key: 'price', label: 'Price', type: 'currency' }] }, 'currency without a code'],
        [{ columns: Array.from({ length: 13 }, (_, i) => ({ key: `c${i}`, label: `C${i}`, type: 'text' })) }, '13 columns'],
        [{ columns, rows: Array.from({ length: 201 }, () => ({ values: {} })) }, '201 rows'],
      ] as const) {
        expect(errorOf(await api('PATCH', `/api/v1/data-sources/${table.id}`, { configuration })), why).to.deep.equal([422, 'validation_failed']);
      }
      expect(records((await api('GET', `/api/v1/data-sources/${table.id}/outputs`)).body.data)).to.have.length(1);
    });

    it('lets a token replace a table’s rows, all or nothing, and the screens showing it hear of it', async () => {
      const table = await create('manual', { columns }, 'Specials');
      const other = await create('manual', { columns }, 'Other');
      const secret = await token({ scopes: ['data_source:write'], dataSourceIds: [table.id] });
      const socket = await openPlayerSocket(k, lobby.credential);
      try {
        await showSources([lobby.screenId], [table.id]);
        const since = socket.messages.length;
        const rows = [{ values: { dish: 'Risotto', price: '12', vegan: 'false' } }, { values: { dish: 'Curry', price: '9.5', vegan: 'true' } }];
        const written = await write(secret, table.id, rows);
        expect(written.status, JSON.stringify(written.body)).to.equal(200);
        expect(written.body.data).to.include({ id: table.id, name: 'Specials', rowCount: 2 });
        expect(Date.parse(written.body.data.updatedAt)).to.be.closeTo(Date.now(), 60_000);
        await eventually(
          () => socket.messages.slice(since),
          (m) => m.some((msg: any) => msg.type === 'manifest.changed'),
        );
        const manifest = (await playerCall(k, lobby.credential, 'GET', '/api/v1/player/manifest')).body.data;
        expect(manifest.dataSources[0].dataDocument.datasets[0].records.map((r: any) => r.values.dish.text)).to.deep.equal(['Risotto', 'Curry']);

        for (const [bad, why] of [
          [[{ values: { dish: 'Tea', colour: 'green' } }], 'unknown column'],
          [[{ values: { price: 'free' } }], 'not a number'],
        ] as const) {
          expect(errorOf(await write(secret, table.id, bad)), why).to.deep.equal([422, 'rows_invalid']);
        }
        // The table's bound is the schema's: more rows than a table holds are refused as any out-of-bounds body.
        const tooMany = await write(
          secret,
          table.id,
          Array.from({ length: 201 }, () => ({ values: { dish: 'x' } })),
        );
        expect(errorOf(tooMany)).to.deep.equal([422, 'validation_failed']);
        expect(tooMany.body.error.details.fields[0].field).to.equal('body/rows');
        expect(
          errorOf(
            await write(
              secret,
              table.id,
              Array.from({ length: 501 }, () => ({ values: {} })),
            ),
          )[0],
        ).to.equal(422);
        expect(errorOf(await write(secret, other.id, rows)), 'a source outside the token’s list').to.deep.equal([403, 'insufficient_scope']);
        const reader = await token({ scopes: ['activity:read'] });
        expect(errorOf(await write(reader, table.id, rows))).to.deep.equal([403, 'insufficient_scope']);
        const feed = await create('rss', { url: feeds.url('/rss') });
        const anyTable = await token({ scopes: ['data_source:write'] });
        expect(errorOf(await write(anyTable, feed.id, rows))).to.deep.equal([422, 'rows_invalid']);
        expect(errorOf(await write(anyTable, randomUUID(), rows))).to.deep.equal([404, 'not_found']);
        const after = (await api('GET', `/api/v1/data-sources/${table.id}/outputs`)).body.data;
        expect(
          records(after).map((r: any) => r.values.dish.text),
          'refused writes changed nothing',
        ).to.deep.equal(['Risotto', 'Curry']);
      } finally {
        socket.ws.close();
        await showSources([lobby.screenId], []);
      }
    });
  });
});
