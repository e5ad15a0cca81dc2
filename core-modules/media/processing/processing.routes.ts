import { Type } from '@sinclair/typebox';
import { routeFor } from '../../../kernel/plugin.js';
import { AssetSchema } from '../asset-view.js';
import type { ProcessingDeps } from './processing.part.js';
import { Uuid } from '../../../kernel/http/wire.js';

const route = routeFor<ProcessingDeps>();

export const processingRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/assets/{id}/retry',
    operationId: 'retryAssetProcessing',
    summary: 'Process a failed asset again from the start',
    description: 'Only a failed asset can be retried. It becomes `queued` and is inspected again; follow `processingStatus` and `processingProgress`.',
    tags: ['assets'],
    auth: { kind: 'console', access: 'authors' },
    params: Type.Object({ id: Uuid }),
    errors: { 404: 'No such asset (`not_found`).', 422: 'The asset is not failed (`validation_failed`).' },
    response: { status: 200, schema: AssetSchema },
    handler: ({ deps, params }) => deps.processingService.retry(params.id),
  }),
];
