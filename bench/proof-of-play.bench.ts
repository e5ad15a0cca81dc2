import type { ActivityDeps } from '../core-modules/activity/activity-deps.js';
import { bootServer, enrollFleet, signInOwner } from './fleet.js';
import { streamCsv, type BenchResult, type Benchmark, type Check, type Measurement } from './support.js';

// The fleet and history the summary target is set for; smaller runs for a quick look:
// `BENCH_POP_DAYS=3 npm run bench -- proof-of-play`.
const SCREENS = Number(process.env.BENCH_POP_SCREENS ?? 500);
const DAYS = Number(process.env.BENCH_POP_DAYS ?? 30);
/** One event every 10 s per screen: a 20-second item is a start and an end. */
const ITEM_SECONDS = 20;
const SUMMARY_RUNS = 15;
const SUMMARY_P50_BUDGET_MS = 500;
const RSS_BUDGET_MB = 100;
const DAY_MS = 86_400_000;

/**
 * The sessions players would have reported, written by PostgreSQL itself one day per statement,
 * two at a time, in time order: per screen a 20-second item after another (mostly completed, some
 * partial, failed, skipped or interrupted) from one of 10 playlists of 20 library items, and an
 * hourly presentation around them.
 */
async function generate(deps: ActivityDeps, screenIds: string[], end: number): Promise<number> {
  const started = performance.now();
  const day = (d: number) =>
    deps.db.raw(
      `INSERT INTO playback_sessions (screen_id, location_id, activity_session_id, parent_activity_session_id, session_type, started_at, ended_at,
         expected_duration_ms, duration_ms, result, terminal_reason, interrupted, presentation_type, presentation_id, content_type, content_id)
       SELECT s.id, NULL, s.n || ':' || k.type || ':' || extract(epoch FROM t)::bigint, s.n || ':presentation:' || extract(epoch FROM date_trunc('hour', t))::bigint, k.type, t, t + k.len,
         k.expected, extract(epoch FROM k.len)::bigint * 1000, o.result, o.reason, o.reason = 'player_restart', 'playlist',
         'playlist-' || (s.n % 10), CASE WHEN k.type = 'playlist_item' THEN 'image' END,
         CASE WHEN k.type = 'playlist_item' THEN 'asset-' || ((s.n % 10) * 20 + (extract(epoch FROM t)::bigint / ${ITEM_SECONDS}) % 20) END
       FROM generate_series(CAST(:from AS timestamptz), CAST(:to AS timestamptz), interval '${ITEM_SECONDS} seconds') t
         CROSS JOIN unnest(CAST(:screenIds AS uuid[])) WITH ORDINALITY s(id, n)
         CROSS JOIN LATERAL (SELECT random() AS r) x
         CROSS JOIN LATERAL (SELECT CASE WHEN x.r < 0.95 THEN 'completed' WHEN x.r < 0.97 THEN 'partial' WHEN x.r < 0.98 THEN 'failed' ELSE 'skipped' END AS result,
                                    CASE WHEN x.r < 0.95 THEN 'expected_item_boundary' WHEN x.r < 0.97 THEN 'player_restart' WHEN x.r < 0.98 THEN 'decoder_failure' ELSE 'manual_skip' END AS reason) o
         CROSS JOIN LATERAL (SELECT 'playlist_item' AS type, interval '${ITEM_SECONDS} seconds' AS len, ${ITEM_SECONDS * 1000} AS expected
                             UNION ALL SELECT 'presentation', interval '1 hour', NULL WHERE extract(epoch FROM t)::bigint % 3600 = 0) k
       ORDER BY t`,
      { screenIds, from: new Date(end - (d + 1) * DAY_MS), to: new Date(end - d * DAY_MS - ITEM_SECONDS * 1000) },
    );
  const days = Array.from({ length: DAYS }, (_, d) => DAYS - 1 - d);
  await Promise.all(
    [0, 1].map(async () => {
      for (let d = days.shift(); d !== undefined; d = days.shift()) await day(d);
    }),
  );
  await deps.db.raw('ANALYZE playback_sessions');
  return (performance.now() - started) / 1000;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

async function run(): Promise<BenchResult> {
  const server = await bootServer();
  try {
    const deps = server.kernel.containerOf('activity').cradle as ActivityDeps;
    const { cookie } = await signInOwner(server);
    const screens = (await enrollFleet(server, SCREENS)).map((s) => s.screenId);
    const end = Math.floor(Date.now() / DAY_MS) * DAY_MS; // whole UTC days, so the last is complete
    const generateSeconds = await generate(deps, screens, end);
    const sessions = Number((await deps.db('playback_sessions').count({ n: '*' }).first())!.n);

    // The rollup the job keeps; a live install has it, a few minutes behind.
    const rollStarted = performance.now();
    while ((await deps.playbackRollup.run(end)) > 0);
    const rollSeconds = (performance.now() - rollStarted) / 1000;

    // A month in the console's own zone (not whole UTC days): whole days, hourly edges and a live tail.
    const from = new Date(end - DAYS * DAY_MS + 3_600_000).toISOString();
    const to = new Date(end + 3_600_000).toISOString();
    const summaries: Record<string, number[]> = {};
    for (const groupBy of ['screen', 'content']) {
      const url = `${server.url}/api/v1/activity/proof-of-play/summary?groupBy=${groupBy}&from=${from}&to=${to}`;
      await timed(url, cookie); // warm-up
      summaries[groupBy] = [];
      for (let i = 0; i < SUMMARY_RUNS; i++) summaries[groupBy]!.push(await timed(url, cookie));
    }
    const p50s = Object.fromEntries(Object.entries(summaries).map(([k, v]) => [k, percentile(v, 0.5)]));
    const measurements: Measurement[] = Object.entries(summaries).map(([groupBy, v]) => ({
      label: `summary by ${groupBy}, ${DAYS} days (runs/s in req/s)`,
      rps: 1000 / (v.reduce((a, b) => a + b, 0) / v.length),
      p50Ms: Math.round(percentile(v, 0.5)),
      p99Ms: Math.round(Math.max(...v)),
      requests: v.length,
    }));

    // A day of the whole fleet as CSV, streamed.
    const day = new Date(end - DAY_MS).toISOString().slice(0, 10);
    const csv = await streamCsv(`${server.url}/api/v1/activity/proof-of-play/export.csv?date=${day}&tz=UTC`, cookie);
    measurements.push({
      label: `CSV export of one day (${csv.rows.toLocaleString('en-US')} rows/s in req/s; RSS +${csv.rssGrowthMb.toFixed(0)} MB)`,
      rps: csv.rows / csv.seconds,
      p50Ms: Math.round(csv.firstByteMs),
      p99Ms: Math.round(csv.seconds * 1000),
      requests: csv.rows,
    });

    const checks: Check[] = [
      ...Object.entries(p50s).map(([groupBy, p50]) => ({
        name: `${SUMMARY_P50_BUDGET_MS} ms / summary p50 by ${groupBy} (${p50.toFixed(0)} ms)`,
        value: SUMMARY_P50_BUDGET_MS / p50,
        target: 1,
        pass: p50 < SUMMARY_P50_BUDGET_MS,
      })),
      {
        name: `${RSS_BUDGET_MB} MB / CSV RSS growth (${csv.rssGrowthMb.toFixed(1)} MB)`,
        value: RSS_BUDGET_MB / Math.max(csv.rssGrowthMb, 1),
        target: 1,
        pass: csv.rssGrowthMb < RSS_BUDGET_MB,
      },
    ];
    return {
      setup: `${SCREENS} screens × ${DAYS} days, one event per 10 s (${sessions.toLocaleString('en-US')} sessions, generated in ${generateSeconds.toFixed(0)} s, rolled up in ${rollSeconds.toFixed(0)} s); summaries over ${DAYS} days not aligned to UTC days; the CSV is one UTC day of the fleet`,
      measurements,
      checks,
    };
  } finally {
    await server.stop();
  }
}

export const proofOfPlayBenchmark: Benchmark = { name: 'proof-of-play', run };
