import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';

const fields = { scope: Type.Union([Type.Literal('screen'), Type.Literal('group')]), targetId: Uuid };

/** A screen's or a group's player policy was saved or removed. */
export const policyEvent: ConsoleEventDef<typeof fields> = {
  type: 'policy.changed',
  module: 'policies',
  fields,
  description: 'A screen’s or a screen group’s player policy was saved or removed: refetch its policy and the effective policy of the screens it reaches.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'policy.changed': EventFields<typeof fields>;
  }
}
