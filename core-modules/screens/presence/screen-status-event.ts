import { Type } from '@sinclair/typebox';
import type { ConsoleEventDef, EventFields } from '../../console-events/console-events.api.js';
import { Nullable, Stamp, Uuid } from '../../../kernel/http/wire.js';
import { SCREEN_STATUSES } from '../screen-status.js';

const statusFields = {
  screenId: Uuid,
  status: Type.Union(
    SCREEN_STATUSES.map((s) => Type.Literal(s)),
    { description: 'The screen’s status now, as GET /api/v1/screens/{id} answers it.' },
  ),
  lastContactAt: Nullable(Stamp),
};

/** The screens module's console event: a screen's status changed. */
export const screenStatusEvent: ConsoleEventDef<typeof statusFields> = {
  type: 'screen.status',
  module: 'screens',
  fields: statusFields,
  description:
    'A screen’s status changed: its player connected or disconnected, came back after two minutes or more without contact, ' +
    'went stale or offline as time passed (told within about a minute), or the screen was disabled, enabled or revoked. Refetch the screen for more.',
};

declare module '../../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'screen.status': EventFields<typeof statusFields>;
  }
}
