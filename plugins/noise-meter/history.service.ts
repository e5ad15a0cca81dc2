import { invalidInput } from '../../kernel/errors.js';
import type { HistoryFilter } from './history.repository.js';
import { canonicalTimeZone } from '../../kernel/time-zone.js';
import { isoOrNull } from '../../kernel/http/wire.js';
import type { NoiseMeterBaseDeps } from './noise-meter-base-deps.js';

/** Each range: days before today, days after it (both from local midnight), and the series resolution. */
export const RANGES = {
  today: { back: 0, ahead: 1, resolution: 'minute' },
  yesterday: { back: 1, ahead: 0, resolution: 'minute' },
  '7d': { back: 6, ahead: 1, resolution: 'fifteenMinutes' },
  '30d': { back: 29, ahead: 1, resolution: 'hour' },
} as const;
export type RangeKey = keyof typeof RANGES;
const WIDTHS = { minute: '1 minute', fifteenMinutes: '15 minutes', hour: '1 hour' } as const;

export interface HistoryQuery {
  range?: RangeKey;
  tz?: string;
  screenId?: string;
}

export interface ScopedQuery {
  key: RangeKey;
  name: string;
  filter: HistoryFilter;
}

type Deps = Pick<NoiseMeterBaseDeps, 'instanceService' | 'historyRepository' | 'screenTargets' | 'screensService'>;

/**
 * History reads for one meter: the buckets it recorded on the screens it reaches now (or on one of
 * them), in a range of whole days of the asked time zone (default the meter's own).
 */
export class HistoryService {
  constructor(private readonly d: Deps) {}

  async scoped(instanceId: string, q: HistoryQuery): Promise<ScopedQuery> {
    const meter = await this.d.instanceService.get(instanceId);
    const tz = q.tz === undefined ? meter.scheduleTimezone : canonicalTimeZone(q.tz);
    if (!tz) throw invalidInput('validation_failed', 'tz must be an IANA time zone such as Europe/Berlin.', 'query/tz');
    const reached = await this.d.screenTargets.screensOf(meter);
    if (q.screenId !== undefined && !reached.includes(q.screenId)) {
      throw invalidInput('screen_not_reached', 'This noise meter does not reach that screen.', 'query/screenId');
    }
    const key = q.range ?? 'today';
    const { from, to } = await this.d.historyRepository.range(tz, RANGES[key].back, RANGES[key].ahead);
    return { key, name: meter.name, filter: { instanceId, screenIds: q.screenId ? [q.screenId] : reached, from, to, tz } };
  }

  static rangeView({ key, filter }: ScopedQuery) {
    return { key, from: filter.from.toISOString(), to: filter.to.toISOString() };
  }

  async summary(instanceId: string, q: HistoryQuery) {
    const scoped = await this.scoped(instanceId, q);
    const repo = this.d.historyRepository;
    const [totals, longestLoudMs, loudest] = await Promise.all([
      repo.summary(scoped.filter),
      repo.longestLoudMs(scoped.filter),
      repo.loudestWindow(scoped.filter),
    ]);
    const { buckets, averageLevel, peakLevel, monitoredMs, warningMs, loudMs, triggerCount, firstAt, lastAt } = totals;
    return {
      range: HistoryService.rangeView(scoped),
      buckets,
      averageLevel,
      peakLevel,
      monitoredMs,
      normalMs: Math.max(0, monitoredMs - warningMs - loudMs),
      warningMs,
      loudMs,
      warningEvents: triggerCount,
      longestLoudMs,
      loudestWindowAt: isoOrNull(loudest?.at),
      loudestWindowLevel: loudest?.level ?? null,
      firstAt: isoOrNull(firstAt),
      lastAt: isoOrNull(lastAt),
    };
  }

  async series(instanceId: string, q: HistoryQuery) {
    const scoped = await this.scoped(instanceId, q);
    const resolution = RANGES[scoped.key].resolution;
    const points = await this.d.historyRepository.series(scoped.filter, WIDTHS[resolution]);
    return { range: HistoryService.rangeView(scoped), resolution, points: points.map((p) => ({ ...p, at: p.at.toISOString() })) };
  }

  async daily(instanceId: string, q: HistoryQuery) {
    const scoped = await this.scoped(instanceId, q);
    const days = await this.d.historyRepository.daily(scoped.filter);
    return { range: HistoryService.rangeView(scoped), days: days.map(({ triggerCount, ...day }) => ({ ...day, warningEvents: triggerCount })) };
  }

  /** The reached screens that hold history in the range, by name. */
  async screens(instanceId: string, q: HistoryQuery) {
    const { filter } = await this.scoped(instanceId, q);
    const rows = await this.d.historyRepository.screens(filter);
    const names = await this.d.screensService.namesOf(rows.map((r) => r.screenId));
    const items = rows.map((r) => ({
      screenId: r.screenId,
      name: names.get(r.screenId) ?? '',
      buckets: r.buckets,
      firstAt: r.firstAt.toISOString(),
      lastAt: r.lastAt.toISOString(),
    }));
    return { items: items.sort((a, b) => a.name.localeCompare(b.name) || a.screenId.localeCompare(b.screenId)) };
  }
}
