import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';

const fields = { groupId: Uuid };

/** A group was created, renamed, deleted, gained or lost a member, or changed its content or wall. */
export const groupEvent: ConsoleEventDef<typeof fields> = {
  type: 'screen_group.changed',
  module: 'screen-groups',
  fields,
  description:
    'A screen group was created, changed (name, members, content, presentation gateway, wall) or deleted: refetch GET /api/v1/screen-groups, the group shown and its members’ screens.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'screen_group.changed': EventFields<typeof fields>;
  }
}
