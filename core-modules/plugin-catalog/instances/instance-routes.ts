import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor, type RouteDef } from '../../../kernel/plugin.js';
import { TargetFields } from '../../screens/screens.api.js';
import type { InstanceService } from './instance-service.js';
import { IdParams, Uuid, Stamp } from '../../../kernel/http/wire.js';

export interface InstanceRoutesOptions {
  /** Path segment and plugin name: `brand-bug` serves `/api/v1/plugins/brand-bug/instances`. */
  plugin: string;
  /** For operation ids: `BrandBug` gives `createBrandBugInstance`. */
  pascalName: string;
  /** For summaries: `brand bug`. */
  noun: string;
  /** The plugin's own fields (the shared name, enabled and targets are added). */
  fields: TProperties;
}

const me = (p: unknown) => p as ConsolePrincipal;

/** The shared fields of every instance, for the plugin's request schema. */
export const instanceBaseFields = {
  name: Type.String({ minLength: 1, maxLength: 180, pattern: '\\S' }),
  enabled: Type.Boolean(),
  ...TargetFields,
};

/** The request body: every field of the create (PUT replaces the whole instance). */
export function instanceInputSchema(fields: TProperties): TObject {
  return Type.Object({ ...instanceBaseFields, ...fields });
}

export function instanceViewSchema(fields: TProperties): TObject {
  const viewFields = Object.fromEntries(Object.entries(fields).map(([k, schema]) => [k, Type.Optional(schema)]));
  return Type.Object({
    id: Uuid,
    ...instanceBaseFields,
    ...viewFields,
    revision: Type.Integer(),
    createdAt: Stamp,
    updatedAt: Stamp,
  });
}

/**
 * The five instance routes of a plugin: reads for anyone signed in, changes for Owner and
 * Administrator. Handlers use the `instanceService` the plugin provides in its own container.
 */
export function instanceRoutes(options: InstanceRoutesOptions): RouteDef[] {
  const route = routeFor<{ instanceService: InstanceService<any> }>();
  const { plugin, pascalName, noun } = options;
  const base = `/api/v1/plugins/${plugin}/instances`;
  const tags = [`plugin: ${plugin}`];
  const Input = instanceInputSchema(options.fields);
  const View = instanceViewSchema(options.fields);
  const invalid = '`invalid_plugin_configuration` (422): configuration, targets or referenced media invalid; nothing stored.';
  const notInstalled = '`plugin_not_installed`.';
  return [
    route({
      method: 'GET',
      path: base,
      operationId: `list${pascalName}Instances`,
      summary: `Every ${noun} instance`,
      tags,
      auth: { kind: 'console', access: 'signedIn' },
      errors: { 409: notInstalled },
      response: { status: 200, schema: Type.Object({ items: Type.Array(View) }) },
      handler: async ({ deps }) => ({ items: await deps.instanceService.list() }),
    }),
    route({
      method: 'POST',
      path: base,
      operationId: `create${pascalName}Instance`,
      summary: `Create a ${noun} instance`,
      tags,
      auth: { kind: 'console', access: 'administrators' },
      body: Input,
      errors: { 409: notInstalled, 422: invalid },
      response: { status: 201, schema: View },
      handler: ({ deps, body, principal, ctx }) => deps.instanceService.create(me(principal), body as never, ctx.ip),
    }),
    route({
      method: 'GET',
      path: `${base}/{id}`,
      operationId: `get${pascalName}Instance`,
      summary: `One ${noun} instance`,
      tags,
      auth: { kind: 'console', access: 'signedIn' },
      params: IdParams,
      errors: { 404: '`plugin_instance_not_found`.', 409: notInstalled },
      response: { status: 200, schema: View },
      handler: ({ deps, params }) => deps.instanceService.get(params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/{id}`,
      operationId: `replace${pascalName}Instance`,
      summary: `Replace a ${noun} instance (every field given again)`,
      tags,
      auth: { kind: 'console', access: 'administrators' },
      params: IdParams,
      body: Input,
      errors: { 404: '`plugin_instance_not_found`.', 409: notInstalled, 422: invalid },
      response: { status: 200, schema: View },
      handler: ({ deps, params, body, principal, ctx }) => deps.instanceService.replace(me(principal), params.id, body as never, ctx.ip),
    }),
    route({
      method: 'DELETE',
      path: `${base}/{id}`,
      operationId: `delete${pascalName}Instance`,
      summary: `Delete a ${noun} instance`,
      tags,
      auth: { kind: 'console', access: 'administrators' },
      params: IdParams,
      errors: { 404: '`plugin_instance_not_found`.', 409: notInstalled },
      response: { status: 204 },
      handler: async ({ deps, params, principal, ctx }) => {
        await deps.instanceService.delete(me(principal), params.id, ctx.ip);
        return reply(204);
      },
    }),
  ];
}
