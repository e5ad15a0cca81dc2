import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, librarySortQuery, Nullable, PageOf, pageQuery } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { DataSourceSchema, DiagnosticsSchema, DocumentSchema, OutputsSchema, ProviderSchema } from './data-source-view.js';
import type { DataSourcesDeps } from './data-sources-deps.js';
import { DataSourceDetailSchema } from './data-source-detail.js';
import { calendarProvider } from './providers/calendar.js';
import { manualProvider } from './providers/manual.js';
import { structuredProviders } from './providers/structured.js';

const route = routeFor<DataSourcesDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['data-sources'];
const NOT_FOUND = { 404: '`not_found`: no such data source, or one its provider hides from the caller (a form that lists who may reach it, not them).' };
/** Where a source's provider narrows who may do what (a form is its people's). */
const REFUSED = (what: string) => ({
  403: `\`insufficient_access\`: the caller sees the source but its provider does not let them ${what}. Also \`insufficient_role\` or \`csrf_failed\`, as on every console route.`,
});
const INVALID = {
  422: '`validation_failed`: the configuration does not fit the provider (the fields at fault named), the address is not https (or http where allowed) or carries credentials, a JSON mapping path is not a JSON Pointer, the mapping names no field, or the source is one another module keeps (a form: use its own routes).',
};

const Name = Type.String({ minLength: 1, maxLength: 180, pattern: '\\S', description: 'Not blank.' });
const Description = Type.String({ maxLength: 2000 });
// Checked against the provider's own schema by the service (its errors name body/configuration/…).
const Configuration = Type.Object(
  {},
  { additionalProperties: true, description: 'The provider’s configuration: see the provider schemas in the description.' },
);

/** Room for an uploaded CSV file (2 MiB) however JSON escapes it. */
const UPLOAD_BODY_LIMIT = 6 * 1024 * 1024;

// The providers the generic routes make sources of (a form is made with POST /api/v1/forms, as the
// reference has it), and those a source may have.
const GENERIC_PROVIDERS = [...structuredProviders, calendarProvider, manualProvider].map((p) => p.name);
const providerEnum = (names: string[], description: string) =>
  Type.Union(
    names.map((n) => Type.Literal(n)),
    { description },
  );
const NewProvider = providerEnum(GENERIC_PROVIDERS, 'A `form` is made with POST /api/v1/forms.');
const AnyProvider = providerEnum([...GENERIC_PROVIDERS, 'form'], 'Any provider a source may have.');

// Previewing or inspecting a saved source (GET, by id) and a candidate configuration (POST, by
// provider) share one path template each, as a document must have it (the reference's console calls
// both): the segment is a source id for GET, a provider for POST.
const ProviderAsId = Type.Object({
  id: Type.String({ maxLength: 40, description: 'Here the provider the configuration is for (`rss`, `atom`, `json`, `csv`, `calendar`, `manual`).' }),
});
const PreviewDate = Type.String({ format: 'date', description: 'With a date selection: the day to show (default today in its zone).' });
const INSPECT_ERRORS = {
  404: '`data_source_provider_not_found` (also for a provider with nothing to inspect: manual).',
  422: '`validation_failed`: no url, one that is not https where http is not allowed, or a source that could not be read (`details.reason` as for preview).',
};
const PreviewSchema = Type.Object({
  provider: ProviderSchema,
  recordCount: Type.Integer({ minimum: 0 }),
  configuration: Type.Record(Type.String(), Type.Unknown(), {
    description: 'The configuration with its defaults, and (rss, atom, json, csv, calendar) what schema-11 players read: its records or events under `data`.',
  }),
  diagnostics: Type.Object({
    parseStatus: Type.Literal('success'),
    httpResultCategory: Nullable(Type.String()),
    availableItemCount: Type.Integer({ minimum: 0 }),
    availableEventCount: Type.Integer({ minimum: 0 }),
  }),
  document: DocumentSchema,
});
const InspectionSchema = Type.Object({
  provider: ProviderSchema,
  fields: Type.Array(
    Type.Object({
      key: Type.String({ description: 'What a mapping names: a JSON Pointer, a CSV column, or a feed field.' }),
      label: Type.String(),
      samples: Type.Array(Type.String(), { maxItems: 3 }),
      type: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date'), Type.Literal('datetime')]),
    }),
  ),
  rowCount: Type.Integer({ minimum: 0 }),
  delimiter: Type.Optional(Type.String()),
  suggested: Type.Record(Type.String(), Type.String(), { description: 'A starting mapping from the fields’ names.' }),
  available: Type.Record(Type.String(), Type.Boolean(), { description: 'The record fields the source can fill.' }),
});

const PROVIDERS_NOTE =
  'Providers: `rss`, `atom` (a feed `url`), `json` (`url` and `mapping`: JSON Pointers to `rootList` and, in each element, `title`, `subtitle`, ' +
  '`date`, `author`, `description`, `imageUrl`, `link`, and up to 12 `valueFields`), `csv` (`url`, `mapping` by column name, `delimiter` , ; tab |). ' +
  'These four take `presentation` (list, agenda, cards, ticker), `maxItems` 1–100 (20), `sort` (newest, oldest, title, source), `filterKeyword`, ' +
  'up to 8 `filters` {field, operator equals|contains, value}, `refreshIntervalSeconds` 300–86,400 (900), `stalenessLimitHours` 1–2,160 (168), `emptyState`. ' +
  '`calendar`: 1–8 `calendars` {name, url} of iCalendar feeds, `timezone` (IANA, UTC), `displayMode` (today, upcoming, this_week, agenda), `maxEvents` 1–100 (10), ' +
  '`fields`, `filterKeyword`, `filterCalendars`, `refreshIntervalSeconds`, `stalenessLimitHours`, `emptyState`; recurrences are expanded over the next 90 days in the zone. ' +
  '`manual`: up to 12 typed `columns` and 200 `rows`. `form` sources are made with POST /api/v1/forms. Defaults are filled in and stored.';

export const dataSourcesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/data-sources',
    operationId: 'listDataSources',
    summary: 'Data sources by name, with how their refreshes go',
    description: 'Leaves out the sources the caller may not see (a form that lists who may reach it, not them).',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({
      ...pageQuery(50),
      provider: Type.Optional(AnyProvider),
      search: Type.Optional(Type.String({ maxLength: 180 })),
      ...librarySortQuery('name'),
    }),
    response: { status: 200, schema: PageOf(DataSourceSchema) },
    handler: ({ deps, query, principal }) => deps.dataSourcesService.page(me(principal), query),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources',
    bodyLimit: UPLOAD_BODY_LIMIT,
    operationId: 'createDataSource',
    summary: 'Create a data source: a feed or table screens show, refreshed on its interval',
    description: `${PROVIDERS_NOTE} The first refresh starts at once.`,
    tags,
    auth: { kind: 'console', access: 'authors' },
    body: Type.Object({ provider: NewProvider, name: Name, description: Type.Optional(Description), configuration: Configuration }),
    errors: INVALID,
    response: { status: 201, schema: DataSourceDetailSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.dataSourcesService.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}',
    operationId: 'getDataSource',
    summary: 'A data source, with its status, record count and last error',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: DataSourceDetailSchema },
    handler: ({ deps, params, principal }) => deps.dataSourcesService.get(me(principal), params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/data-sources/{id}',
    bodyLimit: UPLOAD_BODY_LIMIT,
    operationId: 'updateDataSource',
    summary: 'Rename a data source or replace its configuration (read again at once; screens showing it follow)',
    description: `A new configuration replaces the old whole and moves \`configVersion\`. The provider cannot change. ${PROVIDERS_NOTE}`,
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Object({
      provider: Type.Optional({ ...AnyProvider, description: 'The source’s own (sent back by the console); it cannot change.' }),
      name: Type.Optional(Name),
      description: Type.Optional(Description),
      configuration: Type.Optional(Configuration),
    }),
    errors: { ...NOT_FOUND, ...REFUSED('change it (a form: `manage`)'), ...INVALID },
    response: { status: 200, schema: DataSourceDetailSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.dataSourcesService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/data-sources/{id}',
    operationId: 'deleteDataSource',
    summary: 'Delete a data source nothing uses',
    description: 'A form goes with its definition, records and images, for those who manage it.',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    errors: {
      ...NOT_FOUND,
      ...REFUSED('delete it (a form: `manage`)'),
      409: '`resource_in_use`: a widget, layout or plugin shows it (`details.uses` names them).',
    },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.dataSourcesService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/duplicate',
    operationId: 'duplicateDataSource',
    summary: 'Copy a data source (“… (copy)”), its configuration with it; the copy is read at once',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    errors: {
      ...NOT_FOUND,
      ...REFUSED('read what it holds (a form: `view_all`)'),
      422: '`validation_failed`: a source another module keeps (a form) is copied through its own routes.',
    },
    response: { status: 201, schema: DataSourceDetailSchema },
    handler: async ({ deps, params, principal, ctx }) => reply(201, await deps.dataSourcesService.duplicate(me(principal), params.id, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/diagnostics',
    operationId: 'dataSourceDiagnostics',
    summary: 'How the source’s refreshes go: last success, last attempt and its error, failures in a row, whether screens get the last good output',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: DiagnosticsSchema },
    handler: ({ deps, params, principal }) => deps.dataSourcesService.diagnostics(me(principal), params.id),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/outputs',
    operationId: 'dataSourceOutputs',
    summary: 'What screens showing the source get: a view per dataset (a preview and where it is used), the data document and versions',
    description: 'A form’s outputs are read by those who see all its records (`view_all`).',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { ...NOT_FOUND, ...REFUSED('read what it holds (a form: `view_all`)') },
    response: { status: 200, schema: OutputsSchema },
    handler: ({ deps, params, principal }) => deps.dataSourcesService.outputs(me(principal), params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/outputs/rebuild',
    operationId: 'rebuildDataSourceOutputs',
    summary: 'Read the source now and answer its outputs (a failure keeps the last good output; see diagnostics)',
    description: 'A form’s outputs are rebuilt by its managers.',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    errors: { ...NOT_FOUND, ...REFUSED('read it anew (a form: `manage`)') },
    response: { status: 200, schema: OutputsSchema },
    handler: ({ deps, params, principal }) => deps.dataSourcesService.rebuild(me(principal), params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/preview',
    bodyLimit: UPLOAD_BODY_LIMIT,
    operationId: 'previewDataSource',
    summary: 'What a configuration would give screens now (fetched and parsed under the same rules, stored nowhere)',
    description: `Answers the configuration with its defaults filled in and the data document. ${PROVIDERS_NOTE}`,
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ProviderAsId,
    body: Type.Object({ configuration: Configuration, previewDate: Type.Optional(PreviewDate) }),
    errors: {
      404: '`data_source_provider_not_found`.',
      422: `${INVALID[422]} Also \`validation_failed\` when the source could not be read or parsed, with \`details.reason\`: timeout, too_large, http_<status>, parse_failed, address_not_allowed, redirect_refused, ….`,
    },
    response: { status: 200, schema: PreviewSchema },
    handler: ({ deps, params, body }) => deps.dataSourcesService.preview(params.id, body.configuration, body.previewDate),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/preview',
    operationId: 'previewSavedDataSource',
    summary: 'What a saved source gives screens now, read afresh with its whole stored configuration (nothing stored)',
    description:
      'An uploaded file’s bytes, which reads never show, are read too. Anyone who may read what the source holds may preview it (its page shows the preview), as in the reference; each preview fetches, so they are rate limited.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    rateLimit: { bucket: 'data-sources.preview-saved', limit: 30, windowSeconds: 60, by: 'ip+principal' },
    params: IdParams,
    query: Type.Object({ previewDate: Type.Optional(PreviewDate) }),
    errors: {
      ...NOT_FOUND,
      ...REFUSED('read what it holds'),
      422: '`validation_failed`: a source another module keeps (a form: see its outputs), or one that could not be read or parsed (`details.reason` as for a preview).',
    },
    response: { status: 200, schema: PreviewSchema },
    handler: ({ deps, params, query, principal }) => deps.dataSourcesService.previewSaved(me(principal), params.id, query.previewDate),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/inspect',
    bodyLimit: UPLOAD_BODY_LIMIT,
    operationId: 'inspectDataSource',
    summary: 'The fields a feed, JSON document or CSV holds, with samples, a suggested mapping and the record fields it can fill',
    description: 'Needs only `url` (and optionally `mapping.rootList` for JSON, `delimiter` for CSV, detected otherwise): the mapping is what it helps write.',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ProviderAsId,
    body: Type.Object({ configuration: Configuration }),
    errors: INSPECT_ERRORS,
    response: { status: 200, schema: InspectionSchema },
    handler: ({ deps, params, body }) => deps.dataSourcesService.inspect(params.id, body.configuration),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/inspect',
    operationId: 'inspectSavedDataSource',
    summary: 'The fields a saved source’s data holds, read now with its configuration',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    errors: { ...INSPECT_ERRORS, 404: `${NOT_FOUND[404]} Also ${INSPECT_ERRORS[404]}`, ...REFUSED('read what it holds') },
    response: { status: 200, schema: InspectionSchema },
    handler: ({ deps, params, principal }) => deps.dataSourcesService.inspectSaved(me(principal), params.id),
  }),
];
