import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { routeFor } from '../../../../kernel/plugin.js';
import { ASSET_STATUSES, ASSET_TYPE_PATTERN } from '../../media-types.js';
import type { AssetsDeps } from './assets-deps.js';
import type { AssetResponses } from '../owned/owned-asset-fields.js';
import { IdParams, Uuid, pageQuery, Stamp } from '../../../../kernel/http/wire.js';

const route = routeFor<AssetsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const literals = <const T extends string>(values: readonly T[], options: { default?: T; description?: string } = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );

const DateTimeOrNull = Type.Union([Stamp, Type.Null()]);

const ListQuery = Type.Object({
  ...pageQuery(24),
  type: Type.Optional(
    Type.String({ pattern: ASSET_TYPE_PATTERN, description: '`image`, `video`, `website`, a type a module registers, or `media`: images and videos.' }),
  ),
  status: Type.Optional(literals(ASSET_STATUSES.filter((s) => s !== 'deleting' && s !== 'deleted'))),
  folderId: Type.Optional(Type.Union([Uuid, Type.Literal('none')], { description: 'A folder id, or `none` for assets in no folder.' })),
  collectionId: Type.Optional(Uuid),
  tagId: Type.Optional(Uuid),
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the name or original file name, any case.' })),
  sort: literals(['newest', 'oldest', 'name', 'updated'], { default: 'newest' }),
  archived: Type.Optional(Type.Boolean({ description: '`true`: archived by hand or past their expiry, instead of the active library.' })),
});

export const AssetIdsBody = Type.Object({
  assetIds: Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true }),
});
const Updated = Type.Object({ updated: Type.Integer() });

/** The asset routes; their responses carry the fields of owned types (see OwnedAssetFields). */
export const assetsRoutes = (asset: AssetResponses) => [
  route({
    method: 'GET',
    path: '/api/v1/assets',
    operationId: 'listAssets',
    summary: 'Library assets: filtered, sorted, one page with the total',
    tags: ['media'],
    auth: { kind: 'console', access: 'signedIn' },
    query: ListQuery,
    response: asset.page(),
    handler: ({ deps, query }) => deps.assetsService.list(query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/assets/{id}',
    operationId: 'getAsset',
    summary: 'One asset with its variants, tags and collections',
    tags: ['media'],
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`not_found`.' },
    response: asset.one(200),
    handler: ({ deps, params }) => deps.assetsService.get(params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/assets/{id}',
    operationId: 'updateAsset',
    summary: 'Rename, describe, or set the availability window of an asset',
    description:
      'The availability fields apply only with `availabilitySet: true`; then a missing one is cleared. `availableFrom` is inclusive, `expiresAt` exclusive and in the future.',
    tags: ['media'],
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Object({
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 180 })),
      description: Type.Optional(Type.String({ maxLength: 2000 })),
      availabilitySet: Type.Optional(Type.Boolean()),
      availableFrom: Type.Optional(DateTimeOrNull),
      expiresAt: Type.Optional(DateTimeOrNull),
    }),
    errors: { 404: '`not_found`.' },
    response: asset.one(200),
    handler: ({ deps, params, body, principal, ctx }) => deps.assetsService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/assets/{id}',
    writesFiles: true,
    operationId: 'deleteAsset',
    summary: 'Delete an asset: it leaves the library at once, a job removes its files',
    tags: ['media'],
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    errors: { 404: '`not_found`.', 409: '`asset_in_use` (uses in `details.usedBy`), `asset_state_conflict`.' },
    response: { status: 204 },
    handler: ({ deps, params, principal, ctx }) => deps.assetsService.delete(me(principal), params.id, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/assets/archive',
    operationId: 'archiveAssets',
    summary: 'Archive assets, all or nothing',
    tags: ['media'],
    auth: { kind: 'console', access: 'managers' },
    body: AssetIdsBody,
    errors: { 404: '`not_found` (the unknown ids in `details.ids`).', 409: '`asset_in_use` (uses in `details.usedBy`).' },
    response: { status: 200, schema: Updated },
    handler: ({ deps, body, principal, ctx }) => deps.archiveService.archive(me(principal), body.assetIds, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/assets/restore',
    operationId: 'restoreAssets',
    summary: 'Restore archived or expired assets, all or nothing (an expired one loses its expiry)',
    tags: ['media'],
    auth: { kind: 'console', access: 'managers' },
    body: AssetIdsBody,
    errors: { 404: '`not_found` (the unknown ids in `details.ids`).' },
    response: { status: 200, schema: Updated },
    handler: ({ deps, body, principal, ctx }) => deps.archiveService.restore(me(principal), body.assetIds, ctx.ip),
  }),
];
