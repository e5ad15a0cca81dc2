import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { IdParams, Uuid, Stamp } from '../../../kernel/http/wire.js';
import { routeFor } from '../../../kernel/plugin.js';
import type { SpanDeps } from './span-deps.js';
import { MAX_CANVAS, MAX_PANELS, MIN_CANVAS } from './span-geometry.js';

const route = routeFor<SpanDeps>();
const tags = ['screen-groups'];
const NOT_FOUND = { 404: '`schedule_not_found` (no such group).' };

const Canvas = Type.Object({
  width: Type.Integer({ minimum: MIN_CANVAS, maximum: MAX_CANVAS }),
  height: Type.Integer({ minimum: MIN_CANVAS, maximum: MAX_CANVAS }),
});
const Bezel = Type.Optional(Type.Integer({ minimum: 0, maximum: 500 }));
const PanelFields = {
  screenId: Uuid,
  order: Type.Integer({ minimum: 0, maximum: MAX_PANELS - 1 }),
  x: Type.Integer({ minimum: 0, maximum: MAX_CANVAS }),
  y: Type.Integer({ minimum: 0, maximum: MAX_CANVAS }),
  width: Type.Integer({ minimum: 1, maximum: MAX_CANVAS }),
  height: Type.Integer({ minimum: 1, maximum: MAX_CANVAS }),
  rotation: Type.Integer({ minimum: 0, maximum: 270, description: '0, 90, 180 or 270.' }),
  bezelLeft: Bezel,
  bezelTop: Bezel,
  bezelRight: Bezel,
  bezelBottom: Bezel,
};
const SpanSchema = Type.Object({
  groupId: Uuid,
  displayMode: Type.Union([Type.Literal('mirror'), Type.Literal('span')]),
  geometry: Type.Optional(Type.Object({ canvas: Canvas, panels: Type.Array(Type.Object({ ...PanelFields, screenName: Type.String() })) })),
  /** The wall's video files as the geometry is now: one per member and video its members play. */
  preparations: Type.Array(
    Type.Object({
      id: Uuid,
      screenId: Uuid,
      sourceAssetId: Uuid,
      sourceVariantId: Uuid,
      status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]),
      progress: Type.Number({ minimum: 0, maximum: 1 }),
      width: Type.Optional(Type.Integer()),
      height: Type.Optional(Type.Integer()),
      durationSeconds: Type.Optional(Type.Number()),
      frameRate: Type.Optional(Type.Number()),
      errorCode: Type.Optional(Type.Literal('span_panel_failed')),
      errorMessage: Type.Optional(Type.String()),
      updatedAt: Stamp,
    }),
  ),
});

export const spanRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/screen-groups/{id}/span',
    operationId: 'getScreenGroupSpan',
    summary: 'The group’s display mode, and in span mode its wall: the canvas, each member’s panel and the preparation of its video panels',
    description:
      'Each video a wall plays is cut into one file per member (queued, processing, ready or failed, with progress 0–1); it plays on the wall once ' +
      'every member’s file is ready. Saving the wall again retries failed files.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: SpanSchema },
    handler: ({ deps, params }) => deps.spanService.get(params.id),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/screen-groups/{id}/span',
    operationId: 'putScreenGroupSpan',
    summary: 'Make the group a video wall (span: a canvas and one panel per member) or mirror it again',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({
      displayMode: Type.Union([Type.Literal('mirror'), Type.Literal('span')]),
      canvas: Type.Optional(Canvas),
      panels: Type.Optional(
        Type.Array(
          // The console sends back the panels it read, their screens' names with them: those are the server's to say.
          Type.Object({ ...PanelFields, screenName: Type.Optional(Type.String({ maxLength: 500, description: 'Read-only: ignored.' })) }),
          { maxItems: MAX_PANELS },
        ),
      ),
    }),
    errors: {
      ...NOT_FOUND,
      422: '`span_validation_failed`: the canvas is out of 320–16384, a panel leaves the canvas or overlaps another, orders repeat, a rotation is not a quarter turn, or the panels are not one per member.',
    },
    response: { status: 200, schema: SpanSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.spanService.put(principal as ConsolePrincipal, params.id, body, ctx.ip),
  }),
];
