import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ActivityDeps } from '../../core-modules/activity/activity-deps.js';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, setSettings } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const MINUTE = 60_000;

describe('activity: proof of play, screen events and telemetry', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let kitchen: PairedScreen;
  const sequences = new Map<string, number>();

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const deps = () => k.containerOf('activity').cradle as ActivityDeps;
  const post = (screen: PairedScreen, events: unknown[]) => playerCall(k, screen.credential, 'POST', '/api/v1/player/activity-events', { events });
  /** An event as the Linux player builds it: the next sequence of the screen, the envelope defaults. */
  function event<F extends Record<string, unknown>>(screen: PairedScreen, fields: F) {
    const sequence = (sequences.get(screen.screenId) ?? 0) + 1;
    sequences.set(screen.screenId, sequence);
    return { id: randomUUID(), sequence, playerTimezone: 'Europe/Berlin', ...fields };
  }
  const at = (ms: number) => new Date(ms).toISOString();
  const sessionsOf = async (screen: PairedScreen, extra = '') =>
    (await api('GET', `/api/v1/activity/proof-of-play?screen=${screen.screenId}&from=${at(Date.now() - 3 * 86_400_000)}&to=${at(Date.now() + MINUTE)}${extra}`))
      .body.data.items;

  /** A presentation with one item that played to its end, as the v2 players report it. */
  function play(screen: PairedScreen, start: number, options: { assetId?: string; playlistId?: string; elapsed?: number } = {}) {
    const root = randomUUID();
    const child = randomUUID();
    const elapsed = options.elapsed ?? 1_000;
    const presentation = { presentationType: 'playlist', presentationId: options.playlistId ?? randomUUID(), manifestVersion: 3 };
    return {
      root,
      child,
      events: [
        event(screen, {
          eventType: 'presentation.started',
          occurredAt: at(start),
          elapsedRealtimeMs: elapsed,
          activitySessionId: root,
          sessionType: 'presentation',
          ...presentation,
        }),
        event(screen, {
          eventType: 'content.started',
          occurredAt: at(start + 1_000),
          elapsedRealtimeMs: elapsed + 1_000,
          activitySessionId: child,
          parentActivitySessionId: root,
          contentType: 'image',
          contentId: options.assetId ?? randomUUID(),
          expectedDurationMs: 10_000,
          ...presentation,
        }),
        event(screen, {
          eventType: 'content.completed',
          occurredAt: at(start + 11_000),
          elapsedRealtimeMs: elapsed + 11_000,
          activitySessionId: child,
          terminalReason: 'completed_duration',
          result: 'completed',
          durationMs: 10_000,
          ...presentation,
        }),
      ],
    };
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    kitchen = await pairScreen(k, owner, { name: 'Kitchen' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  describe('ingestion', () => {
    it('acknowledges a batch the way both players read it, and a replay of it adds nothing', async () => {
      const { events, child } = play(lobby, Date.now() - 30 * MINUTE);
      const first = await post(lobby, events);
      expect(first.status, JSON.stringify(first.body)).to.equal(202);
      expect(first.body.data).to.deep.include({ accepted: 3, duplicates: 0, highestSequence: events[2]!.sequence, rejected: [] });
      expect(first.body.data.acknowledgedEventIds).to.have.members(events.map((e) => e.id));
      const replay = await post(lobby, events);
      expect(replay.body.data).to.deep.include({ accepted: 0, duplicates: 3 });
      expect(replay.body.data.acknowledgedEventIds).to.have.members(events.map((e) => e.id));
      const session = (await sessionsOf(lobby)).find((s: { activitySessionId: string }) => s.activitySessionId === child);
      expect(session).to.include({
        sessionType: 'content',
        result: 'completed',
        terminalReason: 'completed_duration',
        durationMs: 10_000,
        expectedDurationMs: 10_000,
        interrupted: false,
        synthesizedStart: false,
      });
      const events2 = (await api('GET', `/api/v1/activity/screens/${lobby.screenId}/timeline`)).body.data.events;
      expect(events2.filter((e: { id: string }) => events.some((x) => x.id === e.id))).to.have.length(3);
    });

    it('counts a reused sequence as a duplicate, and files an event under the credential’s screen whatever screenId it carries', async () => {
      const [stored] = [event(lobby, { eventType: 'connection.lost', occurredAt: at(Date.now() - MINUTE) })];
      const reused = { ...event(lobby, { eventType: 'connection.restored', occurredAt: at(Date.now()) }), sequence: stored!.sequence };
      const foreign = event(lobby, { eventType: 'connection.recovered', occurredAt: at(Date.now()), screenId: kitchen.screenId });
      const res = await post(lobby, [stored, reused, foreign]);
      expect(res.body.data).to.deep.include({ accepted: 2, duplicates: 1 });
      const lobbyIds = (await api('GET', `/api/v1/activity/screens/${lobby.screenId}/timeline`)).body.data.events.map((e: { id: string }) => e.id);
      const kitchenIds = (await api('GET', `/api/v1/activity/screens/${kitchen.screenId}/timeline`)).body.data.events.map((e: { id: string }) => e.id);
      expect(lobbyIds).to.include.members([stored!.id, foreign.id]).and.not.include(reused.id);
      expect(kitchenIds).not.to.include(foreign.id);
      const timeline = (await api('GET', `/api/v1/activity/screens/${lobby.screenId}/timeline?category=connectivity`)).body.data.events;
      expect(timeline.find((e: { id: string }) => e.id === foreign.id)).to.include({
        eventType: 'connection.recovered',
        canonicalType: 'connection.restored',
        result: 'recovered',
      });
    });

    it('takes the Android player’s shape: every field present, unset texts empty and unset numbers null', async () => {
      const android = {
        ...event(kitchen, { eventType: 'playlist_item.started', occurredAt: at(Date.now() - 5 * MINUTE) }),
        category: '',
        severity: 'info',
        elapsedRealtimeMs: null,
        manifestVersion: null,
        presentationType: '',
        presentationId: '',
        presentationRevision: '',
        contentType: 'video',
        contentId: randomUUID(),
        playlistItemId: randomUUID(),
        layoutPlacementId: '',
        activitySessionId: randomUUID(),
        parentActivitySessionId: '',
        sessionType: '',
        terminalReason: '',
        result: 'unknown',
        durationMs: null,
        expectedDurationMs: 8000,
        failureCode: '',
        failureMessage: '',
        trigger: '',
        scheduleId: '',
        takeoverId: '',
        sourceId: '',
        selectedRecordId: '',
        selectionDate: '',
        sourceCachedAt: null,
        sourceRevision: '',
        snapshotHash: '',
        metadata: {},
        priority: 5,
      };
      const res = await post(kitchen, [android]);
      expect(res.body.data, JSON.stringify(res.body)).to.deep.include({ accepted: 1, rejected: [] });
      const session = (await sessionsOf(kitchen)).find((s: { activitySessionId: string }) => s.activitySessionId === android.activitySessionId);
      expect(session).to.include({ sessionType: 'playlist_item', result: 'playing' });
      expect(session, 'still open: no endedAt, and no null').not.to.have.property('endedAt');
    });

    it('refuses a bad event on its own (acknowledged, so the player stops resending it) and stores the rest, cleaned of what PostgreSQL cannot store', async () => {
      const good = event(lobby, {
        eventType: 'renderer.failure',
        occurredAt: at(Date.now()),
        failureMessage: 'bad\u0000frame',
        metadata: { note: 'x\ud800y', nested: { a: 1 }, 'bad key': 1 },
      });
      const stale = event(lobby, { eventType: 'renderer.recovered', occurredAt: '2020-01-01T00:00:00Z' });
      const nameless = { sequence: 999_999, eventType: 'renderer.failure', occurredAt: at(Date.now()) };
      const res = await post(lobby, [good, stale, nameless]);
      expect(res.status).to.equal(202);
      expect(res.body.data.accepted).to.equal(1);
      expect(res.body.data.rejected.map((r: { index: number; id: string | null }) => [r.index, r.id])).to.deep.equal([
        [1, stale.id],
        [2, null],
      ]);
      expect(res.body.data.acknowledgedEventIds).to.have.members([good.id, stale.id]);
      const stored = (await api('GET', `/api/v1/activity/screens/${lobby.screenId}/timeline`)).body.data.events.find((e: { id: string }) => e.id === good.id);
      expect(stored).to.include({ failureMessage: 'badframe', severity: 'error', category: 'playback' });
      expect(stored.details.metadata).to.deep.equal({ note: 'x\ufffdy' });
    });

    it('refuses a batch that is not one (400/422) and a console session (401), changing nothing', async () => {
      const tooMany = Array.from({ length: 201 }, () => event(lobby, { eventType: 'connection.lost', occurredAt: at(Date.now()) }));
      expect((await post(lobby, tooMany)).status).to.equal(422);
      expect((await post(lobby, [])).status).to.equal(422);
      expect((await playerCall(k, lobby.credential, 'POST', '/api/v1/player/activity-events', { events: 'all' })).status).to.equal(422);
      const asConsole = await api('POST', '/api/v1/player/activity-events', {
        events: [event(lobby, { eventType: 'connection.lost', occurredAt: at(Date.now()) })],
      });
      expect(asConsole.status).to.equal(401);
      const ids = (await api('GET', `/api/v1/activity/screens/${lobby.screenId}/timeline?limit=1000`)).body.data.events.map((e: { id: string }) => e.id);
      expect(ids).not.to.include(tooMany[0]!.id);
    });
  });

  describe('sessions', () => {
    it('gives a session whose end arrived first its real start once the start arrives', async () => {
      const sid = randomUUID();
      const start = Date.now() - 20 * MINUTE;
      const started = event(kitchen, {
        eventType: 'content.started',
        occurredAt: at(start),
        activitySessionId: sid,
        contentId: randomUUID(),
        elapsedRealtimeMs: 100,
      });
      const ended = event(kitchen, {
        eventType: 'content.completed',
        occurredAt: at(start + 12_000),
        activitySessionId: sid,
        durationMs: 11_500,
        terminalReason: 'expected_item_boundary',
      });
      await post(kitchen, [ended]);
      let session = (await sessionsOf(kitchen)).find((s: { activitySessionId: string }) => s.activitySessionId === sid);
      expect(session).to.include({ synthesizedStart: true, durationMs: 11_500, result: 'completed', startedAt: at(start + 500) });
      await post(kitchen, [started]);
      session = (await sessionsOf(kitchen)).find((s: { activitySessionId: string }) => s.activitySessionId === sid);
      expect(session).to.include({ synthesizedStart: false, startedAt: at(start), durationMs: 11_500, terminalReason: 'expected_item_boundary' });
    });

    it('closes the sessions of a player that restarted as interrupted, at the last sign of them', async () => {
      const screen = await pairScreen(k, owner, { name: 'Restarting' });
      const start = Date.now() - 40 * MINUTE;
      const before = play(screen, start, { elapsed: 50_000 });
      const opened = event(screen, {
        eventType: 'content.started',
        occurredAt: at(start + 12_000),
        elapsedRealtimeMs: 62_000,
        activitySessionId: randomUUID(),
        parentActivitySessionId: before.root,
        contentId: randomUUID(),
      });
      await post(screen, [...before.events, opened]);
      // The new process's clock starts again near zero.
      const after = event(screen, {
        eventType: 'presentation.started',
        occurredAt: at(start + 5 * MINUTE),
        elapsedRealtimeMs: 900,
        activitySessionId: randomUUID(),
        presentationId: randomUUID(),
        manifestVersion: 3,
      });
      await post(screen, [after]);
      const sessions = await sessionsOf(screen);
      const root = sessions.find((s: { activitySessionId: string }) => s.activitySessionId === before.root);
      const child = sessions.find((s: { activitySessionId: string }) => s.activitySessionId === opened.activitySessionId);
      expect(root).to.include({ terminalReason: 'player_restart', interrupted: true, endedAt: at(start + 12_000), durationMs: 12_000 });
      expect(child).to.include({ terminalReason: 'player_restart', interrupted: true });
      const open = sessions.find((s: { activitySessionId: string }) => s.activitySessionId === after.activitySessionId);
      expect(open).to.include({ result: 'playing' });
      expect(open).not.to.have.property('endedAt');
      const unexpected = (await api('GET', `/api/v1/activity/proof-of-play?screen=${screen.screenId}&from=${at(start - MINUTE)}&terminalReason=unexpected`))
        .body.data.items;
      expect(unexpected.map((s: { activitySessionId: string }) => s.activitySessionId)).to.have.members([before.root, opened.activitySessionId]);
    });

    it('treats a new presentation on the same clock as an expected replacement, and a heartbeat gap as an interruption', async () => {
      const screen = await pairScreen(k, owner, { name: 'Replacing' });
      const start = Date.now() - 30 * MINUTE;
      const first = play(screen, start, { elapsed: 1_000 });
      const second = event(screen, {
        eventType: 'presentation.started',
        occurredAt: at(start + MINUTE),
        elapsedRealtimeMs: 61_000,
        activitySessionId: randomUUID(),
        manifestVersion: 4,
      });
      const gap = event(screen, { eventType: 'heartbeat.gap_detected', occurredAt: at(start + 2 * MINUTE), elapsedRealtimeMs: 121_000 });
      await post(screen, [...first.events, second, gap]);
      const sessions = await sessionsOf(screen);
      expect(sessions.find((s: { activitySessionId: string }) => s.activitySessionId === first.root)).to.include({
        terminalReason: 'manifest_replacement',
        interrupted: false,
        result: 'partial',
      });
      expect(sessions.find((s: { activitySessionId: string }) => s.activitySessionId === second.activitySessionId)).to.include({
        terminalReason: 'heartbeat_gap',
        interrupted: true,
        durationMs: MINUTE,
      });
    });

    it('stands a version 1 terminal event with a duration in for its missing start', async () => {
      const sid = randomUUID();
      const item = randomUUID();
      const v1 = event(kitchen, {
        eventType: 'playlist_item.completed',
        occurredAt: at(Date.now() - 10 * MINUTE),
        activitySessionId: sid,
        playlistItemId: item,
        durationMs: 7_000,
      });
      await post(kitchen, [v1]);
      const session = (await sessionsOf(kitchen)).find((s: { activitySessionId: string }) => s.activitySessionId === sid);
      expect(session).to.include({
        sessionType: 'playlist_item',
        synthesizedStart: true,
        result: 'completed',
        terminalReason: 'completed_duration',
        durationMs: 7_000,
        playlistItemId: item,
      });
    });
  });

  describe('reports', () => {
    let screen: PairedScreen;
    let asset: { id: string };
    let location: string;
    const day = Date.parse('2026-11-20T23:30:00Z');

    before(async () => {
      screen = await pairScreen(k, owner, { name: '=Tills' });
      asset = await seedAsset(k, { name: 'Winter menu' });
      location = (await api('POST', '/api/v1/locations', { name: 'Harbour' })).body.data.id;
      await api('PATCH', `/api/v1/screens/${screen.screenId}`, { locationId: location });
      const playlistId = randomUUID();
      await post(screen, play(screen, day, { assetId: asset.id, playlistId }).events);
      await post(screen, play(screen, Date.now() - 2 * 3_600_000, { assetId: asset.id, playlistId, elapsed: 10 }).events);
      const formula = event(screen, {
        eventType: 'content.failed',
        occurredAt: at(day + 60_000),
        activitySessionId: randomUUID(),
        contentId: '=HYPERLINK("http://x")',
        presentationId: '+SUM(A1)',
      });
      await post(screen, [formula]);
    });

    it('summarizes root and child sessions separately, grouped with names, and gives the same figures from the rollup as from the sessions', async () => {
      const query = `/api/v1/activity/proof-of-play/summary?screen=${screen.screenId}&from=${at(day - 86_400_000)}&to=${at(Date.now() + MINUTE)}`;
      const live = (await api('GET', `${query}&groupBy=content`)).body.data;
      expect(live.totals.presentation).to.include({ sessions: 2 });
      expect(live.totals.content).to.include({ sessions: 3, completed: 2, failed: 1, durationMs: 20_000 });
      expect(live.totals.content.completionRate).to.be.closeTo(2 / 3, 0.001);
      const menu = live.rows.find((r: { key: string }) => r.key === asset.id);
      expect(menu).to.include({ label: 'Winter menu', sessions: 2, completed: 2, durationMs: 20_000 });
      const byLocation = (await api('GET', `${query}&groupBy=location`)).body.data.rows;
      expect(byLocation.map((r: { key: string }) => r.key)).to.deep.equal([location]);

      await deps().playbackRollup.run(Date.now() + 3_600_000);
      expect(await deps().playbackRollup.mark()).to.be.instanceOf(Date);
      const rolled = (await api('GET', `${query}&groupBy=content`)).body.data;
      expect(rolled.totals).to.deep.equal(live.totals);
      expect(rolled.rows).to.have.deep.members(live.rows);
      const byAsset = (
        await api('GET', `/api/v1/activity/proof-of-play/summary?asset=${asset.id}&location=${location}&from=${at(day - 86_400_000)}&groupBy=screen`)
      ).body.data.rows;
      expect(byAsset).to.have.length(1);
      expect(byAsset[0]).to.include({ key: screen.screenId, label: '=Tills', sessions: 2 });
    });

    it('totals each UTC day of what played inside the presentations, from the rollup and from the sessions alike', async () => {
      const query = `/api/v1/activity/proof-of-play/summary?screen=${screen.screenId}&sessionType=child&from=${at(day - 86_400_000)}&to=${at(Date.now() + MINUTE)}&groupBy=day`;
      const today = at(Date.now() - 2 * 3_600_000).slice(0, 10);
      await deps().playbackRollup.run(Date.now() + 3_600_000);
      const rolled = (await api('GET', query)).body.data;
      expect(rolled.groupBy).to.equal('day');
      const byDay = (rows: { key: string; sessions: number; completed: number; durationMs: number }[]) =>
        Object.fromEntries(rows.map((r) => [r.key, { sessions: r.sessions, completed: r.completed, durationMs: r.durationMs }]));
      expect(byDay(rolled.rows)).to.deep.equal({
        '2026-11-20': { sessions: 2, completed: 1, durationMs: 10_000 },
        [today]: { sessions: 1, completed: 1, durationMs: 10_000 },
      });
      // A result filter is not in the rollup: these days come from the sessions themselves.
      const live = (await api('GET', `${query}&result=completed`)).body.data;
      expect(byDay(live.rows)).to.deep.equal({
        '2026-11-20': { sessions: 1, completed: 1, durationMs: 10_000 },
        [today]: { sessions: 1, completed: 1, durationMs: 10_000 },
      });
    });

    it('exports a day of a time zone as CSV: times in that zone, formulas defused', async () => {
      const csv = async (date: string, tz: string) => {
        const res = await k.request(`/api/v1/activity/proof-of-play/export.csv?screen=${screen.screenId}&date=${date}&tz=${encodeURIComponent(tz)}`, {
          headers: { cookie: owner.cookie },
        });
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.match(/^text\/csv/);
        expect(res.headers.get('cache-control')).to.equal('no-store');
        return (await res.text()).trim().split('\n');
      };
      const utc = await csv('2026-11-20', 'UTC');
      expect(utc[0]).to.match(/^session_id,screen,screen_id,session_type,local_date,started_at/);
      expect(utc).to.have.length(4); // header, root, child, failed child
      expect(utc[1]).to.include(",'=Tills,").and.include('2026-11-20,2026-11-20T23:30:00+00:00');
      expect(utc.find((l) => l.includes('content.failed') || l.includes('HYPERLINK')))
        .to.include(`"'=HYPERLINK(""http://x"")"`)
        .and.include("'+SUM(A1)");
      const tokyo = await csv('2026-11-21', 'Asia/Tokyo');
      expect(tokyo).to.have.length(4);
      expect(tokyo[1]).to.include('2026-11-21,2026-11-21T08:30:00+09:00');
      expect(await csv('2026-11-20', 'Asia/Tokyo')).to.have.length(1);
      const bad = await k.request(`/api/v1/activity/proof-of-play/export.csv?date=2026-11-20&tz=Mars/Olympus`, { headers: { cookie: owner.cookie } });
      expect([bad.status, (await bad.json()).error.code]).to.deep.equal([422, 'invalid_timezone']);
    });

    it('pages sessions with a cursor, newest first', async () => {
      const base = `/api/v1/activity/proof-of-play?screen=${screen.screenId}&from=${at(day - 86_400_000)}&limit=2`;
      const first = (await api('GET', base)).body.data;
      expect(first.items).to.have.length(2);
      const second = (await api('GET', `${base}&cursor=${first.nextCursor}`)).body.data;
      const all = [...first.items, ...second.items];
      expect(new Set(all.map((s: { id: string }) => s.id)).size).to.equal(all.length);
      const starts = all.map((s: { startedAt: string }) => s.startedAt);
      expect(starts).to.deep.equal([...starts].sort().reverse());
      expect((await api('GET', `${base}&cursor=nonsense`)).status).to.equal(422);
    });
  });

  describe('telemetry and retention', () => {
    it('keeps the latest sample and sums counters into five-minute rollups; a sample outside the window is refused', async () => {
      const sample = (seconds: number) => ({
        observedAt: at(Date.now()),
        serverRoundTripMs: 40 + seconds,
        rendererState: 'playing',
        interval: { seconds, connectedSeconds: seconds, droppedFrames: 2, averageCpuPercent: 12.5, thermalSeconds: { nominal: seconds } },
      });
      for (const s of [60, 30]) {
        const res = await playerCall(k, lobby.credential, 'POST', '/api/v1/player/telemetry', sample(s));
        expect(res.status, JSON.stringify(res.body)).to.equal(202);
      }
      const read = (await api('GET', `/api/v1/activity/screens/${lobby.screenId}/telemetry`)).body.data;
      expect(read.snapshot.sample).to.include({ rendererState: 'playing', serverRoundTripMs: 70 });
      const total = read.rollups.reduce((sum: number, r: { connectedSeconds: number }) => sum + r.connectedSeconds, 0);
      expect(total).to.equal(90);
      expect(Math.max(...read.rollups.map((r: { maxRoundTripMs: number }) => r.maxRoundTripMs))).to.equal(100);
      const stale = await playerCall(k, lobby.credential, 'POST', '/api/v1/player/telemetry', { ...sample(1), observedAt: at(Date.now() - 2 * 86_400_000) });
      expect([stale.status, stale.body.error.code]).to.deep.equal([422, 'telemetry_out_of_window']);
      expect((await api('GET', `/api/v1/activity/screens/${kitchen.screenId}/telemetry`)).body.data).not.to.have.property('snapshot');
    });

    it('refuses numbers its columns cannot hold with 422, not a 500', async () => {
      const sample = (fields: Record<string, unknown>, interval: Record<string, unknown> = {}) => ({
        observedAt: at(Date.now()),
        ...fields,
        interval: { seconds: 60, ...interval },
      });
      const cases: [Record<string, unknown>, string][] = [
        [sample({ serverRoundTripMs: 2_147_483_648 }), 'the worst round trip is kept in an integer column'],
        [sample({}, { droppedFrames: 1e20 }), 'counters are summed in bigint columns'],
      ];
      for (const [body, why] of cases) {
        const res = await playerCall(k, kitchen.credential, 'POST', '/api/v1/player/telemetry', body);
        expect([res.status, res.body.error?.code], why).to.deep.equal([422, 'validation_failed']);
      }
      const twice = sample({ serverRoundTripMs: 2_147_483_647 }, { droppedFrames: 9e15 });
      for (const _ of [1, 2]) expect((await playerCall(k, kitchen.credential, 'POST', '/api/v1/player/telemetry', twice)).status).to.equal(202);
    });

    it('deletes activity older than the retention setting, and keeps the rest', async () => {
      const screen = await pairScreen(k, owner, { name: 'Archive' });
      const old = play(screen, Date.now() - 5 * 86_400_000);
      const recent = play(screen, Date.now() - 10 * MINUTE, { elapsed: 10_000_000 });
      await post(screen, [...old.events, ...recent.events]);
      await setSettings(k, owner, { 'activity.retention_days': 2 });
      try {
        const removed = await deps().activityRetention.purge();
        expect(removed.activity_events).to.be.at.least(3);
        const left = (await sessionsOf(screen, '&limit=250')).map((s: { activitySessionId: string }) => s.activitySessionId);
        expect(left).to.include.members([recent.root, recent.child]).and.not.include(old.root);
        const events = (await api('GET', `/api/v1/activity/screens/${screen.screenId}/timeline?from=${at(Date.now() - 7 * 86_400_000)}`)).body.data.events;
        expect(events).to.have.length(3);
      } finally {
        await setSettings(k, owner, { 'activity.retention_days': 90 });
      }
    });
  });
});
