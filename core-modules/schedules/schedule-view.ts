import { type Static, Type } from '@sinclair/typebox';
import { Uuid, Stamp } from '../../kernel/http/wire.js';
import { wireField } from '../player/player.api.js';
import { type ScheduleRow, scheduleContent, type Target } from './schedules.repository.js';

const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour clock, in the schedule’s zone.' });
const DateText = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD, in the schedule’s zone.' });
const Opt = Type.Optional;
const OptNull = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

const TargetType = Type.Union([Type.Literal('screen'), Type.Literal('group')]);

export const TargetSchema = Type.Object({
  type: TargetType,
  id: Uuid,
  // The console sends back the targets it read; their names are the server's to say.
  name: Opt(Type.String({ maxLength: 500, description: 'Read-only: ignored.' })),
});

/** A schedule as the console sends it (create, and whole-schedule previews). */
export const ScheduleBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 180 }),
  description: Opt(Type.String({ maxLength: 2000 })),
  playlistId: Opt(Uuid),
  layoutId: Opt(Type.String({ format: 'uuid', description: '422 `content_type_unsupported` while no layouts module is installed.' })),
  displayAction: Opt(
    Type.Object({
      type: Type.String({ maxLength: 40 }),
      input: Opt(Type.String({ maxLength: 64 })),
      volume: Opt(Type.Integer({ minimum: 0, maximum: 100 })),
      brightness: Opt(Type.Integer({ minimum: 0, maximum: 100 })),
    }),
  ),
  type: Type.Union([Type.Literal('weekly'), Type.Literal('one_time')]),
  timezone: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone or UTC; the organization’s default when left out.' })),
  priority: Opt(Type.Integer({ minimum: -999, maximum: 999, description: 'Higher wins where schedules overlap; 1000 is reserved.' })),
  enabled: Opt(Type.Boolean()),
  startDate: OptNull(DateText),
  endDate: OptNull(DateText),
  oneTimeStart: OptNull(Stamp),
  oneTimeEnd: OptNull(Stamp),
  dailyStart: OptNull(Clock),
  dailyEnd: OptNull(Clock),
  daysOfWeek: OptNull(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { uniqueItems: true, maxItems: 7, description: '0 is Sunday … 6 Saturday.' })),
  // Bounded here so a huge body is refused early; more than 250 is answered with schedule_limit_exceeded.
  targets: Type.Array(TargetSchema, { maxItems: 1000 }),
});

/** A schedule proposed to a preview: checked as a create would be, but it needs no name (it is not kept). */
export const ProposedScheduleSchema = Type.Object({
  ...ScheduleBodySchema.properties,
  name: Opt(Type.String({ maxLength: 180, description: 'Shown in the preview’s answer; empty when left out.' })),
});

export const ScheduleSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  playlistId: Opt(Uuid),
  layoutId: Opt(Uuid),
  playlistName: Type.String({ description: 'The name of what it plays (a playlist, a layout, …); empty for a display-control schedule.' }),
  layoutName: Opt(Type.String({ description: 'The layout’s name, when it plays a layout.' })),
  presentationType: Type.String({ description: 'What it plays: `playlist`, `layout`, …, or `display_control`.' }),
  displayAction: Opt(Type.Object({ type: Type.String(), input: Opt(Type.String()), volume: Opt(Type.Integer()), brightness: Opt(Type.Integer()) })),
  type: Type.Union([Type.Literal('weekly'), Type.Literal('one_time')]),
  timezone: Type.String(),
  priority: Type.Integer(),
  specificity: Type.Integer({
    description: 'In a preview: 1 when the schedule names the screen, 0 when it reaches it through the screen’s group. 0 elsewhere.',
  }),
  enabled: Type.Boolean(),
  startDate: Opt(Type.String()),
  endDate: Opt(Type.String()),
  oneTimeStart: Opt(Stamp),
  oneTimeEnd: Opt(Stamp),
  dailyStart: Opt(Type.String()),
  dailyEnd: Opt(Type.String()),
  daysOfWeek: Type.Array(Type.Integer(), { description: 'Empty for a one-time schedule.' }),
  targets: Type.Array(Type.Object({ type: TargetType, id: Uuid, name: Type.String() })),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type ScheduleView = Static<typeof ScheduleSchema>;

/** Only what the schedule's type uses; the rest is left out, as players receive it (but for `daysOfWeek`, which the console reads always). */
export function scheduleView(row: ScheduleRow, targets: (Target & { name: string })[], contentName: string, specificity = 0): ScheduleView {
  const content = scheduleContent(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...wireField(content),
    playlistName: contentName,
    ...(content?.contentType === 'layout' ? { layoutName: contentName } : {}),
    presentationType: content?.contentType ?? 'display_control',
    ...(row.display_action ? { displayAction: row.display_action } : {}),
    type: row.type,
    timezone: row.timezone,
    priority: row.priority,
    specificity,
    enabled: row.enabled,
    ...(row.type === 'one_time'
      ? { oneTimeStart: row.one_time_start!.toISOString(), oneTimeEnd: row.one_time_end!.toISOString(), daysOfWeek: [] }
      : {
          ...(row.start_date ? { startDate: row.start_date } : {}),
          ...(row.end_date ? { endDate: row.end_date } : {}),
          dailyStart: row.daily_start!,
          dailyEnd: row.daily_end!,
          daysOfWeek: row.days_of_week,
        }),
    targets,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
