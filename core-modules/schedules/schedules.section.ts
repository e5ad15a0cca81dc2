import { Type, type Static } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import { DAY_MS } from '../../kernel/local-time.js';
import { type Claim, type ManifestSection, type SectionSource, windowsBetween } from '../player/player.api.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
const HH_MM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * A schedule as players resolve it offline (weekly wall-clock windows in its zone, or one-time
 * instants). Optional fields are left out rather than null: the Android player reads `daysOfWeek`
 * as a list that must not be null.
 */
export const ManifestScheduleSchema = Type.Object({
  id: Uuid,
  playlistId: Opt(Uuid),
  /** A layout's schedule (the content kinds' wire pair: exactly one of playlistId, layoutId, displayAction). */
  layoutId: Opt(Uuid),
  /** A display-control schedule (Linux players only): what it does to the display while it holds. */
  displayAction: Opt(Type.Object({ type: Type.String(), input: Opt(Type.String()), volume: Opt(Type.Integer()), brightness: Opt(Type.Integer()) })),
  type: Type.Union([Type.Literal('weekly'), Type.Literal('one_time')]),
  timezone: Type.String(),
  priority: Type.Integer({ minimum: -999, maximum: 999 }),
  /** 1: the schedule targets the screen itself; 0: its group. */
  specificity: Type.Integer({ minimum: 0, maximum: 1 }),
  startDate: Opt(Type.String({ format: 'date' })),
  endDate: Opt(Type.String({ format: 'date' })),
  oneTimeStart: Opt(Stamp),
  oneTimeEnd: Opt(Stamp),
  dailyStart: Opt(Type.String({ pattern: HH_MM })),
  dailyEnd: Opt(Type.String({ pattern: HH_MM })),
  daysOfWeek: Opt(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }))),
});
export type ManifestSchedule = Static<typeof ManifestScheduleSchema>;

declare module '../player/player.api.js' {
  interface ManifestLists {
    /** The schedules that reach the screen within the prefetch horizon: players switch at their boundaries offline. */
    schedules: ManifestSchedule[];
  }
}

/** What schedules claim: each that names a playlist or a layout, in its windows from the day before `at` to a week ahead. */
export function scheduleClaims(schedules: ManifestSchedule[], source: SectionSource, at: number): Claim[] {
  // Display-control schedules decide what the display does, not what plays.
  return schedules.flatMap((rule) =>
    rule.playlistId || rule.layoutId
      ? [
          {
            source: source.name,
            rank: source.rank,
            id: rule.id,
            content: rule.playlistId ? { playlistId: rule.playlistId } : { layoutId: rule.layoutId! },
            // From the day before (an overnight window may hold) to a week ahead (the next transition).
            windows: windowsBetween(rule, at - DAY_MS, at + 8 * DAY_MS),
            priority: rule.priority,
            specificity: rule.specificity,
          },
        ]
      : [],
  );
}

export const schedulesSection: ManifestSection<'schedules'> = {
  name: 'schedules',
  schema: Type.Array(ManifestScheduleSchema, { description: 'The schedules that reach the screen within the prefetch horizon.' }),
  merge: 'list',
  claims: scheduleClaims,
};
