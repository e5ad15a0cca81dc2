import { CloneType, Type, type Static } from '@sinclair/typebox';
import { invalidInput } from '../../kernel/errors.js';
import { Stamp } from '../../kernel/http/wire.js';
import type { ActivityBaseDeps } from './activity-base-deps.js';
import { REPORTING_GRACE_MS, splitBuckets } from './uptime.js';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;
/** Impairment counts as current while reported in the last two rollups. */
const IMPAIRED_RECENT_MS = 10 * 60_000;

export const OverviewQuery = Type.Object({
  from: Type.Optional(CloneType(Stamp, { description: 'Default 24 hours before `to`.' })),
  to: Type.Optional(CloneType(Stamp, { description: 'Default now.' })),
});

const Count = Type.Integer({ minimum: 0 });

export const OverviewSchema = Type.Object({
  range: Type.Object({ from: Stamp, to: Stamp }),
  cards: Type.Object({
    screensWithReportingGaps: Type.Integer({ minimum: 0, description: 'Screens whose telemetry went unreported for minutes in the range.' }),
    confirmedScreenPlaybackMs: Type.Integer({ minimum: 0, description: 'Wall-clock screen time: root presentation sessions inside the range.' }),
    contentExposureMs: Type.Integer({ minimum: 0, description: 'Child content sessions inside the range; may exceed wall clock across zones.' }),
    playbackFailures: Count,
    interruptedPlays: Type.Integer({ minimum: 0, description: 'Sessions that ended unexpectedly (a restart, a renderer failure), not at a boundary.' }),
    takeoverActivations: Count,
    failedPlayerUpdates: Count,
    recentAdministrativeChanges: Type.Integer({ minimum: 0, description: 'Changes made from the console (audit log).' }),
  }),
  fleet: Type.Object(
    {
      measured: Count,
      online: Type.Integer({ minimum: 0, description: 'Reachable now; overlaps healthy and impaired.' }),
      healthy: Count,
      impaired: Count,
      offline: Count,
      unmeasured: Type.Integer({ minimum: 0, description: 'Heard from in the last 15 minutes but not the last 2: neither up nor down yet.' }),
    },
    { description: 'Now, not over the range. healthy + impaired + offline + unmeasured = measured (enabled screens with a credential).' },
  ),
  timeline: Type.Array(
    Type.Object({
      id: Type.String(),
      timestamp: Stamp,
      domain: Type.Union([Type.Literal('screen'), Type.Literal('audit')]),
      severity: Type.String(),
      description: Type.String(),
      screenId: Type.Optional(Type.String()),
      resourceId: Type.Optional(Type.String()),
    }),
  ),
});
export type Overview = Static<typeof OverviewSchema>;

type Deps = Pick<ActivityBaseDeps, 'overviewRepository' | 'uptimeRepository' | 'screensService'>;

const spaced = (type: string) => type.replaceAll('.', ' ').replaceAll('_', ' ');

/** The activity page's first view: counts over a range, the fleet now, and what happened lately. */
export class ActivityOverview {
  constructor(private readonly d: Deps) {}

  async read(q: Static<typeof OverviewQuery>, now = Date.now()): Promise<Overview> {
    const to = q.to ? new Date(q.to) : new Date(now);
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
    if (from >= to) throw invalidInput('invalid_range', '`from` must be before `to`.', 'query/from');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
      throw invalidInput('invalid_range', `A range covers at most ${MAX_RANGE_DAYS} days.`, 'query/to');
    const span = to.getTime() - from.getTime();
    const judgedUntil = Math.min(to.getTime(), now - REPORTING_GRACE_MS);
    const [counts, reported, timeline, statuses, impaired] = await Promise.all([
      this.d.overviewRepository.counts(from, to),
      this.d.uptimeRepository.reported(from, to, span / 1000, new Date(judgedUntil)),
      this.d.overviewRepository.timeline(from, to),
      this.d.screensService.statusCounts(),
      this.d.overviewRepository.impairedSince(new Date(now - IMPAIRED_RECENT_MS)),
    ]);
    const gaps = [...splitBuckets(reported, from.getTime(), span, 1, judgedUntil).values()];
    const names = await this.d.screensService.namesOf([...new Set(timeline.flatMap((t) => (t.screen_id ? [t.screen_id] : [])))]);
    const reachable = statuses.online + statuses.recent;
    const impairedNow = Math.min(impaired, reachable);
    return {
      range: { from: from.toISOString(), to: to.toISOString() },
      cards: { screensWithReportingGaps: gaps.filter((s) => s[0]!.down > 0).length, ...counts },
      fleet: {
        measured: statuses.total - statuses.disabled - statuses.revoked,
        online: reachable,
        healthy: reachable - impairedNow,
        impaired: impairedNow,
        offline: statuses.offline,
        unmeasured: statuses.stale,
      },
      timeline: timeline.map((t) => ({
        id: t.id,
        timestamp: new Date(t.at).toISOString(),
        domain: t.domain,
        severity: t.severity,
        description: t.screen_id ? `${names.get(t.screen_id) ?? 'A removed screen'} · ${spaced(t.type)}` : spaced(t.type),
        ...(t.screen_id && { screenId: t.screen_id }),
        ...(t.resource_id && { resourceId: t.resource_id }),
      })),
    };
  }
}
