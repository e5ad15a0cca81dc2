import { routeFor, type RouteDef } from '../../../../kernel/plugin.js';
import { sendFile } from '../../../../kernel/http/file-response.js';
import type { AssetsDeps } from './assets-deps.js';
import { IdParams } from '../../../../kernel/http/wire.js';

const route = routeFor<AssetsDeps>();

const FILE_ERRORS = { 404: '`not_found`, `media_variant_unavailable`.' };

const RANGE_NOTE =
  'Streams the file with `Range` (one range: 206; several: the whole file, 200), `If-Range`, `If-None-Match` (304) and ' +
  '`If-Match`; ETag `"<sha256 hex>"`, `Accept-Ranges: bytes`, `Content-Disposition: inline`. HEAD answers the same headers without a body.';

function previewRoute(method: 'GET' | 'HEAD'): RouteDef<AssetsDeps, typeof IdParams> {
  return route({
    method,
    path: '/api/v1/assets/{id}/preview',
    operationId: method === 'GET' ? 'getAssetPreview' : 'headAssetPreview',
    summary: 'The file a player would show (playback copy, else original) of a ready image or video',
    description: RANGE_NOTE,
    tags: ['media'],
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { ...FILE_ERRORS, 409: '`media_not_ready`.' },
    response: { status: 200, file: true, contentType: ['image/*', 'video/*'], description: 'The whole file, in its media type.' },
    handler: async ({ deps, params, ctx }) => sendFile(ctx, await deps.assetPreviewService.preview(params.id)),
  });
}

export const assetFilesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/assets/{id}/thumbnail',
    operationId: 'getAssetThumbnail',
    summary: 'The thumbnail (image) or poster (video) of an asset',
    description: RANGE_NOTE,
    tags: ['media'],
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: FILE_ERRORS,
    response: {
      status: 200,
      file: true,
      contentType: ['image/webp', 'image/jpeg', 'image/png'],
      description:
        'The still image: WebP for an image, JPEG for a video’s poster; an owned type’s as its owner stored it (a widget’s preview: JPEG, PNG or WebP).',
    },
    handler: async ({ deps, params, ctx }) => sendFile(ctx, await deps.assetPreviewService.thumbnail(params.id)),
  }),
  previewRoute('GET'),
  previewRoute('HEAD'),
];
