import { Nullable, Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';

const fields = { formId: Uuid, recordId: Nullable(Uuid) };

/**
 * A form or one of its records changed, so the consoles showing it (its builder, its records, an
 * approvals inbox) refetch. Ids only: what changed is read back over REST, where access is checked.
 */
export const formEvent: ConsoleEventDef<typeof fields> = {
  type: 'form.changed',
  module: 'forms',
  fields,
  description:
    'A form’s definition, workflow or access changed (`recordId` null), or one of its records was started, edited, moved along its workflow, commented on, given or lost an image, expired or deleted: ' +
    'refetch GET /api/v1/forms, GET /api/v1/data-sources/{id}/form and …/records, and GET /api/v1/approvals.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'form.changed': EventFields<typeof fields>;
  }
}
