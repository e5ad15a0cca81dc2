/**
 * Benchmark suite: `npm run bench` runs all, `npm run bench -- healthz` only the named ones.
 * A missed target is a finding, not a failure: the exit code is non-zero only when a benchmark crashed.
 */
import { healthzBenchmark } from './healthz.bench.js';
import { formatJsonLine, formatOutcome, type Outcome } from './report.js';
import type { Benchmark } from './support.js';

// To add one: write bench/<name>.bench.ts exporting a Benchmark and list it here.
const BENCHMARKS: Benchmark[] = [healthzBenchmark];

// Everything is stopped by then; a process still alive later holds a leaked handle, which is a bug.
const EXIT_DEADLINE_MS = 15_000;

async function main(names: string[]): Promise<number> {
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`unknown benchmark: ${unknown.join(', ')} (available: ${BENCHMARKS.map((b) => b.name).join(', ')})`);
    return 2;
  }
  const chosen = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  const outcomes: Outcome[] = [];
  for (const bench of chosen) {
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

// Exiting (rather than dying on the signal) runs the embedded PostgreSQL's exit hook, so a
// Ctrl-C does not leave a postmaster behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

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
