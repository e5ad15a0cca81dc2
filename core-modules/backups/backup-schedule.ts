import { clockMs, DAY_MS, instantOf, wallClock, weekdayOf } from '../../kernel/local-time.js';
import type { SettingDefinition, SettingValue } from '../settings/settings.api.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export const SCHEDULE_KEYS = [
  'backups.schedule_enabled',
  'backups.schedule_frequency',
  'backups.schedule_day',
  'backups.schedule_time',
  'backups.schedule_timezone',
  'backups.retention_max_count',
  'backups.retention_max_age_days',
] as const;

export const backupSettings: SettingDefinition[] = [
  {
    key: 'backups.schedule_enabled',
    category: 'backups',
    type: 'boolean',
    default: false,
    title: 'Scheduled backups',
    description: 'Back up the database and every stored file on a schedule.',
  },
  {
    key: 'backups.schedule_frequency',
    category: 'backups',
    type: 'enum',
    default: 'daily',
    allowed: ['daily', 'weekly'],
    title: 'Backup frequency',
    description: 'Every day, or once a week.',
  },
  {
    key: 'backups.schedule_day',
    category: 'backups',
    type: 'enum',
    default: 'sunday',
    allowed: WEEKDAYS,
    title: 'Backup day',
    description: 'The day of a weekly backup.',
  },
  {
    key: 'backups.schedule_time',
    category: 'backups',
    type: 'local_time',
    default: '02:30',
    title: 'Backup time',
    description: 'When on its day a scheduled backup starts.',
  },
  {
    key: 'backups.schedule_timezone',
    category: 'backups',
    type: 'timezone',
    default: 'UTC',
    title: 'Backup time zone',
    description: 'The zone of the backup time.',
  },
  {
    key: 'backups.retention_max_count',
    category: 'backups',
    type: 'integer',
    default: 7,
    min: 1,
    max: 365,
    title: 'Scheduled backups to keep',
    description: 'Older scheduled backups beyond this many are deleted after each scheduled backup; the last complete backup never is.',
  },
  {
    key: 'backups.retention_max_age_days',
    category: 'backups',
    type: 'integer',
    default: 90,
    min: 1,
    max: 3650,
    title: 'Maximum scheduled backup age (days)',
    description: 'Scheduled backups older than this are deleted after each scheduled backup; the last complete backup never is.',
  },
];

export interface Schedule {
  enabled: boolean;
  weekday?: number;
  time: string;
  timeZone: string;
  maxCount: number;
  maxAgeDays: number;
}

export function scheduleOf(values: Record<string, SettingValue>): Schedule {
  const weekly = values['backups.schedule_frequency'] === 'weekly';
  return {
    enabled: values['backups.schedule_enabled'] === true,
    ...(weekly ? { weekday: WEEKDAYS.indexOf(values['backups.schedule_day'] as (typeof WEEKDAYS)[number]) } : {}),
    time: String(values['backups.schedule_time']),
    timeZone: String(values['backups.schedule_timezone']),
    maxCount: Number(values['backups.retention_max_count']),
    maxAgeDays: Number(values['backups.retention_max_age_days']),
  };
}

/** The first scheduled moment strictly after `after` (ms), in the schedule's zone. */
export function nextRunAfter(schedule: Schedule, after: number): number {
  const today = Math.floor(wallClock(schedule.timeZone, after) / DAY_MS) * DAY_MS;
  for (let day = 0; day <= 8; day++) {
    const wall = today + day * DAY_MS + clockMs(schedule.time);
    if (schedule.weekday !== undefined && weekdayOf(wall) !== schedule.weekday) continue;
    const at = instantOf(schedule.timeZone, wall, 'start');
    if (at > after) return at;
  }
  throw new Error('no scheduled moment within eight days');
}
