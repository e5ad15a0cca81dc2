import { Stamp } from '../../kernel/http/wire.js';
import { CloneType, Type, type Static } from '@sinclair/typebox';

const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const Int = (minimum: number, maximum: number, description = '') => Type.Integer({ minimum, maximum, ...(description && { description }) });

/**
 * A countdown bar's own fields (bounds from the reference server). Two schedules: `weekly` counts
 * down to `targetTime` on `daysOfWeek`, `one_time` to `oneTimeAt`; which fields go with which is
 * checked by the service. Optional fields take the documented default when left out.
 */
export const countdownBarFields = {
  message: Type.String({ minLength: 1, maxLength: 280, pattern: '\\S' }),
  completionText: Type.Optional(Type.String({ maxLength: 280, description: 'Shown for a minute after the target; default empty.' })),
  showConfetti: Type.Boolean(),
  scheduleType: literals(['weekly', 'one_time'], '`weekly` needs targetTime and daysOfWeek; `one_time` needs oneTimeAt.'),
  targetTime: Type.Optional(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: '`HH:MM` in `timezone` (weekly only).' })),
  daysOfWeek: Type.Optional(Type.Array(Int(0, 6), { minItems: 1, maxItems: 7, uniqueItems: true, description: '0 is Sunday (weekly only).' })),
  oneTimeAt: Type.Optional(CloneType(Stamp, { description: 'RFC 3339 (one_time only).' })),
  timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. `Europe/Berlin`.' }),
  leadTimeSeconds: Int(60, 2_592_000, 'How long before the target the bar appears.'),
  displayMode: literals(['overlay', 'push'], '`overlay` covers the content; `push` shrinks it.'),
  heightPx: Int(40, 320),
  progressFill: Type.Optional(literals(['none', 'drain'], 'Default `none`.')),
  contentPadding: Type.Optional(Int(0, 40, 'Percent; default 4.')),
  textScale: Type.Optional(Int(25, 500, 'Percent; default 100.')),
  urgencyEnabled: Type.Boolean(),
  startingSoonSeconds: Type.Optional(Int(2, 86_400, 'Default 300; must exceed urgentSeconds.')),
  urgentSeconds: Type.Optional(Int(2, 3_600, 'Default 60; must exceed pulseSeconds.')),
  pulseSeconds: Type.Optional(Int(1, 60, 'Default 10.')),
  priority: Int(-1000, 1000, 'Overlapping bars: the highest priority shows, then the earliest target, then id.'),
};

const Settings = Type.Object(countdownBarFields);
export type CountdownBarSettings = Static<typeof Settings>;

export const countdownBarDefaults: Partial<CountdownBarSettings> = {
  completionText: '',
  progressFill: 'none',
  contentPadding: 4,
  textScale: 100,
  startingSoonSeconds: 300,
  urgentSeconds: 60,
  pulseSeconds: 10,
};
