import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { JobQueue } from '../../kernel/jobs/job-queue.js';
import type { HistoryRepository } from '../../plugins/noise-meter/history.repository.js';
import { optionalPlugins } from '../../plugins/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const BASE = '/api/v1/plugins/noise-meter/instances';
const DAY = 86_400_000;
const utcMidnight = (offsetDays: number) => new Date(Math.floor(Date.now() / DAY) * DAY + offsetDays * DAY);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const bucket = (start: Date, o: Record<string, unknown> = {}) => ({
  startedAt: start.toISOString(),
  averageLevel: 40,
  peakLevel: 55,
  monitoredMs: 10_000,
  warningMs: 0,
  loudMs: 0,
  triggerCount: 0,
  ...o,
});
/** YYYY-MM-DD of an instant in a time zone. */
const dateIn = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);

describe('noise meter plugin: history', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen, hall: PairedScreen, kitchen: PairedScreen;
  let meter: { id: string };
  // Set in before(): "yesterday" is the server's at the time of asking, not when mocha loaded this file.
  let yesterday: Date;
  let hallBuckets: ReturnType<typeof bucket>[];
  let lobbyBuckets: ReturnType<typeof bucket>[];

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const history = (what: string, query = '') => api('GET', `${BASE}/${meter.id}/history/${what}${query}`);
  const beat = (screen: PairedScreen, pendingHistory: unknown[]) =>
    playerCall(k, screen.credential, 'POST', '/api/v1/player/heartbeat', { noiseMeter: { status: 'normal', currentLevel: 31.5, pendingHistory } });
  const stored = (screen: PairedScreen) => k.db('noise_meter_history').where({ screen_id: screen.screenId }).orderBy('bucket_start');
  async function csv(query: string) {
    const res = await k.request(`${BASE}/${meter.id}/history/export.csv${query}`, { headers: { cookie: owner.cookie } });
    return { status: res.status, headers: res.headers, lines: (await res.text()).split('\n').filter(Boolean) };
  }

  before(async function () {
    this.timeout(120_000);
    // The checks ask for relative ranges (yesterday, 7d) a few seconds from now: not across a UTC midnight.
    const toMidnight = utcMidnight(1).getTime() - Date.now();
    if (toMidnight < 60_000) await new Promise((resolve) => setTimeout(resolve, toMidnight + 1_000));
    yesterday = utcMidnight(-1);
    // Hall, yesterday 10:00–10:03 UTC: a quiet minute, a loud minute (one warning event), a gap, one more loud bucket.
    hallBuckets = [
      ...Array.from({ length: 6 }, (_, i) => bucket(at(yesterday, 10 * 3_600_000 + i * 10_000))),
      ...Array.from({ length: 6 }, (_, i) =>
        bucket(at(yesterday, 10 * 3_600_000 + 60_000 + i * 10_000), {
          averageLevel: 90,
          peakLevel: i === 2 ? 96 : 92,
          warningMs: 1_000,
          loudMs: 9_000,
          triggerCount: i === 0 ? 1 : 0,
        }),
      ),
      bucket(at(yesterday, 10 * 3_600_000 + 180_000), { averageLevel: 80, peakLevel: 85, loudMs: 5_000, triggerCount: 1 }),
    ];
    // Lobby: one bucket at the top of every hour of yesterday (UTC).
    lobbyBuckets = Array.from({ length: 24 }, (_, h) => bucket(at(yesterday, h * 3_600_000), { averageLevel: 20 + h }));
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins] });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby, "main"' });
    hall = await pairScreen(k, owner, { name: 'Hall' });
    kitchen = await pairScreen(k, owner, { name: 'Kitchen' });
    const res = await api('POST', BASE, { name: 'Front Hall (2)', enabled: true, targetScope: 'screens', targetIds: [lobby.screenId, hall.screenId] });
    meter = res.body.data;
    for (const [screen, buckets] of [
      [hall, hallBuckets],
      [lobby, lobbyBuckets],
    ] as const) {
      const answer = await beat(screen, buckets);
      expect(answer.body.data.noiseHistory, JSON.stringify(answer.body)).to.deep.equal({ accepted: buckets.length });
    }
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('stores a resent batch once, and counts implausible buckets as consumed without storing them', async () => {
    const now = Date.now();
    const aligned = new Date(Math.floor(now / 10_000) * 10_000 - 60_000);
    const good = [bucket(aligned), bucket(at(aligned, 10_005), { averageLevel: 50, peakLevel: 50 })];
    // On a free key of their own, so one wrongly taken would show up as a third row.
    const free = at(aligned, 20_000);
    const bad = [
      bucket(free, { startedAt: 'yesterday' }),
      bucket(free, { startedAt: '2026-01-01T10:00:00' }),
      bucket(new Date(now + 10 * 60_000)),
      bucket(new Date(now - 8 * DAY)),
      bucket(free, { averageLevel: 101, peakLevel: 101 }),
      bucket(free, { averageLevel: -1 }),
      bucket(free, { averageLevel: 60, peakLevel: 50 }),
      bucket(free, { monitoredMs: 10_001 }),
      bucket(free, { monitoredMs: 5_000, warningMs: 3_000, loudMs: 3_000 }),
      bucket(free, { loudMs: 1.5 }),
      bucket(free, { triggerCount: 1.5 }),
      bucket(free, { triggerCount: 101 }),
    ];
    const gym = await pairScreen(k, owner, { name: 'Gym' });
    const gymMeter = (await api('POST', BASE, { name: 'Gym', enabled: true, targetScope: 'screens', targetIds: [gym.screenId] })).body.data;
    for (let round = 0; round < 2; round++) {
      expect((await beat(gym, [...good, ...bad])).body.data.noiseHistory).to.deep.equal({ accepted: good.length + bad.length });
    }
    // The second one was put on the ten-second grid.
    expect((await stored(gym)).map((r: any) => [r.bucket_start.getTime(), r.average_level, r.instance_id])).to.deep.equal([
      [aligned.getTime(), 40, gymMeter.id],
      [aligned.getTime() + 10_000, 50, gymMeter.id],
    ]);
    expect((await beat(gym, [])).body.data.noiseHistory).to.deep.equal({ accepted: 0 });
    expect((await beat(kitchen, good)).body.data.noiseHistory, 'a screen no meter reaches').to.deep.equal({ accepted: 2 });
    expect(await stored(kitchen)).to.deep.equal([]);
    const plain = await playerCall(k, kitchen.credential, 'POST', '/api/v1/player/heartbeat', { noiseMeter: { status: 'inactive' } });
    expect(plain.body.data).to.deep.equal({ accepted: true });
    await api('DELETE', `${BASE}/${gymMeter.id}`);
    await k.db('noise_meter_history').where({ screen_id: gym.screenId }).delete();
  });

  it('records for the lowest-id meter running on the screen, and nothing while its history is off', async () => {
    const other = await api('POST', BASE, {
      name: 'Kitchen meter',
      enabled: true,
      targetScope: 'screens',
      targetIds: [kitchen.screenId],
      historyEnabled: false,
    });
    const start = new Date(Math.floor(Date.now() / 10_000) * 10_000 - 120_000);
    await beat(kitchen, [bucket(start)]);
    expect(await stored(kitchen)).to.deep.equal([]);
    const everywhere = await api('POST', BASE, { name: 'All', enabled: true, targetScope: 'all', targetIds: [] });
    await beat(kitchen, [bucket(at(start, 10_000))]);
    const rows = await stored(kitchen);
    const winner = [other.body.data, everywhere.body.data].sort((a, b) => (a.id < b.id ? -1 : 1))[0];
    expect(rows.map((r: any) => r.instance_id)).to.deep.equal(winner.historyEnabled ? [winner.id] : []);
    for (const m of [other, everywhere]) await api('DELETE', `${BASE}/${m.body.data.id}`);
    await k.db('noise_meter_history').where({ screen_id: kitchen.screenId }).delete();
  });

  it('summarises a range: weighted averages, bands, warning events, the longest loud run and the loudest 15 minutes', async () => {
    const res = await history('summary', `?range=yesterday&tz=UTC&screenId=${hall.screenId}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.deep.equal({
      range: { key: 'yesterday', from: yesterday.toISOString(), to: utcMidnight(0).toISOString() },
      buckets: 13,
      averageLevel: 66.15,
      peakLevel: 96,
      monitoredMs: 130_000,
      normalMs: 65_000,
      warningMs: 6_000,
      loudMs: 59_000,
      warningEvents: 2,
      longestLoudMs: 54_000,
      loudestWindowAt: at(yesterday, 10 * 3_600_000).toISOString(),
      loudestWindowLevel: 66.15,
      firstAt: at(yesterday, 10 * 3_600_000).toISOString(),
      lastAt: at(yesterday, 10 * 3_600_000 + 180_000).toISOString(),
    });
    const both = (await history('summary', '?range=7d&tz=UTC')).body.data;
    expect(both.buckets).to.equal(37);
    const empty = (await history('summary', '?range=today&tz=UTC')).body.data;
    expect(empty).to.include({ buckets: 0, averageLevel: null, peakLevel: null, monitoredMs: 0, longestLoudMs: 0, loudestWindowAt: null, firstAt: null });
  });

  it('draws a series at the range resolution, leaving unmeasured periods out', async () => {
    const res = (await history('series', `?range=yesterday&screenId=${hall.screenId}`)).body.data;
    expect(res.resolution).to.equal('minute');
    expect(res.points).to.deep.equal([
      { at: at(yesterday, 36_000_000).toISOString(), averageLevel: 40, peakLevel: 55, monitoredMs: 60_000, warningMs: 0, loudMs: 0, triggerCount: 0 },
      { at: at(yesterday, 36_060_000).toISOString(), averageLevel: 90, peakLevel: 96, monitoredMs: 60_000, warningMs: 6_000, loudMs: 54_000, triggerCount: 1 },
      { at: at(yesterday, 36_180_000).toISOString(), averageLevel: 80, peakLevel: 85, monitoredMs: 10_000, warningMs: 0, loudMs: 5_000, triggerCount: 1 },
    ]);
    expect((await history('series', '?range=7d&tz=UTC')).body.data.resolution).to.equal('fifteenMinutes');
    const hours = (await history('series', `?range=30d&tz=UTC&screenId=${lobby.screenId}`)).body.data;
    expect([hours.resolution, hours.points.length]).to.deep.equal(['hour', 24]);
  });

  it('lists the screens with history and compares days', async () => {
    const screens = (await history('screens', '?range=7d&tz=UTC')).body.data.items;
    expect(screens.map((s: any) => [s.name, s.buckets])).to.deep.equal([
      ['Hall', 13],
      ['Lobby, "main"', 24],
    ]);
    expect(screens[1]).to.include({ screenId: lobby.screenId, firstAt: yesterday.toISOString(), lastAt: at(yesterday, 23 * 3_600_000).toISOString() });
    const days = (await history('daily', `?range=7d&tz=UTC&screenId=${hall.screenId}`)).body.data.days;
    expect(days).to.deep.equal([
      {
        date: dateIn(yesterday, 'UTC'),
        averageLevel: 66.15,
        peakLevel: 96,
        monitoredMs: 130_000,
        warningMs: 6_000,
        loudMs: 59_000,
        warningEvents: 2,
        longestLoudMs: 54_000,
      },
    ]);
  });

  it('refuses bad ranges, granularities, time zones and screens it does not reach', async () => {
    for (const query of ['?range=week', '?tz=Not/AZone', '?tz=%3Bdrop', `?screenId=${kitchen.screenId}`, '?screenId=lobby']) {
      const res = await history('summary', query);
      expect(res.status, query).to.equal(422);
      expect(res.body.error.code, query).to.equal(query.includes(kitchen.screenId) ? 'screen_not_reached' : 'validation_failed');
    }
    expect((await csv('?granularity=hourly')).status).to.equal(422);
    expect((await api('GET', `${BASE}/${randomUUID()}/history/daily`)).body.error.code).to.equal('plugin_instance_not_found');
  });

  it('exports CSV by day in the asked time zone, by minute and raw, as a named attachment', async () => {
    for (const tz of ['UTC', 'America/New_York']) {
      const daily = await csv(`?range=7d&tz=${tz}&screenId=${lobby.screenId}&granularity=daily`);
      expect(daily.status).to.equal(200);
      expect(daily.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
      expect(daily.headers.get('content-disposition')).to.equal('attachment; filename="signage-noise-front-hall-2-7d-daily.csv"');
      expect(daily.lines[0]).to.equal('date,average_level,peak_level,monitored_minutes,warning_minutes,loud_minutes,warning_events,longest_loud_seconds');
      const perDate = new Map<string, number>();
      for (const b of lobbyBuckets) perDate.set(dateIn(new Date(b.startedAt), tz), (perDate.get(dateIn(new Date(b.startedAt), tz)) ?? 0) + 1);
      expect(
        daily.lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[3]]),
        tz,
      ).to.deep.equal([...perDate].map(([date, n]) => [date, ((n * 10) / 60).toFixed(1)]));
      expect(perDate.size, tz).to.equal(tz === 'UTC' ? 1 : 2);

      // "Yesterday" is a different day in New York: only the buckets of that local date.
      const raw = await csv(`?range=yesterday&tz=${tz}&screenId=${lobby.screenId}`);
      expect(raw.headers.get('content-disposition')).to.equal('attachment; filename="signage-noise-front-hall-2-yesterday-raw.csv"');
      expect(raw.lines[0]).to.equal('timestamp,screen,average_level,peak_level,monitored_seconds,warning_seconds,loud_seconds,warning_events');
      const localYesterday = dateIn(new Date(Date.parse(dateIn(new Date(), tz)) - DAY), 'UTC');
      const expected = lobbyBuckets.filter((b) => dateIn(new Date(b.startedAt), tz) === localYesterday);
      expect(raw.lines.slice(1), tz).to.deep.equal(
        expected.map((b) => `${b.startedAt.replace('.000Z', 'Z')},"Lobby, ""main""",${b.averageLevel.toFixed(1)},55.0,10.0,0.0,0.0,0`),
      );
    }
    const minute = await csv(`?range=yesterday&tz=UTC&screenId=${hall.screenId}&granularity=minute`);
    expect(minute.lines).to.deep.equal([
      'timestamp,average_level,peak_level,monitored_seconds,warning_seconds,loud_seconds,warning_events',
      `${at(yesterday, 36_000_000).toISOString().replace('.000Z', 'Z')},40.0,55.0,60.0,0.0,0.0,0`,
      `${at(yesterday, 36_060_000).toISOString().replace('.000Z', 'Z')},90.0,96.0,60.0,6.0,54.0,1`,
      `${at(yesterday, 36_180_000).toISOString().replace('.000Z', 'Z')},80.0,85.0,10.0,0.0,5.0,1`,
    ]);
    expect((await csv('?range=today&granularity=raw')).lines).to.have.length(1);
  });

  it('stops reading pages when the client goes away mid-download', async () => {
    const start = utcMidnight(-20);
    await k.db.raw(
      `INSERT INTO noise_meter_history SELECT ?, t, ?, 50, 60, 10000, 0, 0, 0 FROM generate_series(?::timestamptz, ?::timestamptz + interval '299990 seconds', interval '10 seconds') t`,
      [hall.screenId, meter.id, start, start],
    );
    const repo = k.containerOf('noise-meter').resolve<HistoryRepository>('historyRepository');
    const rawPage = repo.rawPage;
    let pages = 0;
    repo.rawPage = (...args) => {
      pages++;
      return rawPage.apply(repo, args);
    };
    try {
      const aborted = new AbortController();
      const res = await k.request(`${BASE}/${meter.id}/history/export.csv?range=30d&screenId=${hall.screenId}`, {
        headers: { cookie: owner.cookie },
        signal: aborted.signal,
      });
      await res.body!.getReader().read();
      aborted.abort();
      await new Promise((r) => setTimeout(r, 500));
      // 30,000 rows are six pages; the server stops after the ones already under way (none, when
      // the client leaves while only the header is out).
      expect(pages).to.be.within(0, 3);
    } finally {
      repo.rawPage = rawPage;
      await k.db('noise_meter_history').where({ screen_id: hall.screenId }).andWhere('bucket_start', '<', utcMidnight(-7)).delete();
    }
  });

  it('purges buckets past the retention of the meter that recorded them, and all of a deleted meter', async () => {
    const row = (screen: PairedScreen, daysAgo: number, instanceId = meter.id) => ({
      screen_id: screen.screenId,
      bucket_start: new Date(Math.floor(Date.now() / 10_000) * 10_000 - daysAgo * DAY),
      instance_id: instanceId,
      average_level: 30,
      peak_level: 40,
      monitored_ms: 10_000,
      warning_ms: 0,
      loud_ms: 0,
      trigger_count: 0,
    });
    await k.db('noise_meter_history').insert([row(hall, 10), row(hall, 3), row(kitchen, 1, randomUUID())]);
    const count = async () => Number((await k.db('noise_meter_history').count({ n: '*' }).first())!.n);
    const before = await count();
    const jobs = k.containerOf('noise-meter').resolve<JobQueue>('jobs');
    await jobs.send('noise-meter.purge-history', {});
    expect(await eventually(count, (n) => n === before - 2, 10_000)).to.equal(before - 2);
    expect((await stored(hall)).filter((r: any) => r.bucket_start < yesterday)).to.have.length(1);
  });
});
