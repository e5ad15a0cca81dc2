import type { BenchResult } from './support.js';

export type Outcome = { name: string; result: BenchResult } | { name: string; error: string };

const ratio = (n: number) => n.toFixed(2);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // First column reads as a label (left), the rest as figures (right), so digits line up.
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('   '), ...rows.map(line)].join('\n');
}

/** The human-readable block for one benchmark. */
export function formatOutcome(outcome: Outcome): string {
  if ('error' in outcome) return `== ${outcome.name}: CRASHED\n${outcome.error}\n`;
  const { setup, measurements, checks } = outcome.result;
  const figures = table(
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests'],
    measurements.map((m) => [m.label, Math.round(m.rps).toLocaleString('en-US'), String(m.p50Ms), String(m.p99Ms), m.requests.toLocaleString('en-US')]),
  );
  const verdicts = table(
    ['check', 'value', 'target', 'result'],
    checks.map((c) => [c.name, ratio(c.value), `>= ${ratio(c.target)}`, c.pass ? 'PASS' : 'FAIL']),
  );
  return `== ${outcome.name}: ${setup}\n\n${figures}\n\n${verdicts}\n`;
}

/** One line for collectors: grep '^BENCH ' and parse the rest. */
export function formatJsonLine(outcomes: Outcome[]): string {
  const results = Object.fromEntries(outcomes.map(({ name, ...rest }) => [name, rest]));
  // Three decimals is below the run-to-run noise; more only makes the line harder to read.
  const round = (_key: string, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1000) / 1000 : v);
  return `BENCH ${JSON.stringify({ node: process.version, at: new Date().toISOString(), results }, round)}`;
}
