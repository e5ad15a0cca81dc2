/**
 * Benchmark suite: `npm run bench` runs all, `npm run bench -- healthz` only the named ones.
 * A missed target is a finding, not a failure: the exit code is non-zero only when a benchmark crashed.
 */
import { constants } from 'node:os';
import { activityIngestBenchmark } from './activity-ingest.bench.js';
import { backupBenchmark } from './backup.bench.js';
import { browserPlayerLatencyBenchmark } from './browser-player-latency.bench.js';
import { browserPlayerMemoryBenchmark } from './browser-player-memory.bench.js';
import { campaignPublishBenchmark } from './campaign-publish.bench.js';
import { consoleBenchmark } from './console.bench.js';
import { feedParsingBenchmark } from './feed-parsing.bench.js';
import { gracefulStopBenchmark } from './graceful-stop.bench.js';
import { healthzBenchmark } from './healthz.bench.js';
import { integrationRowsBenchmark } from './integration-rows.bench.js';
import { jobTakeoverBenchmark } from './job-takeover.bench.js';
import { layoutsBenchmark } from './layouts.bench.js';
import { s3StorageBenchmark } from './s3-storage.bench.js';
import { sourceRefreshBenchmark } from './source-refresh.bench.js';
import { takeoversBenchmark } from './takeovers.bench.js';
import { heartbeatBenchmark } from './heartbeat.bench.js';
import { formatJsonLine, formatOutcome, type Outcome } from './report.js';
import { manifestBenchmark } from './manifest.bench.js';
import { mediaProcessingBenchmark } from './media-processing.bench.js';
import { noiseExportBenchmark } from './noise-export.bench.js';
import { playerSocketsBenchmark } from './player-sockets.bench.js';
import { previewDownloadBenchmark } from './preview-download.bench.js';
import { proofOfPlayBenchmark } from './proof-of-play.bench.js';
import { proofOfPlayReportBenchmark } from './proof-of-play-report.bench.js';
import { schedulePushBenchmark } from './schedule-push.bench.js';
import { schedulingBenchmark } from './scheduling.bench.js';
import { schedulesCalendarBenchmark } from './schedules-calendar.bench.js';
import { updateArtifactDownloadBenchmark } from './update-artifact-download.bench.js';
import { uploadIngestBenchmark } from './upload-ingest.bench.js';
import { variantDownloadBenchmark } from './variant-download.bench.js';
import { weatherAlertsBenchmark } from './weather-alerts.bench.js';
import { stopRunning, type Benchmark } from './support.js';

// To add one: write bench/<name>.bench.ts exporting a Benchmark and list it here.
const BENCHMARKS: Benchmark[] = [
  healthzBenchmark,
  uploadIngestBenchmark,
  previewDownloadBenchmark,
  heartbeatBenchmark,
  mediaProcessingBenchmark,
  manifestBenchmark,
  playerSocketsBenchmark,
  noiseExportBenchmark,
  variantDownloadBenchmark,
  activityIngestBenchmark,
  proofOfPlayBenchmark,
  schedulingBenchmark,
  schedulePushBenchmark,
  layoutsBenchmark,
  takeoversBenchmark,
  integrationRowsBenchmark,
  sourceRefreshBenchmark,
  feedParsingBenchmark,
  gracefulStopBenchmark,
  jobTakeoverBenchmark,
  consoleBenchmark,
  proofOfPlayReportBenchmark,
  weatherAlertsBenchmark,
  schedulesCalendarBenchmark,
  campaignPublishBenchmark,
  s3StorageBenchmark,
  updateArtifactDownloadBenchmark,
  backupBenchmark,
  browserPlayerLatencyBenchmark,
  browserPlayerMemoryBenchmark,
];

// Everything is stopped by then; a process still alive later holds a leaked handle, which is a bug.
const EXIT_DEADLINE_MS = 15_000;
// Long enough for the embedded PostgreSQL's own shutdown (it escalates to SIGQUIT after 20 s).
const INTERRUPT_DEADLINE_MS = 30_000;

async function main(names: string[]): Promise<number> {
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`unknown benchmark: ${unknown.join(', ')} (available: ${BENCHMARKS.map((b) => b.name).join(', ')})`);
    return 2;
  }
  const chosen = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  const outcomes: Outcome[] = [];
  for (const bench of chosen) {
    if (interrupted) break;
    console.log(`running ${bench.name} ...`);
    let outcome: Outcome;
    try {
      outcome = { name: bench.name, result: await bench.run() };
    } catch (err) {
      console.error(err);
      outcome = { name: bench.name, error: err instanceof Error ? err.message : String(err) };
    }
    outcomes.push(outcome);
    console.log(formatOutcome(outcome));
  }
  console.log(formatJsonLine(outcomes));
  return outcomes.some((o) => 'error' in o) ? 1 : 0;
}

// Ctrl-C mid-run: stop the kernel and database and remove the temp dir, bounded, then exit. A
// second Ctrl-C exits at once; the embedded PostgreSQL's exit hook still stops the postmaster.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  const code = 128 + constants.signals[signal];
  process.on(signal, () => {
    if (interrupted) process.exit(code);
    interrupted = true;
    console.error(`${signal}: stopping ...`);
    setTimeout(() => process.exit(code), INTERRUPT_DEADLINE_MS).unref();
    stopRunning()
      .catch((err: unknown) => console.error(err))
      .finally(() => process.exit(code));
  });
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err);
  process.exitCode = 1;
}
setTimeout(() => {
  console.error(`bench: still running ${EXIT_DEADLINE_MS / 1000} s after the last benchmark; something was not stopped`);
  process.exit(1);
}, EXIT_DEADLINE_MS).unref();
