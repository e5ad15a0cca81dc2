import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';

const fields = {
  scheduleId: Uuid,
  change: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
};

/** A schedule was created, changed (enabled and disabled too) or deleted: other consoles redraw their calendars. */
export const scheduleEvent: ConsoleEventDef<typeof fields> = {
  type: 'schedule.changed',
  module: 'schedules',
  fields,
  description: 'A schedule was created, changed, enabled, disabled or deleted: refetch GET /api/v1/schedules.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'schedule.changed': EventFields<typeof fields>;
  }
}
