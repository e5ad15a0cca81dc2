import { Type } from '@sinclair/typebox';
import { routeFor } from '../../../kernel/plugin.js';
import { AssetSchema } from '../asset-view.js';
import type { ProcessingDeps } from './processing-deps.js';
import { Uuid } from '../../../kernel/http/wire.js';

const route = routeFor<ProcessingDeps>();

export const processingRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/assets/{id}/retry',
    writesFiles: true,
    operationId: 'retryAssetProcessing',
    summary: 'Process a failed or stalled asset again from the start',
    description:
      'A failed asset can be retried, and so can a stalled one: still `queued`, `inspecting` or `processing` but with no job queued or running in a live server process (its process was killed). It becomes `queued` and is inspected again; follow `processingStatus` and `processingProgress`.',
    tags: ['assets'],
    auth: { kind: 'console', access: 'authors' },
    params: Type.Object({ id: Uuid }),
    errors: { 404: 'No such asset (`not_found`).', 422: 'The asset is neither failed nor stalled (`validation_failed`).' },
    response: { status: 200, schema: AssetSchema },
    handler: ({ deps, params }) => deps.processingService.retry(params.id),
  }),
];
