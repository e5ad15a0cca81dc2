import type { SelectionSource } from '../seams.js';
import type { Manifest, ManifestDisplayAction, ManifestLayout, ManifestPlaylist, ManifestSchedule, ManifestTakeover } from '../wire/manifest.js';
import { clockMs, DAY_MS, dateOf, dayOf, instantOf, knownZone, wallClock, weekdayOf } from './local-time.js';

/**
 * What plays at an instant, decided from the manifest alone (so it holds offline), with the
 * reference players' precedence: a takeover, then a quick presentation, then the schedules that hold
 * (priority, then specificity, then the later start, then id), then the screen's own content, then
 * the direct fallbacks. Pure: no DOM, no clock but the `now` it is given.
 */

/** When a schedule holds: `start` included, `end` excluded (ms since the epoch). */
export interface Window {
  start: number;
  end: number;
}

/** One candidate for the screen, with the content it would play. */
export interface ContentChoice {
  source: SelectionSource;
  playlist?: ManifestPlaylist;
  layout?: ManifestLayout;
  scheduleId?: string;
  takeoverId?: string;
  overrideId?: string;
  /** Start of the window the choice holds in (undefined for content that always holds). */
  since?: number;
}

export interface Selection {
  /**
   * Every candidate that holds now, in precedence order: the first is the decision; the player
   * moves down the list only when a choice has nothing it can show, never leaving the screen blank.
   */
  choices: ContentChoice[];
  /** The next instant at which the answer can change (a window's start or end), if one is known. */
  nextChangeAt?: number;
}

/** A display-control schedule that holds now. */
export interface DisplayPolicy {
  action?: ManifestDisplayAction;
  scheduleId?: string;
  nextChangeAt?: number;
}

/**
 * The schedule's windows that overlap `[from, to)`, in start order. A weekly window belongs to the
 * day it starts on (weekday and date bounds are that day's, in the schedule's zone), so a window
 * crossing midnight runs on past the last allowed day; an end at or before the start crosses
 * midnight. Weekly schedules name their days (no days, no windows), as the server sends them.
 */
export function scheduleWindows(rule: ManifestSchedule, from: number, to: number): Window[] {
  if (rule.type === 'one_time') {
    const start = Date.parse(rule.oneTimeStart ?? '');
    const end = Date.parse(rule.oneTimeEnd ?? '');
    return end > start && end > from && start < to ? [{ start, end }] : [];
  }
  const startClock = clockMs(rule.dailyStart);
  const endClock = clockMs(rule.dailyEnd);
  if (rule.type !== 'weekly' || startClock === undefined || endClock === undefined || !knownZone(rule.timezone)) return [];
  const days = new Set(rule.daysOfWeek ?? []);
  const overnight = endClock <= startClock;
  const windows: Window[] = [];
  const last = dayOf(wallClock(rule.timezone, to));
  // From the day before `from`: yesterday's overnight window may still hold.
  for (let day = dayOf(wallClock(rule.timezone, from)) - DAY_MS; day <= last; day += DAY_MS) {
    const date = dateOf(day);
    if (!days.has(weekdayOf(day)) || (rule.startDate && date < rule.startDate) || (rule.endDate && date > rule.endDate)) continue;
    const start = instantOf(rule.timezone, day + startClock, 'start');
    const end = instantOf(rule.timezone, day + (overnight ? DAY_MS : 0) + endClock, 'end');
    // A window a DST change swallowed (end not after start) does not exist.
    if (end > start && end > from && start < to) windows.push({ start, end });
  }
  return windows;
}

/** The takeover the manifest carries, under either of its names. */
export const manifestTakeover = (m: Manifest): ManifestTakeover | undefined => m.takeover ?? m.emergency;

export function findPlaylist(m: Manifest, id: string | undefined): ManifestPlaylist | undefined {
  if (!id) return undefined;
  return [m.playlist, m.directFallbackPlaylist, ...(m.playlists ?? [])].find((p) => p?.id === id) ?? undefined;
}

export function findLayout(m: Manifest, id: string | undefined): ManifestLayout | undefined {
  if (!id) return undefined;
  return [m.layout, m.directFallbackLayout, ...(m.layouts ?? [])].find((l) => l?.id === id);
}

// Windows are looked at from a day back (an overnight window may hold) to a week ahead (the next change).
const LOOK_BACK_MS = DAY_MS;
const LOOK_AHEAD_MS = 8 * DAY_MS;

interface Held {
  rule: ManifestSchedule;
  window: Window;
}

function scheduleScan(rules: ManifestSchedule[], now: number): { holding: Held[]; changes: number[] } {
  const holding: Held[] = [];
  const changes: number[] = [];
  for (const rule of rules) {
    for (const window of scheduleWindows(rule, now - LOOK_BACK_MS, now + LOOK_AHEAD_MS)) {
      if (window.start <= now && now < window.end) holding.push({ rule, window });
      changes.push(window.start, window.end);
    }
  }
  holding.sort(
    (a, b) =>
      b.rule.priority - a.rule.priority || b.rule.specificity - a.rule.specificity || b.window.start - a.window.start || a.rule.id.localeCompare(b.rule.id),
  );
  return { holding, changes };
}

const earliestAfter = (now: number, instants: number[]): number | undefined => {
  const future = instants.filter((t) => Number.isFinite(t) && t > now);
  return future.length ? Math.min(...future) : undefined;
};

const holds = (start: number, end: number, now: number) => Number.isFinite(start) && start <= now && now < end;

/** What the screen plays at `now`, and when that can next change. */
export function selectContent(m: Manifest, now: number): Selection {
  const choices: ContentChoice[] = [];
  const changes: number[] = [];
  const add = (c: ContentChoice) => {
    if (c.playlist || c.layout) choices.push(c);
  };

  const takeover = manifestTakeover(m);
  if (takeover) {
    const start = Date.parse(takeover.activatedAt);
    const end = Date.parse(takeover.expiresAt);
    changes.push(start, end);
    if (holds(start, end, now)) add({ source: 'takeover', playlist: findPlaylist(m, takeover.playlistId), takeoverId: takeover.id, since: start });
  }

  const override = m.presentationOverride;
  if (override) {
    const start = Date.parse(override.startedAt);
    const end = override.expiresAt ? Date.parse(override.expiresAt) : Number.POSITIVE_INFINITY;
    changes.push(start, end);
    if (holds(start, end, now)) {
      // An asset plays as the one-item playlist the server lists; older manifests name only the content.
      const playlistId = override.playlistId ?? (override.contentType === 'playlist' ? override.contentId : undefined);
      const layoutId = override.layoutId ?? (override.contentType === 'layout' ? override.contentId : undefined);
      add({ source: 'quick_present', playlist: findPlaylist(m, playlistId), layout: findLayout(m, layoutId), overrideId: override.id, since: start });
    }
  }

  const content = (m.schedules ?? []).filter((s) => s.playlistId || s.layoutId);
  const { holding, changes: scheduleChanges } = scheduleScan(content, now);
  changes.push(...scheduleChanges);
  for (const { rule, window } of holding) {
    add({ source: 'schedule', playlist: findPlaylist(m, rule.playlistId), layout: findLayout(m, rule.layoutId), scheduleId: rule.id, since: window.start });
  }

  if (m.playlist) add({ source: 'direct', playlist: m.playlist });
  else if (m.layout) add({ source: 'direct', layout: m.layout });
  if (m.directFallbackPlaylist && m.directFallbackPlaylist.id !== m.playlist?.id) add({ source: 'direct', playlist: m.directFallbackPlaylist });
  if (m.directFallbackLayout && m.directFallbackLayout.id !== m.layout?.id) add({ source: 'direct', layout: m.directFallbackLayout });

  return { choices, nextChangeAt: earliestAfter(now, changes) };
}

/** The display-control schedule holding at `now` (same windows and precedence as content schedules). */
export function displayPolicy(m: Manifest, now: number): DisplayPolicy {
  const rules = (m.schedules ?? []).filter((s) => s.displayAction);
  const { holding, changes } = scheduleScan(rules, now);
  const winner = holding[0];
  return { action: winner?.rule.displayAction, scheduleId: winner?.rule.id, nextChangeAt: earliestAfter(now, changes) };
}
