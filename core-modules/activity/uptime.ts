import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Stamp, Uuid } from '../../kernel/http/wire.js';
import type { ActivityBaseDeps } from './activity-base-deps.js';
import type { ReportedSeconds } from './uptime.repository.js';

/**
 * Fleet uptime from what players report: each telemetry sample covers the seconds since the one
 * before, so the seconds a screen reported are seconds it was up (impaired when playback stalled or
 * the output was black), and the time since its first report in the window that no report covers
 * is down. Before a screen's first report the time is unknown, not down: a screen paired an hour ago
 * was not down all day. The last minutes are left unjudged, as their samples may still be on the way.
 */
const WINDOWS = {
  '24h': { bucketSeconds: 3_600, buckets: 24, label: 'Last 24 hours' },
  '7d': { bucketSeconds: 6 * 3_600, buckets: 28, label: 'Last 7 days' },
} as const;
export type UptimeWindow = keyof typeof WINDOWS;
export const UPTIME_WINDOWS = Object.keys(WINDOWS) as UptimeWindow[];

/** How long after a moment its samples may still arrive (players send one a minute). */
export const REPORTING_GRACE_MS = 3 * 60_000;
/** Unreported seconds in a bucket up to this are jitter between samples, not downtime. */
const GAP_TOLERANCE_SECONDS = 120;
/** The screens listed, worst first. */
const SCREEN_LIST_LIMIT = 100;

const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Seconds = Type.Integer({ minimum: 0 });
const BucketState = Type.Union([Type.Literal('up'), Type.Literal('impaired'), Type.Literal('down'), Type.Literal('unknown')]);

export const UptimeReportSchema = Type.Object({
  range: Type.Object({ from: Stamp, to: Stamp }),
  window: Type.Union(UPTIME_WINDOWS.map((w) => Type.Literal(w))),
  windowLabel: Type.String(),
  bucketSeconds: Seconds,
  screensTracked: Seconds,
  screensWithDowntime: Seconds,
  screensUnmeasured: Type.Integer({ minimum: 0, description: 'Screens that reported nothing in the window; left out of the percentages.' }),
  trackedSeconds: Seconds,
  upSeconds: Seconds,
  impairedSeconds: Seconds,
  downSeconds: Seconds,
  uptimePercent: Nullable(Percent),
  previousUptimePercent: Nullable(Percent),
  buckets: Type.Array(
    Type.Object({
      start: Stamp,
      upPercent: Percent,
      impairedPercent: Percent,
      downPercent: Percent,
      unknownPercent: Percent,
      uptimePercent: Nullable(Percent),
      screensDown: Seconds,
    }),
  ),
  screens: Type.Array(
    Type.Object({
      screenId: Uuid,
      screenName: Type.String(),
      uptimePercent: Nullable(Percent),
      trackedSeconds: Seconds,
      upSeconds: Seconds,
      impairedSeconds: Seconds,
      downSeconds: Seconds,
      buckets: Type.Array(BucketState),
    }),
    { description: `The ${SCREEN_LIST_LIMIT} screens with the worst uptime, unmeasured ones last.` },
  ),
});
export type UptimeReport = Static<typeof UptimeReportSchema>;

interface Split {
  up: number;
  impaired: number;
  down: number;
}

const round = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 100) / 100;
const share = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);
const ratio = (up: number, covered: number) => (covered > 0 ? round((up / covered) * 100) : null);
const stateOf = (s: Split) => (s.down > 0 ? 'down' : s.impaired > 0 ? 'impaired' : s.up > 0 ? 'up' : 'unknown');

/**
 * Splits each screen's report buckets into up, impaired and down seconds. `judgedUntil` ends what is
 * judged (now less the grace); a bucket's reported seconds are capped at its judged span.
 */
export function splitBuckets(rows: ReportedSeconds[], from: number, bucketMs: number, count: number, judgedUntil: number): Map<string, Split[]> {
  const first = new Map<string, number>();
  for (const r of rows) first.set(r.screenId, Math.min(first.get(r.screenId) ?? Number.POSITIVE_INFINITY, r.firstAt.getTime()));
  const out = new Map<string, Split[]>();
  const byKey = new Map(rows.map((r) => [`${r.screenId}/${r.bucket}`, r]));
  for (const [screenId, since] of first) {
    const splits: Split[] = [];
    out.set(screenId, splits);
    for (let n = 0; n < count; n++) {
      const start = Math.max(from + n * bucketMs, since);
      const judged = Math.max(0, (Math.min(from + (n + 1) * bucketMs, judgedUntil) - start) / 1000);
      const r = byKey.get(`${screenId}/${n}`);
      const reported = Math.min(r?.reported ?? 0, judged);
      const impaired = Math.min(r?.impaired ?? 0, reported);
      // Samples a few seconds apart leave slack that is not an outage: only a longer gap is down.
      const unreported = judged - reported;
      splits.push({ up: reported - impaired, impaired, down: unreported > GAP_TOLERANCE_SECONDS ? unreported : 0 });
    }
  }
  return out;
}

type Deps = Pick<ActivityBaseDeps, 'uptimeRepository' | 'screensService'>;

export class UptimeService {
  constructor(private readonly d: Deps) {}

  async report(window: UptimeWindow, now = Date.now()): Promise<UptimeReport> {
    const spec = WINDOWS[window];
    const bucketMs = spec.bucketSeconds * 1000;
    // Aligned buckets: repeated requests within one bucket answer the same series, the newest partial.
    const from = Math.floor(now / bucketMs) * bucketMs - (spec.buckets - 1) * bucketMs;
    const judgedUntil = now - REPORTING_GRACE_MS;
    const [all, rows, previousRows] = await Promise.all([
      this.d.screensService.ids(),
      this.d.uptimeRepository.reported(new Date(from), new Date(now), spec.bucketSeconds, new Date(judgedUntil)),
      this.d.uptimeRepository.reported(new Date(from - (now - from)), new Date(from), (now - from) / 1000, new Date(from)),
    ]);
    // Disabled screens and revoked players are left out: their downtime is an administrator's choice, not a fault.
    const tracked = (await this.d.screensService.controlFacts(all)).filter((s) => s.enabled && s.hasActiveCredential);
    const ids = tracked.map((s) => s.id);
    const names = new Map(tracked.map((s) => [s.id, s.name]));
    const splits = splitBuckets(rows, from, bucketMs, spec.buckets, judgedUntil);
    const spans = Array.from({ length: spec.buckets }, (_, n) => (Math.min(from + (n + 1) * bucketMs, now) - (from + n * bucketMs)) / 1000);

    const screens: UptimeReport['screens'] = [];
    const fleet = spans.map(() => ({ up: 0, impaired: 0, down: 0, tracked: 0, screensDown: 0 }));
    // The fleet's percent from the same unrounded seconds as each screen's: with one screen they agree.
    const measured = { up: 0, impaired: 0, down: 0 };
    for (const id of ids) {
      const own = splits.get(id);
      const total = { up: 0, impaired: 0, down: 0 };
      spans.forEach((span, n) => {
        const s = own?.[n] ?? { up: 0, impaired: 0, down: 0 };
        const f = fleet[n]!;
        f.up += s.up;
        f.impaired += s.impaired;
        f.down += s.down;
        f.tracked += span;
        if (s.down > 0) f.screensDown++;
        total.up += s.up;
        total.impaired += s.impaired;
        total.down += s.down;
      });
      measured.up += total.up;
      measured.impaired += total.impaired;
      measured.down += total.down;
      screens.push({
        screenId: id,
        screenName: names.get(id) ?? '',
        uptimePercent: ratio(total.up, total.up + total.impaired + total.down),
        trackedSeconds: Math.round(spans.reduce((a, b) => a + b, 0)),
        upSeconds: Math.round(total.up),
        impairedSeconds: Math.round(total.impaired),
        downSeconds: Math.round(total.down),
        buckets: spans.map((_, n) => stateOf(own?.[n] ?? { up: 0, impaired: 0, down: 0 })),
      });
    }
    const sum = (k: 'upSeconds' | 'impairedSeconds' | 'downSeconds' | 'trackedSeconds') => screens.reduce((a, s) => a + s[k], 0);
    const [up, impaired, down] = [sum('upSeconds'), sum('impairedSeconds'), sum('downSeconds')];
    const previous = [...splitBuckets(previousRows, from - (now - from), now - from, 1, from).values()].map((s) => s[0]!);
    const previousUp = previous.reduce((a, s) => a + s.up, 0);
    const previousCovered = previous.reduce((a, s) => a + s.up + s.impaired + s.down, 0);
    // Measured screens first, worst uptime first, then the longest down.
    screens.sort(
      (a, b) =>
        Number(a.uptimePercent === null) - Number(b.uptimePercent === null) ||
        (a.uptimePercent ?? 0) - (b.uptimePercent ?? 0) ||
        b.downSeconds - a.downSeconds ||
        a.screenName.localeCompare(b.screenName),
    );
    return {
      range: { from: new Date(from).toISOString(), to: new Date(now).toISOString() },
      window,
      windowLabel: spec.label,
      bucketSeconds: spec.bucketSeconds,
      screensTracked: screens.length,
      screensWithDowntime: screens.filter((s) => s.downSeconds > 0).length,
      screensUnmeasured: screens.filter((s) => s.uptimePercent === null).length,
      trackedSeconds: sum('trackedSeconds'),
      upSeconds: up,
      impairedSeconds: impaired,
      downSeconds: down,
      uptimePercent: ratio(measured.up, measured.up + measured.impaired + measured.down),
      previousUptimePercent: ratio(previousUp, previousCovered),
      buckets: fleet.map((f, n) => ({
        start: new Date(from + n * bucketMs).toISOString(),
        upPercent: share(f.up, f.tracked),
        impairedPercent: share(f.impaired, f.tracked),
        downPercent: share(f.down, f.tracked),
        unknownPercent: share(f.tracked - f.up - f.impaired - f.down, f.tracked),
        uptimePercent: ratio(f.up, f.up + f.impaired + f.down),
        screensDown: f.screensDown,
      })),
      screens: screens.slice(0, SCREEN_LIST_LIMIT),
    };
  }
}
