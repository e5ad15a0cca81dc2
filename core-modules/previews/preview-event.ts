import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';
import { Type } from '@sinclair/typebox';
import { Nullable, Uuid } from '../../kernel/http/wire.js';

const previewFields = {
  screenId: Uuid,
  capturedAt: Nullable(
    Type.String({ format: 'date-time', description: 'When the player captured the new image; null when it reported a failure status instead.' }),
  ),
};

/** The previews module's console event: a screen's player uploaded a preview. */
export const screenPreviewEvent: ConsoleEventDef<typeof previewFields> = {
  type: 'screen.preview',
  module: 'previews',
  fields: previewFields,
  description:
    'A screen’s player uploaded a new preview image (or a failure status) while its preview is watched: refetch GET /api/v1/screens/{id}/preview and its image.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'screen.preview': EventFields<typeof previewFields>;
  }
}
