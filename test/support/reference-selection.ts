/**
 * What a stock reference player plays from a manifest at an instant, restated as facts from the
 * players' selection rule (tilecast-03/-04: takeover > quick present > schedule winner > the direct
 * or group fallback > nothing), independently of this server's resolver, so a test can hold the
 * server's word (`POST /schedules/preview`) against what a player would do with the manifest.
 */
export interface Selection {
  source: 'takeover' | 'quick_present' | 'schedule' | 'direct' | 'none';
  playlistId: string | null;
  scheduleId: string | null;
  takeoverId: string | null;
}

interface Schedule {
  id: string;
  playlistId?: string | null;
  layoutId?: string | null;
  type: string;
  timezone: string;
  priority: number;
  specificity: number;
  startDate?: string | null;
  endDate?: string | null;
  oneTimeStart?: string | null;
  oneTimeEnd?: string | null;
  dailyStart?: string | null;
  dailyEnd?: string | null;
  daysOfWeek?: number[] | null;
}

const DAY = 86_400_000;

// The zone's wall clock at an instant, as minutes since the epoch read as UTC.
function wallMinutes(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) / 60_000;
}

// The instant a wall-clock time in the zone names (two passes settle the zone's offset; the DST
// edge cases the players handle are the schedule tests' business, not this check's).
function instantOf(zone: string, wallUtcMs: number): number {
  let at = wallUtcMs;
  for (let i = 0; i < 2; i++) at = wallUtcMs - (wallMinutes(zone, at) * 60_000 - Math.floor(at / 60_000) * 60_000);
  return at;
}

const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3_600_000 + Number(hhmm.slice(3, 5)) * 60_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A schedule's windows from the day before the zone's today to eight days on, as the players compute them. */
function windows(s: Schedule, at: number): { start: number; end: number }[] {
  if (s.type === 'one_time') {
    const start = Date.parse(s.oneTimeStart ?? '');
    const end = Date.parse(s.oneTimeEnd ?? '');
    return end > start ? [{ start, end }] : [];
  }
  if (s.type !== 'weekly' || !s.dailyStart || !s.dailyEnd) return [];
  const today = Math.floor((wallMinutes(s.timezone, at) * 60_000) / DAY) * DAY;
  const overnight = clock(s.dailyEnd) <= clock(s.dailyStart);
  const result: { start: number; end: number }[] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const origin = today + offset * DAY;
    // Bounds and weekday belong to the day a window starts on.
    if (!(s.daysOfWeek ?? []).includes(new Date(origin).getUTCDay())) continue;
    if ((s.startDate && dateOf(origin) < s.startDate) || (s.endDate && dateOf(origin) > s.endDate)) continue;
    const start = instantOf(s.timezone, origin + clock(s.dailyStart));
    const end = instantOf(s.timezone, origin + (overnight ? DAY : 0) + clock(s.dailyEnd));
    if (end > start) result.push({ start, end });
  }
  return result;
}

/** What the reference players play from `manifest` at `at` (ms). */
export function referenceSelection(manifest: any, at: number): Selection {
  const none = { playlistId: null, scheduleId: null, takeoverId: null };
  const takeover = manifest.takeover ?? manifest.emergency ?? null;
  if (takeover && Date.parse(takeover.activatedAt) <= at && at < Date.parse(takeover.expiresAt)) {
    return { ...none, source: 'takeover', playlistId: takeover.playlistId, takeoverId: takeover.id };
  }
  const override = manifest.presentationOverride ?? null;
  if (override && Date.parse(override.startedAt) <= at && at < (override.expiresAt ? Date.parse(override.expiresAt) : Number.POSITIVE_INFINITY)) {
    return { ...none, source: 'quick_present', playlistId: override.playlistId ?? (override.contentType === 'playlist' ? override.contentId : null) };
  }
  const holding = (manifest.schedules as Schedule[])
    .filter((s) => s.playlistId || s.layoutId)
    .flatMap((schedule) => windows(schedule, at).map((w) => ({ schedule, ...w })))
    .filter((w) => w.start <= at && at < w.end)
    .sort(
      (a, b) =>
        b.schedule.priority - a.schedule.priority ||
        b.schedule.specificity - a.schedule.specificity ||
        b.start - a.start ||
        a.schedule.id.localeCompare(b.schedule.id),
    );
  const winner = holding[0];
  if (winner) return { ...none, source: 'schedule', playlistId: winner.schedule.playlistId ?? null, scheduleId: winner.schedule.id };
  const direct = manifest.playlist ?? manifest.directFallbackPlaylist;
  return direct ? { ...none, source: 'direct', playlistId: direct.id } : { ...none, source: 'none' };
}
