import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import { LocationFields, LocationSchema } from './locations.service.js';
import type { LocationsDeps } from './locations-deps.js';
import { IdParams } from '../../../kernel/http/wire.js';

const route = routeFor<LocationsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

export const locationsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/locations',
    operationId: 'listLocations',
    summary: 'Locations, with how many screens each has',
    tags: ['locations'],
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(LocationSchema), total: Type.Integer() }) },
    handler: ({ deps }) => deps.locationsService.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/locations',
    operationId: 'createLocation',
    summary: 'Add a location',
    tags: ['locations'],
    auth: { kind: 'console', access: 'administrators' },
    body: Type.Object(LocationFields),
    errors: { 409: '`location_name_taken`.' },
    response: { status: 201, schema: LocationSchema },
    handler: ({ deps, body, principal, ctx }) => deps.locationsService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/locations/{id}',
    operationId: 'updateLocation',
    summary: 'Change a location',
    tags: ['locations'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Partial(Type.Object(LocationFields)),
    errors: { 404: '`location_not_found`.', 409: '`location_name_taken`.' },
    response: { status: 200, schema: LocationSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.locationsService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/locations/{id}',
    operationId: 'deleteLocation',
    summary: 'Remove a location that no screen uses',
    tags: ['locations'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: '`location_not_found`.', 409: '`location_in_use`.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.locationsService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
];
