import dayjs from 'dayjs';

/** The range presets: today, and the last 7, 30 or 365 days including today. */
export const PRESETS = ['today', '7d', '30d', 'year'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_DAYS: Record<Preset, number> = { today: 1, '7d': 7, '30d': 30, year: 365 };

/** What the proof-of-play table totals by: screens, library items or playlists (the server's presentations). */
export const DIMENSIONS = ['screen', 'content', 'presentation'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const VIEWS = ['plays', 'uptime', 'timeline'] as const;
export type View = (typeof VIEWS)[number];

export const UPTIME_WINDOWS = ['24h', '7d'] as const;
export type UptimeWindow = (typeof UPTIME_WINDOWS)[number];

/** Everything the reports page shows, as its address keeps it (so a link shows the same report). */
export interface ReportParams {
  view: View;
  preset: Preset | null;
  /** Local calendar days, inclusive, YYYY-MM-DD. */
  from: string;
  to: string;
  by: Dimension;
  screen: string | null;
  asset: string | null;
  playlist: string | null;
  window: UptimeWindow;
}

const DAY = 'YYYY-MM-DD';
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();
const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);
const uuid = (v: string | null) => (v && /^[0-9a-f-]{36}$/i.test(v) ? v : null);

/** The local days a preset covers, ending today. */
export function presetDays(preset: Preset, today = dayjs()): { from: string; to: string } {
  return { from: today.subtract(PRESET_DAYS[preset] - 1, 'day').format(DAY), to: today.format(DAY) };
}

/** Reads the address; anything missing or malformed falls back to the last 7 days by screen. */
export function readParams(search: URLSearchParams, today = dayjs()): ReportParams {
  const from = search.get('from');
  const to = search.get('to');
  const custom = isDay(from) && isDay(to) && from <= to;
  const preset = custom ? null : oneOf(PRESETS, search.get('range'), '7d');
  const days = custom ? { from, to } : presetDays(preset ?? '7d', today);
  return {
    view: oneOf(VIEWS, search.get('view'), 'plays'),
    preset,
    ...days,
    by: oneOf(DIMENSIONS, search.get('by'), 'screen'),
    screen: uuid(search.get('screen')),
    asset: uuid(search.get('asset')),
    playlist: uuid(search.get('playlist')),
    window: oneOf(UPTIME_WINDOWS, search.get('window'), '24h'),
  };
}

/** The address for these parameters; defaults are left out so links stay short. */
export function writeParams(p: ReportParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.view !== 'plays') out.set('view', p.view);
  if (p.preset) {
    if (p.preset !== '7d') out.set('range', p.preset);
  } else {
    out.set('from', p.from);
    out.set('to', p.to);
  }
  if (p.by !== 'screen') out.set('by', p.by);
  for (const key of ['screen', 'asset', 'playlist'] as const) {
    const value = p[key];
    if (value) out.set(key, value);
  }
  if (p.window !== '24h') out.set('window', p.window);
  return out;
}

/** The instants the server reads: from the first day's local midnight to the midnight after the last. */
export function rangeOf(p: Pick<ReportParams, 'from' | 'to'>): { from: string; to: string } {
  return { from: dayjs(p.from).startOf('day').toISOString(), to: dayjs(p.to).add(1, 'day').startOf('day').toISOString() };
}

/** Every UTC day the range touches, oldest first: the chart shows days without plays as zero. */
export function utcDays(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  const end = Date.parse(range.to);
  for (let at = Date.parse(range.from.slice(0, 10)); at < end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
