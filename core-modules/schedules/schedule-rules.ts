import { isTimeZone } from '../player/player.api.js';

export const MAX_SCHEDULES = 1000;
export const MAX_TARGETS = 250;

/** A schedule as the console sends it, after the JSON schema (types, formats, bounds) passed. */
export interface ScheduleInput {
  name: string;
  description?: string;
  playlistId?: string;
  layoutId?: string;
  displayAction?: { type: string; input?: string; volume?: number; brightness?: number };
  type: 'weekly' | 'one_time';
  timezone?: string;
  priority?: number;
  enabled?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  oneTimeStart?: string | null;
  oneTimeEnd?: string | null;
  dailyStart?: string | null;
  dailyEnd?: string | null;
  daysOfWeek?: number[] | null;
  targets: { type: 'screen' | 'group'; id: string }[];
}

export interface Issue {
  field: string;
  message: string;
}

/** The display actions a schedule may hold, as the reference's typed command registry has them (no probe). */
export const DISPLAY_ACTIONS = [
  'display_power_on',
  'display_power_off',
  'display_set_input',
  'display_set_volume',
  'display_mute',
  'display_unmute',
  'display_set_brightness',
];
const INPUT = /^[A-Za-z0-9._:-]{1,32}$/;

/** What is wrong with a display action (undefined when nothing): each type takes exactly its own field. */
export function displayActionProblem(action: { type: string; input?: string; volume?: number; brightness?: number }): string | undefined {
  const { type, input, volume, brightness } = action;
  if (typeof type !== 'string' || !DISPLAY_ACTIONS.includes(type)) return `type must be one of ${DISPLAY_ACTIONS.join(', ')}.`;
  const level = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100;
  const given = [input, volume, brightness].filter((v) => v !== undefined).length;
  if (type === 'display_set_input')
    return given === 1 && typeof input === 'string' && INPUT.test(input) ? undefined : 'display_set_input takes an input: 1–32 letters, digits or . _ : -.';
  if (type === 'display_set_volume') return given === 1 && level(volume) ? undefined : 'display_set_volume takes a volume from 0 to 100.';
  if (type === 'display_set_brightness') return given === 1 && level(brightness) ? undefined : 'display_set_brightness takes a brightness from 0 to 100.';
  return given === 0 ? undefined : `${type} takes no input, volume or brightness.`;
}

const realDate = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/**
 * What is wrong with a schedule taken as a whole (empty when nothing): what it plays, its zone,
 * its times for its type, and its targets. Pure; the service adds what needs the database.
 */
export function scheduleIssues(input: ScheduleInput): Issue[] {
  const issues: Issue[] = [];
  const add = (field: string, message: string) => issues.push({ field: `body/${field}`, message });
  const plays = [input.playlistId, input.layoutId, input.displayAction].filter((v) => v !== undefined).length;
  // Whether this server shows the content's kind (a layout needs the layouts module) is the kinds' to say.
  if (plays !== 1) add('playlistId', 'Give exactly one of playlistId, layoutId or displayAction.');
  else if (input.displayAction !== undefined) {
    const problem = displayActionProblem(input.displayAction);
    if (problem) add('displayAction', problem);
  }
  const zone = input.timezone ?? 'UTC';
  if (!(zone === 'UTC' || (zone.includes('/') && isTimeZone(zone)))) add('timezone', 'Use an IANA time zone such as Europe/Berlin, or UTC.');
  if (input.type === 'one_time') {
    const start = Date.parse(input.oneTimeStart ?? '');
    const end = Date.parse(input.oneTimeEnd ?? '');
    if (!input.oneTimeStart || !input.oneTimeEnd) add('oneTimeStart', 'A one-time schedule needs oneTimeStart and oneTimeEnd.');
    else if (!(end > start)) add('oneTimeEnd', 'oneTimeEnd must be after oneTimeStart.');
  } else {
    if (!input.dailyStart || !input.dailyEnd)
      add('dailyStart', 'A weekly schedule needs dailyStart and dailyEnd (HH:MM); an end at or before the start runs overnight.');
    if (!input.daysOfWeek?.length) add('daysOfWeek', 'A weekly schedule needs at least one day (0 is Sunday, 6 Saturday).');
    if (input.startDate && !realDate(input.startDate)) add('startDate', 'startDate is not a calendar date.');
    if (input.endDate && !realDate(input.endDate)) add('endDate', 'endDate is not a calendar date.');
    if (input.startDate && input.endDate && input.endDate < input.startDate) add('endDate', 'endDate must not precede startDate.');
  }
  if (!input.targets.length) add('targets', 'Target at least one screen or group.');
  const keys = input.targets.map((t) => `${t.type}:${t.id}`);
  if (new Set(keys).size !== keys.length) add('targets', 'A target is listed twice.');
  return issues;
}
