import { type ScheduleTimes, windowsBetween } from './schedule-windows.js';
import { DAY_MS } from './zone-time.js';

/** What the conflict check reads of a schedule, stored or still in the dialog. */
export interface SchedulePlan extends ScheduleTimes {
  /** Absent for a schedule not saved yet. */
  id?: string;
  name: string;
  enabled: boolean;
  priority: number;
  /** Whether it names a playlist or a layout: display-control schedules decide the display, not what plays. */
  plays: boolean;
  targets: { type: 'screen' | 'group'; id: string; name?: string }[];
}

export interface Conflict {
  scheduleId: string;
  name: string;
  target: { type: 'screen' | 'group'; id: string; name?: string };
  /** The first overlap found, ms since the epoch. */
  start: number;
  end: number;
}

/**
 * The stored schedules a plan would tie with, computed here from the loaded schedules (no preview
 * round trip per keystroke). The server's resolver (playback-resolver.ts) orders the schedules
 * that hold by priority, then specificity (the screen itself before its group), then the window
 * that started later: two enabled schedules that play something, share a target (so are equally
 * specific there) and hold at once at the same priority are decided only by which started later,
 * which no one chose. Those are conflicts; a higher priority, or a schedule naming the screen over
 * its group's, is a decision and is not.
 */
export function conflictsOf(plan: SchedulePlan, stored: SchedulePlan[], from: number, to: number): Conflict[] {
  if (!plan.enabled || !plan.plays) return [];
  const mine = windowsBetween(plan, from, to);
  if (!mine.length) return [];
  const conflicts: Conflict[] = [];
  for (const other of stored) {
    if (!other.id || other.id === plan.id || !other.enabled || !other.plays || other.priority !== plan.priority) continue;
    const target = plan.targets.find((t) => other.targets.some((o) => o.type === t.type && o.id === t.id));
    if (!target) continue;
    const theirs = windowsBetween(other, from, to);
    const overlap = mine.flatMap((a) =>
      theirs.filter((b) => a.start < b.end && b.start < a.end).map((b) => ({ start: Math.max(a.start, b.start), end: Math.min(a.end, b.end) })),
    )[0];
    if (overlap)
      conflicts.push({
        scheduleId: other.id,
        name: other.name,
        target: other.targets.find((o) => o.type === target.type && o.id === target.id) ?? target,
        ...overlap,
      });
  }
  return conflicts;
}

/**
 * Where to look for ties: a week and a day from the week shown (every weekday, and an overnight
 * window reaching into it), or from a one-time plan's start; a date range that begins later moves it.
 */
export function conflictRange(plan: ScheduleTimes, weekStart: number): [number, number] {
  let from = weekStart;
  if (plan.type === 'one_time') from = Date.parse(plan.oneTimeStart ?? '') || weekStart;
  else if (plan.startDate && Date.parse(plan.startDate) > weekStart) from = Date.parse(plan.startDate);
  return [from - DAY_MS, from + 8 * DAY_MS];
}
