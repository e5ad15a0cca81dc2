import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';

const dataSourceChangedFields = { dataSourceId: Uuid };

/** A source changed for the people watching it: its settings, name, rows, or how its last read went. */
export const dataSourceChanged: ConsoleEventDef<typeof dataSourceChangedFields> = {
  type: 'data_source.changed',
  module: 'data-sources',
  fields: dataSourceChangedFields,
  description:
    'A data source was created, renamed, edited, deleted, written by an integration, or read (its records changed, or a read failed or worked again): refetch GET /api/v1/data-sources and the source shown.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'data_source.changed': EventFields<typeof dataSourceChangedFields>;
  }
}
