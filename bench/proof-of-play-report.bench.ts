import type { Browser } from 'playwright-core';
import type { ActivityDeps } from '../core-modules/activity/activity-deps.js';
import { launchChromium } from '../test/support/chromium.js';
import { ensureConsoleBuilt } from '../test/support/console-build.js';
import { percentile, scrollFrames, signedInContext } from './console.bench.js';
import { bootServer, enrollFleet, type OwnerSession, signInOwner } from './fleet.js';
import type { BenchResult, Benchmark, Check, Measurement } from './support.js';

// The fleet and history of the brief; a quick look: `BENCH_REPORT_SCREENS=50 npm run bench -- proof-of-play-report`.
const SCREENS = Number(process.env.BENCH_REPORT_SCREENS ?? 500);
const BASELINE_SCREENS = 10;
/** One play per screen every few hours: the page's cost is in its rows and days, not in the sessions behind them. */
const EVERY_HOURS = Number(process.env.BENCH_REPORT_EVERY_HOURS ?? 6);
const RENDER_BUDGET_MS = 3000;
/** One frame at 60 Hz, with the console benchmark's 5 % slack. */
const FRAME_BUDGET_MS = (1000 / 60) * 1.05;
const DAY_MS = 86_400_000;
/** Rows a page of the report's table shows (PAGE_ROWS of console/src/reports/PlayTable.tsx). */
const PAGE_ROWS = 50;

/** A year (or week) of plays for these screens, written by PostgreSQL itself: 20-second items of 10 playlists. */
async function generate(deps: ActivityDeps, screenIds: string[], days: number, end: number): Promise<void> {
  await deps.db.raw(
    `INSERT INTO playback_sessions (screen_id, activity_session_id, session_type, started_at, ended_at, expected_duration_ms, duration_ms,
       result, terminal_reason, interrupted, presentation_type, presentation_id, content_type, content_id)
     SELECT s.id, s.id || ':' || extract(epoch FROM t)::bigint, 'playlist_item', t, t + interval '20 seconds', 20000,
       CASE WHEN random() < 0.95 THEN 20000 ELSE 12000 END, 'completed', 'expected_item_boundary', false,
       'playlist', 'playlist-' || (s.n % 10), 'image', 'asset-' || ((s.n + extract(hour FROM t)::int) % 200)
     FROM generate_series(CAST(:from AS timestamptz), CAST(:to AS timestamptz), interval '${EVERY_HOURS} hours') t
       CROSS JOIN unnest(CAST(:screenIds AS uuid[])) WITH ORDINALITY s(id, n)`,
    { screenIds, from: new Date(end - days * DAY_MS), to: new Date(end - 60_000) },
  );
  await deps.db.raw('ANALYZE playback_sessions');
}

/** Opens the report over `range` and times it until every screen's row is there, then scrolls the page. */
async function measure(browser: Browser, url: string, owner: OwnerSession, range: string, rows: number) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await signedInContext(context, url, owner);
  const page = await context.newPage();
  // Generous: the machine may be shared; the figures say how long it took, a timeout only that it hung.
  page.setDefaultTimeout(120_000);
  page.setDefaultNavigationTimeout(120_000);
  // Once for the scripts in the cache, as a person who opens reports daily has them.
  await page.goto(`${url}/reports?range=today`);
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  const started = Date.now();
  await page.goto(`${url}/reports?${range}`);
  const table = page.getByRole('table', { name: 'Proof of play by Screen' });
  // The table's first page, and the pages for the rest (the page number of the last one).
  await table.getByRole('row').nth(Math.min(rows, PAGE_ROWS)).waitFor();
  if (rows > PAGE_ROWS)
    await page
      .getByRole('navigation', { name: 'Pages of the table' })
      .getByRole('button', { name: String(Math.ceil(rows / PAGE_ROWS)), exact: true })
      .waitFor();
  await page.getByRole('figure', { name: 'Plays per day (UTC)' }).locator('svg').first().waitFor();
  const renderMs = Date.now() - started;
  const frames = await scrollFrames(page);
  await context.close();
  return { renderMs, p95: percentile(frames, 95) };
}

async function run(): Promise<BenchResult> {
  ensureConsoleBuilt();
  const server = await bootServer();
  const browser = await launchChromium();
  try {
    const deps = server.kernel.containerOf('activity').cradle as ActivityDeps;
    const owner = await signInOwner(server);
    const end = Date.now();

    // The baseline first, alone in the database: a week of 10 screens.
    const few = (await enrollFleet(server, BASELINE_SCREENS)).map((s) => s.screenId);
    await generate(deps, few, 7, end);
    const baseline = await measure(browser, server.url, owner, 'range=7d', BASELINE_SCREENS);

    const rest = (await enrollFleet(server, SCREENS - BASELINE_SCREENS)).map((s) => s.screenId);
    const generating = performance.now();
    await generate(deps, [...few, ...rest], 365, end - 7 * DAY_MS);
    await generate(deps, rest, 7, end);
    const sessions = Number((await deps.db('playback_sessions').count({ n: '*' }).first())!.n);
    // The rollup the job keeps, as on a live install.
    while ((await deps.playbackRollup.run(end)) > 0);
    const setupSeconds = (performance.now() - generating) / 1000;
    const year = await measure(browser, server.url, owner, 'range=year', SCREENS);

    const row = (label: string, value: number): Measurement => ({ label, rps: 0, p50Ms: Math.round(value), p99Ms: Math.round(value), requests: 0 });
    const checks: Check[] = [
      { name: `year report shown within ${RENDER_BUDGET_MS} ms`, value: RENDER_BUDGET_MS / year.renderMs, target: 1, pass: year.renderMs <= RENDER_BUDGET_MS },
      { name: 'year report p95 frame within 16.7 ms', value: FRAME_BUDGET_MS / year.p95, target: 1, pass: year.p95 <= FRAME_BUDGET_MS },
    ];
    return {
      setup:
        `the whole server; ${SCREENS} screens × 365 days, one play per screen every ${EVERY_HOURS} h (${sessions.toLocaleString('en-US')} sessions, ` +
        `generated and rolled up in ${setupSeconds.toFixed(0)} s); Chromium ${browser.version()}; figures in the p50/p99 columns are single values in ms`,
      measurements: [
        row(`baseline: a week of ${BASELINE_SCREENS} screens, shown (ms)`, baseline.renderMs),
        row(`baseline: a week of ${BASELINE_SCREENS} screens, scrolling p95 frame (ms)`, baseline.p95),
        row(`a year of ${SCREENS} screens, shown (ms; ${(year.renderMs / baseline.renderMs).toFixed(1)}x the baseline)`, year.renderMs),
        row(`a year of ${SCREENS} screens, scrolling p95 frame (ms; ${(year.p95 / baseline.p95).toFixed(2)}x the baseline)`, year.p95),
      ],
      checks,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const proofOfPlayReportBenchmark: Benchmark = { name: 'proof-of-play-report', run };
