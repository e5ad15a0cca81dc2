import { Type } from '@sinclair/typebox';
import type { ConsoleEventDef, EventFields } from '../../console-events/console-events.api.js';
import { Nullable, Uuid } from '../../../kernel/http/wire.js';

/** The statuses processing moves an asset through, as the asset's `processingStatus` shows them. */
export const PROCESSING_STATUSES = ['queued', 'inspecting', 'processing', 'ready', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

const processingFields = {
  assetId: Uuid,
  status: Type.Union(
    PROCESSING_STATUSES.map((s) => Type.Literal(s)),
    { description: 'The asset’s processingStatus now.' },
  ),
  progress: Nullable(Type.Integer({ minimum: 0, maximum: 100, description: 'Percent done while a video is converted; null otherwise.' })),
};

/** The media module's console event: an asset's processing moved on. */
export const assetProcessingEvent: ConsoleEventDef<typeof processingFields> = {
  type: 'asset.processing',
  module: 'media',
  fields: processingFields,
  description:
    'An asset’s processing status changed (retried: queued; inspecting, processing, ready, failed), or, while a video is converted, ' +
    'its percent done moved (at most about once a second per asset). Refetch the asset for more (its variants once ready, its error once failed).',
};

declare module '../../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'asset.processing': EventFields<typeof processingFields>;
  }
}
