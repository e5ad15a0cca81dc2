import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';

const fields = {
  overrideId: Uuid,
  status: Type.Union([Type.Literal('active'), Type.Literal('stopped'), Type.Literal('expired')]),
};

/** A quick present session started, was stopped or expired. */
export const overrideEvent: ConsoleEventDef<typeof fields> = {
  type: 'presentation_override.changed',
  module: 'presentation-overrides',
  fields,
  description: 'A quick present session started, was stopped or expired: refetch GET /api/v1/presentation-overrides.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'presentation_override.changed': EventFields<typeof fields>;
  }
}
