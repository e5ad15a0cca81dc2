import type { PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { sendFile } from '../../../kernel/http/file-response.js';
import { IdParams } from '../../../kernel/http/wire.js';
import { type RouteDef, routeFor } from '../../../kernel/plugin.js';
import type { PanelFilesDeps } from './panel-files-deps.js';

const route = routeFor<PanelFilesDeps>();

function panelFileRoute(method: 'GET' | 'HEAD'): RouteDef<PanelFilesDeps, typeof IdParams> {
  return route({
    method,
    path: '/api/v1/player/span-panels/{id}',
    operationId: method === 'GET' ? 'playerSpanPanel' : 'playerHeadSpanPanel',
    summary: 'This screen’s panel of a wall video: the video cut for its panel (the manifest lists it as the video’s file)',
    description:
      'H.264 MP4 without sound, at the panel’s size (sides swapped for a panel turned a quarter). Streams with `Range` (206), `If-Range`, ' +
      '`If-None-Match` (304); ETag `"<sha256 hex>"`. A screen gets only its own panels. HEAD answers the same headers without a body.',
    tags: ['player'],
    auth: { kind: 'player' },
    params: IdParams,
    errors: {
      404: '`span_not_found`: no such panel file for this screen.',
      409: '`span_not_ready`: the file is still being prepared, or its preparation failed.',
    },
    response: { status: 200, file: true, contentType: ['video/mp4'], description: 'The whole file.' },
    handler: async ({ deps, params, principal, ctx }) => sendFile(ctx, await deps.panelFilesService.file((principal as PlayerPrincipal).screenId, params.id)),
  });
}

export const panelFileRoutes = [panelFileRoute('GET'), panelFileRoute('HEAD')];
