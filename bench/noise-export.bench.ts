import { coreModules } from '../core-modules/index.js';
import type { PluginInstallations } from '../kernel/plugin-installations.js';
import { optionalPlugins } from '../plugins/index.js';
import type { HistoryRepository } from '../plugins/noise-meter/history.repository.js';
import { noiseMeterPluginWith } from '../plugins/noise-meter/noise-meter.plugin.js';
import type { NoiseMeterDeps } from '../plugins/noise-meter/noise-meter-deps.js';
import { enrollFleet } from './fleet.js';
import { bootKernel, streamCsv, type BenchKernel, type BenchResult, type Benchmark, type Check, type Measurement, type Streamed } from './support.js';

const SCREENS = 50;
const DAYS = 30;
const RAW_CAP = 500_000;
/** Growth of the server process's RSS while one export streams (client in the same process, so included). */
const RSS_BUDGET_MB = 100;

/**
 * The real plugin, with its export limits held here: the capped export runs as shipped, then the
 * cap is lifted so one download streams the whole month (13M rows) and shows whether memory stays flat.
 */
const limits = { rawRows: RAW_CAP };
const noiseMeter = noiseMeterPluginWith(limits);
const plugins = [...coreModules, ...optionalPlugins.filter((p) => p.name !== noiseMeter.name), noiseMeter];

async function owner(base: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/api/v1/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationName: 'Bench', ownerName: 'Bench Owner', username: 'bench', password: 'a long bench password' }),
  });
  const cookie = /signage_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  const body = (await res.json()) as { data: { csrfToken: string } };
  if (res.status !== 201 || !cookie) throw new Error(`setting up the owner failed: ${res.status}`);
  return { cookie, csrf: body.data.csrfToken };
}

/**
 * 30 days of ten-second buckets per screen, written by PostgreSQL itself one day per statement,
 * two at a time. In time order, so both indexes grow at a few hot pages; screen by screen spread
 * the (instance, time, screen) index inserts over all of it and took 2.5 times as long.
 */
async function generate(deps: NoiseMeterDeps, screenIds: string[], instanceId: string): Promise<number> {
  const started = performance.now();
  const end = Math.floor(Date.now() / 10_000) * 10_000 - 10_000;
  const day = (d: number) =>
    deps.db.raw(
      `INSERT INTO noise_meter_history (screen_id, bucket_start, instance_id, average_level, peak_level, monitored_ms, warning_ms, loud_ms, trigger_count)
       SELECT s.id, t, :instanceId, l.level, least(100, l.level + 8), 10000,
         CASE WHEN l.level >= 60 THEN 4000 ELSE 0 END, CASE WHEN l.level >= 80 THEN 3000 ELSE 0 END, CASE WHEN l.level >= 85 THEN 1 ELSE 0 END
       FROM generate_series(CAST(:from AS timestamptz), CAST(:to AS timestamptz), interval '10 seconds') t
         CROSS JOIN unnest(CAST(:screenIds AS uuid[])) s(id),
         LATERAL (SELECT round((40 + 25 * sin(extract(epoch FROM t) / 3600) + random() * 30)::numeric, 1)::real AS level) l
       ORDER BY t`,
      { instanceId, screenIds, from: new Date(end - (d + 1) * 86_400_000 + 10_000), to: new Date(end - d * 86_400_000) },
    );
  const days = Array.from({ length: DAYS }, (_, d) => DAYS - 1 - d);
  await Promise.all(
    [0, 1].map(async () => {
      for (let d = days.shift(); d !== undefined; d = days.shift()) await day(d);
    }),
  );
  await deps.db.raw('ANALYZE noise_meter_history');
  return (performance.now() - started) / 1000;
}

const measurement = (label: string, s: Streamed): Measurement => ({
  label: `${label}: ${s.rows.toLocaleString('en-US')} rows, RSS +${s.rssGrowthMb.toFixed(0)} MB`,
  rps: s.rows / s.seconds,
  p50Ms: Math.round(s.firstByteMs),
  p99Ms: Math.round(s.seconds * 1000),
  requests: s.rows,
});
const rssCheck = (label: string, s: Streamed): Check => {
  const value = RSS_BUDGET_MB / Math.max(s.rssGrowthMb, 1);
  return { name: `${label}: ${RSS_BUDGET_MB} MB budget / RSS growth ${s.rssGrowthMb.toFixed(1)} MB`, value, target: 1, pass: value >= 1 };
};

async function run(): Promise<BenchResult> {
  const server: BenchKernel = await bootKernel(plugins);
  try {
    await server.kernel.containerOf('kernel').resolve<PluginInstallations>('pluginInstallations').install('noise-meter');
    const deps = server.kernel.containerOf('noise-meter').cradle as NoiseMeterDeps;
    const session = await owner(server.url);
    const screens = (await enrollFleet(server, SCREENS)).map((s) => s.screenId);
    const created = await fetch(`${server.url}/api/v1/plugins/noise-meter/instances`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
      body: JSON.stringify({ name: 'Bench hall', enabled: true, targetScope: 'all', targetIds: [], historyRetentionDays: 30 }),
    });
    const meter = ((await created.json()) as { data: { id: string } }).data;
    const generateSeconds = await generate(deps, screens, meter.id);
    const total = Number((await deps.db('noise_meter_history').count({ n: '*' }).first())!.n);

    const base = `${server.url}/api/v1/plugins/noise-meter/instances/${meter.id}/history/export.csv?range=30d&tz=UTC`;
    const scoped = await deps.historyService.scoped(meter.id, { range: '30d', tz: 'UTC' });
    const expected = Number((await deps.db('noise_meter_history').where('bucket_start', '>=', scoped.filter.from).count({ n: '*' }).first())!.n);

    // The floor: the same keyset pages read straight from the repository, no CSV and no HTTP.
    const repo: HistoryRepository = deps.historyRepository;
    const floorStarted = performance.now();
    let after: { at: Date; screenId: string } | undefined;
    for (let read = 0; read < RAW_CAP; ) {
      const rows = await repo.rawPage(scoped.filter, after, Math.min(5_000, RAW_CAP - read));
      read += rows.length;
      after = { at: new Date(rows.at(-1)!.startMs), screenId: rows.at(-1)!.screenId };
    }
    const floorSeconds = (performance.now() - floorStarted) / 1000;

    const capped = await streamCsv(`${base}&granularity=raw`, session.cookie);
    if (capped.rows !== RAW_CAP) throw new Error(`the capped raw export has ${capped.rows} rows`);
    limits.rawRows = Number.MAX_SAFE_INTEGER;
    const whole = await streamCsv(`${base}&granularity=raw`, session.cookie);
    const minute = await streamCsv(`${base}&granularity=minute`, session.cookie);
    if (whole.rows !== expected) throw new Error(`the raw export has ${whole.rows} rows, the range ${expected}`);
    if (minute.rows < DAYS * 1_400) throw new Error(`the minute export has only ${minute.rows} rows`);

    return {
      setup:
        `${total.toLocaleString('en-US')} ten-second buckets (${SCREENS} screens × ${DAYS} days) generated by generate_series in ${generateSeconds.toFixed(0)} s; ` +
        `GET …/history/export.csv?range=30d, one download at a time, client in the server's process. req/s is rows/s, p50 ms is time to first byte, ` +
        `p99 ms the whole download, requests the rows; "repository pages" reads the first ${RAW_CAP.toLocaleString('en-US')} rows with no CSV or HTTP`,
      measurements: [
        { label: 'repository pages only (floor)', rps: RAW_CAP / floorSeconds, p50Ms: 0, p99Ms: Math.round(floorSeconds * 1000), requests: RAW_CAP },
        measurement(`raw, first ${RAW_CAP.toLocaleString('en-US')} rows`, capped),
        measurement('raw, whole month (cap lifted)', whole),
        measurement(`minute, whole month (${Math.round(expected / minute.seconds).toLocaleString('en-US')} source rows/s)`, minute),
      ],
      checks: [rssCheck('raw whole month', whole), rssCheck('minute', minute)],
    };
  } finally {
    await server.stop();
  }
}

export const noiseExportBenchmark: Benchmark = { name: 'noise-export', run };
