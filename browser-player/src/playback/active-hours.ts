import type { PlayerConfig } from '../wire/config.js';
import { scheduleWindows } from './schedule.js';

/**
 * The screen's active hours (the config's `power` section): outside them the screen rests. The
 * window is a weekly one read like a schedule's (its zone, the ISO weekdays it may start on, an end
 * at or before the start running past midnight), so DST and overnight rules are the schedules'.
 */
export function activeHours(power: Partial<PlayerConfig['power']> | undefined, now: number): { active: boolean; nextChangeAt?: number } {
  if (!power?.activeHoursEnabled) return { active: true };
  const rule = {
    id: 'active-hours',
    type: 'weekly' as const,
    timezone: power.activeHoursTimezone || 'UTC',
    priority: 0,
    specificity: 0,
    dailyStart: power.activeHoursStart,
    dailyEnd: power.activeHoursEnd,
    // ISO weekdays (1 = Monday … 7 = Sunday) as the schedules count them (0 = Sunday).
    daysOfWeek: (power.activeHoursDays ?? []).map((d) => d % 7),
  };
  const windows = scheduleWindows(rule, now - 86_400_000, now + 8 * 86_400_000);
  const edges = windows.flatMap((w) => [w.start, w.end]).filter((t) => t > now);
  return {
    active: windows.some((w) => w.start <= now && now < w.end),
    ...(edges.length ? { nextChangeAt: Math.min(...edges) } : {}),
  };
}
