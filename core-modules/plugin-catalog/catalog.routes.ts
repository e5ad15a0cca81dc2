import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { CatalogEntrySchema, InstalledEntrySchema } from './catalog.service.js';
import type { PluginCatalogDeps } from './plugin-catalog-deps.js';

const route = routeFor<PluginCatalogDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const PluginParams = Type.Object({ pluginId: Type.String({ pattern: '^[a-z][a-z0-9]*([_-][a-z0-9]+)*$', maxLength: 100 }) });

export const catalogRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/plugins',
    operationId: 'listPlugins',
    summary: 'The plugin catalog: every optional plugin of this release, installed or not, and installations left behind',
    tags: ['plugins'],
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(CatalogEntrySchema) }) },
    handler: async ({ deps }) => ({ items: await deps.catalogService.list() }),
  }),
  route({
    method: 'POST',
    path: '/api/v1/plugins/{pluginId}/install',
    operationId: 'installPlugin',
    summary: 'Install a plugin (and the optional plugins it needs): runs its migrations and seed',

    tags: ['plugins'],
    auth: { kind: 'console', access: 'administrators' },
    params: PluginParams,
    errors: { 404: '`plugin_not_found`.' },
    response: {
      status: 201,
      schema: InstalledEntrySchema,
      description: 'Installed now.',
      otherStatuses: { 200: 'It was installed already: nothing changed.' },
    },
    handler: async ({ deps, params, principal, ctx }) => {
      const { created, entry } = await deps.catalogService.install(me(principal), params.pluginId, ctx.ip);
      return reply(created ? 201 : 200, entry);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/plugins/{pluginId}/installation',
    operationId: 'uninstallPlugin',
    summary: 'Uninstall a plugin; its data is kept for a later reinstall',
    description: 'Idempotent. Refused while the plugin still owns resources or an installed plugin needs it.',
    tags: ['plugins'],
    auth: { kind: 'console', access: 'administrators' },
    params: PluginParams,
    errors: { 404: '`plugin_not_found`.', 409: '`plugin_in_use`: `error.details.resources` and `error.details.dependents` list what remains.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.catalogService.uninstall(me(principal), params.pluginId, ctx.ip);
      return reply(204);
    },
  }),
];
