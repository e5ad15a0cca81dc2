import type { BodyOf } from '../api/types';
import type { SchedulePlan } from './schedule-conflicts';
import type { Schedule } from './useSchedules';
import { instantOf, wallClock } from './zone-time';

export type ScheduleBody = BodyOf<'/api/v1/schedules', 'post'>;

/** The dialog's fields. One-time times are wall clock in the schedule's zone, as the date picker writes them. */
export interface ScheduleValues {
  name: string;
  description: string;
  playlistId: string | null;
  type: 'weekly' | 'one_time';
  daysOfWeek: string[];
  dailyStart: string;
  dailyEnd: string;
  oneTimeStart: string | null;
  oneTimeEnd: string | null;
  timezone: string;
  priority: number | string;
  enabled: boolean;
  screenIds: string[];
  groupIds: string[];
}

/** `YYYY-MM-DD HH:mm:ss`, the date picker's value, of an instant in a zone. */
export const pickerValue = (instant: number, zone: string) => new Date(wallClock(zone, instant)).toISOString().slice(0, 19).replace('T', ' ');
/** The instant a date picker's value means in a zone; NaN when it is empty. */
export const pickerInstant = (value: string | null, zone: string) => (value ? instantOf(zone, Date.parse(`${value.replace(' ', 'T')}Z`)) : Number.NaN);

export function emptyValues(timezone: string, prefill: Partial<ScheduleValues> = {}): ScheduleValues {
  return {
    name: '',
    description: '',
    playlistId: null,
    type: 'weekly',
    daysOfWeek: [],
    dailyStart: '09:00',
    dailyEnd: '17:00',
    oneTimeStart: null,
    oneTimeEnd: null,
    timezone,
    priority: 0,
    enabled: true,
    screenIds: [],
    groupIds: [],
    ...prefill,
  };
}

/** A stored schedule in the dialog: a one-time one also gets weekly fields and the other way round, so switching keeps its times. */
export function valuesOf(s: Schedule): ScheduleValues {
  const start = s.oneTimeStart ? Date.parse(s.oneTimeStart) : undefined;
  const end = s.oneTimeEnd ? Date.parse(s.oneTimeEnd) : undefined;
  return emptyValues(s.timezone, {
    name: s.name,
    description: s.description,
    playlistId: s.playlistId ?? null,
    type: s.type,
    daysOfWeek: s.daysOfWeek.map(String),
    ...(s.dailyStart && s.dailyEnd ? { dailyStart: s.dailyStart, dailyEnd: s.dailyEnd } : {}),
    ...(start !== undefined && end !== undefined ? { oneTimeStart: pickerValue(start, s.timezone), oneTimeEnd: pickerValue(end, s.timezone) } : {}),
    priority: s.priority,
    enabled: s.enabled,
    screenIds: s.targets.filter((t) => t.type === 'screen').map((t) => t.id),
    groupIds: s.targets.filter((t) => t.type === 'group').map((t) => t.id),
  });
}

const timesOf = (v: ScheduleValues) =>
  v.type === 'one_time'
    ? {
        oneTimeStart: new Date(pickerInstant(v.oneTimeStart, v.timezone)).toISOString(),
        oneTimeEnd: new Date(pickerInstant(v.oneTimeEnd, v.timezone)).toISOString(),
      }
    : { dailyStart: v.dailyStart, dailyEnd: v.dailyEnd, daysOfWeek: v.daysOfWeek.map(Number).sort((a, b) => a - b) };

/**
 * The whole schedule the dialog describes (the API then replaces a stored one with it). What the
 * dialog does not edit is carried over from `stored`: a layout or display action it plays unless a
 * playlist was picked, and a weekly date range.
 */
export function bodyOf(v: ScheduleValues, stored?: Schedule): ScheduleBody {
  const content = v.playlistId
    ? { playlistId: v.playlistId }
    : stored?.layoutId
      ? { layoutId: stored.layoutId }
      : stored?.displayAction
        ? { displayAction: stored.displayAction }
        : {};
  const range =
    v.type === 'weekly' && stored
      ? { ...(stored.startDate ? { startDate: stored.startDate } : {}), ...(stored.endDate ? { endDate: stored.endDate } : {}) }
      : {};
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    ...content,
    type: v.type,
    timezone: v.timezone,
    priority: Number(v.priority) || 0,
    enabled: v.enabled,
    ...timesOf(v),
    ...range,
    // Whole-schedule updates need daysOfWeek, empty for a one-time schedule.
    ...(v.type === 'one_time' ? { daysOfWeek: [] } : {}),
    targets: [...v.screenIds.map((id) => ({ type: 'screen' as const, id })), ...v.groupIds.map((id) => ({ type: 'group' as const, id }))],
  };
}

/** The dialog's schedule for the conflict check; incomplete times give no windows, so no conflicts. */
export function planOfValues(v: ScheduleValues, stored?: Schedule): SchedulePlan {
  const valid = v.type === 'weekly' || (Number.isFinite(pickerInstant(v.oneTimeStart, v.timezone)) && Number.isFinite(pickerInstant(v.oneTimeEnd, v.timezone)));
  const body = valid ? bodyOf(v, stored) : { ...bodyOf({ ...v, type: 'weekly', daysOfWeek: [] }, stored) };
  return {
    ...(stored ? { id: stored.id } : {}),
    name: body.name,
    enabled: v.enabled,
    priority: Number(v.priority) || 0,
    plays: Boolean(body.playlistId || body.layoutId),
    targets: body.targets,
    type: body.type,
    timezone: v.timezone,
    startDate: body.startDate ?? undefined,
    endDate: body.endDate ?? undefined,
    oneTimeStart: body.oneTimeStart ?? undefined,
    oneTimeEnd: body.oneTimeEnd ?? undefined,
    dailyStart: body.dailyStart ?? undefined,
    dailyEnd: body.dailyEnd ?? undefined,
    daysOfWeek: body.daysOfWeek ?? [],
  };
}
