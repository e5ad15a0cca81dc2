import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { AppError } from '../../kernel/errors.js';
import { IdParams } from '../../kernel/http/wire.js';
import { LibraryAssetSchema } from '../media/media.api.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { ContentDefinitionCatalogSchema, contentDefinitions, ProviderCatalogSchema, providerCatalog } from './content-catalog.js';
import { WidgetPresentationSchema } from './definitions/presentation.js';
import { WidgetViewSchema } from './widget-view.js';
import type { WidgetsDeps } from './widgets-deps.js';
import { MAX_PREVIEW_BYTES } from './widgets.service.js';

const route = routeFor<WidgetsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

const fields = {
  provider: Type.String({ minLength: 1, maxLength: 40, description: 'A widget type of `content-definitions`.' }),
  presetId: Type.Union([Type.String({ minLength: 1, maxLength: 80 }), Type.Null()]),
  name: Type.String({ minLength: 1, maxLength: 180 }),
  description: Type.String({ maxLength: 2000 }),
  configuration: Type.Record(Type.String(), Type.Unknown(), { description: 'The type’s settings; what is left out takes its default.' }),
};
const MANAGED = '`managed_resource`: a plugin made this widget and keeps it (`widget.managedBy` names it).';
const INVALID =
  '`validation_failed`: unknown provider or preset, an unknown setting, a value of the wrong type or out of range, a data source missing or of a shape the type cannot show (`details.fields` name each path).';

/** Reads at most `limit` + 1 bytes of the body: enough to know it is too large. */
async function readLimited(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > limit) throw new AppError('payload_too_large', 'preview_too_large', 'The widget preview image exceeded 500 KB.');
  }
  return Buffer.concat(chunks);
}

/** What the widget routes answer: the Asset JSON with the widget's part (the reference's `Asset.widget`). */
const WidgetAssetSchema = Type.Object({ ...LibraryAssetSchema.properties, widget: WidgetViewSchema });
const asset = (status: number) => ({ status, schema: WidgetAssetSchema });

export const widgetsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/content-definitions',
    operationId: 'contentDefinitions',
    summary: 'Every widget and data-source type this server offers, with its settings form, defaults and presets',
    tags: ['widgets'],
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: ContentDefinitionCatalogSchema },
    handler: ({ deps }) => contentDefinitions(deps.widgetDefinitions.all(), deps.dataSourceLibrary.definitions()),
  }),
  route({
    method: 'GET',
    path: '/api/v1/provider-catalog',
    operationId: 'providerCatalog',
    summary: 'The widget and data-source providers in the legacy catalog shape',
    tags: ['widgets'],
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: ProviderCatalogSchema },
    handler: ({ deps }) => providerCatalog(deps.widgetDefinitions.all(), deps.dataSourceLibrary.definitions()),
  }),
  route({
    method: 'POST',
    path: '/api/v1/widgets',
    operationId: 'createWidget',
    summary: 'Add a widget to the library (an asset of type `widget`, ready at once)',
    tags: ['widgets'],
    auth: { kind: 'console', access: 'authors' },
    body: Type.Object({
      provider: fields.provider,
      presetId: Type.Optional(fields.presetId),
      name: fields.name,
      description: Type.Optional(fields.description),
      configuration: Type.Optional(fields.configuration),
    }),
    errors: { 422: INVALID },
    response: asset(201),
    handler: ({ deps, body, principal, ctx }) => deps.widgetsService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/widgets/compile-preview',
    operationId: 'compileWidgetPreview',
    summary: 'What a player would draw for a configuration, checked as a save is; nothing is saved',
    tags: ['widgets'],
    auth: { kind: 'console', access: 'authors' },
    body: Type.Object({ provider: fields.provider, configuration: Type.Optional(fields.configuration) }),
    errors: { 422: INVALID },
    response: { status: 200, schema: WidgetPresentationSchema },
    handler: ({ deps, body }) => deps.widgetsService.compilePreview(body),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/widgets/{id}',
    operationId: 'updateWidget',
    summary: 'Rename a widget or replace its configuration; screens showing it follow',
    tags: ['widgets'],
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Partial(Type.Object(fields)),
    errors: { 404: '`not_found`: no widget with this id.', 409: MANAGED, 422: INVALID },
    response: asset(200),
    handler: ({ deps, params, body, principal, ctx }) => deps.widgetsService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/widgets/{id}/duplicate',
    operationId: 'duplicateWidget',
    summary: 'Copy a widget, named “… (copy)”',
    tags: ['widgets'],
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    bodyMode: 'none',
    errors: { 404: '`not_found`.', 409: MANAGED, 422: INVALID },
    response: asset(201),
    handler: ({ deps, params, principal, ctx }) => deps.widgetsService.duplicate(me(principal), params.id, ctx.ip),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/widgets/{id}/preview-image',
    writesFiles: true,
    operationId: 'updateWidgetPreviewImage',
    summary: 'Store a picture of the widget as its library thumbnail (`thumbnailUrl`)',
    description: `JPEG, PNG or WebP, told by its bytes; at most ${MAX_PREVIEW_BYTES} bytes.`,
    tags: ['widgets'],
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    bodyMode: 'stream',
    streamTypes: ['image/jpeg', 'image/png', 'image/webp'],
    errors: { 404: '`not_found`.', 409: MANAGED, 413: '`preview_too_large`.', 415: '`unsupported_media_type`: not a JPEG, PNG or WebP image.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      const bytes = await readLimited(ctx.req, MAX_PREVIEW_BYTES);
      await deps.widgetsService.setPreviewImage(me(principal), params.id, bytes, ctx.ip);
      return reply(204);
    },
  }),
];
