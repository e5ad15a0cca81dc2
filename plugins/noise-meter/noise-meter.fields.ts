import { canonicalTimeZone } from '../../kernel/time-zone.js';
import { Type } from '@sinclair/typebox';
import type { ValidationIssue } from '../../kernel/errors.js';

export const RETENTION_DAYS = [1, 3, 7, 14, 30] as const;
const HH_MM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const int = (minimum: number, maximum: number, description: string) => Type.Optional(Type.Integer({ minimum, maximum, description }));

/**
 * The noise meter's own fields. All optional: what is left out gets the documented default in the
 * service (never through ajv), so a minimal body and the console's full form store the same meter.
 */
export const noiseMeterFields = {
  message: Type.Optional(Type.String({ maxLength: 120, description: 'Shown in the bar while the room is too loud. Default empty.' })),
  warningLevel: int(1, 99, 'Relative level (0–100, not dB) where the warning starts; below loudLevel. Default 60.'),
  loudLevel: int(2, 100, 'Relative level where the room counts as too loud. Default 80.'),
  sensitivity: int(25, 300, 'Percent applied to the microphone signal before it is scaled. Default 100.'),
  triggerHoldMs: int(100, 10_000, 'How long the level must stay loud before the bar shows. Default 1000.'),
  clearHoldMs: int(500, 30_000, 'How long it must stay below before the bar goes. Default 3000.'),
  displayMode: Type.Optional(Type.Union([Type.Literal('overlay'), Type.Literal('push')], { description: 'Default overlay.' })),
  heightPx: int(40, 320, 'Bar height. Default 96.'),
  historyEnabled: Type.Optional(Type.Boolean({ description: 'Players report ten-second aggregates (never audio). Default true.' })),
  historyRetentionDays: Type.Optional(
    Type.Union(
      RETENTION_DAYS.map((d) => Type.Literal(d)),
      { description: 'Days history is kept. Default 7.' },
    ),
  ),
  historyActiveHoursOnly: Type.Optional(Type.Boolean({ description: 'Measure only inside the display window. Default true.' })),
  scheduleEnabled: Type.Optional(Type.Boolean({ description: 'Show the bar only inside the display window. Default false.' })),
  scheduleDaysOfWeek: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      maxItems: 7,
      uniqueItems: true,
      description: 'Sunday is 0. At least one day when scheduleEnabled.',
    }),
  ),
  scheduleStartTime: Type.Optional(Type.String({ pattern: HH_MM, description: 'HH:MM; an end before the start is an overnight window.' })),
  scheduleEndTime: Type.Optional(Type.String({ pattern: HH_MM, description: 'HH:MM, different from the start.' })),
  scheduleTimezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone of the window and of history days. Default UTC.' })),
};

export interface NoiseMeterSettings {
  message: string;
  warningLevel: number;
  loudLevel: number;
  sensitivity: number;
  triggerHoldMs: number;
  clearHoldMs: number;
  displayMode: 'overlay' | 'push';
  heightPx: number;
  historyEnabled: boolean;
  historyRetentionDays: (typeof RETENTION_DAYS)[number];
  historyActiveHoursOnly: boolean;
  scheduleEnabled: boolean;
  scheduleDaysOfWeek: number[];
  scheduleStartTime?: string;
  scheduleEndTime?: string;
  scheduleTimezone: string;
}

/** Applied by the instance kit to whatever a request leaves out (a PUT that omits one resets it). */
export const noiseMeterDefaults: Partial<NoiseMeterSettings> = {
  message: '',
  warningLevel: 60,
  loudLevel: 80,
  sensitivity: 100,
  triggerHoldMs: 1_000,
  clearHoldMs: 3_000,
  displayMode: 'overlay',
  heightPx: 96,
  historyEnabled: true,
  historyRetentionDays: 7,
  historyActiveHoursOnly: true,
  scheduleEnabled: false,
  scheduleDaysOfWeek: [],
  scheduleTimezone: 'UTC',
};

/** Spelling only: the zone in its canonical form, the message without stray spaces. */
export function normalized(settings: NoiseMeterSettings): NoiseMeterSettings {
  return { ...settings, message: settings.message.trim(), scheduleTimezone: canonicalTimeZone(settings.scheduleTimezone) ?? settings.scheduleTimezone };
}

/** The rules the schema cannot say. */
export function settingsIssues(s: NoiseMeterSettings): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ field: `body/${field}`, message });
  // One threshold for both directions would make the bar flap around a single value.
  if (s.warningLevel >= s.loudLevel) issue('warningLevel', 'warningLevel must be below loudLevel.');
  if (!canonicalTimeZone(s.scheduleTimezone)) issue('scheduleTimezone', 'scheduleTimezone must be an IANA time zone such as Europe/Berlin.');
  if (s.scheduleStartTime !== undefined && s.scheduleStartTime === s.scheduleEndTime)
    issue('scheduleEndTime', 'The display window must start and end at different times.');
  // A window switched on that can never open would hide the bar for good.
  if (s.scheduleEnabled) {
    if (!s.scheduleDaysOfWeek.length) issue('scheduleDaysOfWeek', 'A display window needs at least one day.');
    if (s.scheduleStartTime === undefined) issue('scheduleStartTime', 'A display window needs a start time.');
    if (s.scheduleEndTime === undefined) issue('scheduleEndTime', 'A display window needs an end time.');
  }
  return issues;
}
