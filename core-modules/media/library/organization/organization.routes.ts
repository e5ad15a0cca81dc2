import { Type, type TSchema } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { routeFor } from '../../../../kernel/plugin.js';
import type { OrganizationDeps } from './organization-deps.js';
import { CollectionSchema, FolderSchema, TagSchema } from './organization-view.js';
import { IdParams, Uuid } from '../../../../kernel/http/wire.js';

const route = routeFor<OrganizationDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const Ids = (max: number) => Type.Array(Uuid, { maxItems: max, uniqueItems: true });

const NAME = Type.String({ minLength: 1, maxLength: 120 });
const TAG_NAME = Type.String({ minLength: 1, maxLength: 60 });
const DESCRIPTION = Type.String({ maxLength: 500 });
const COLOR = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#RRGGBB; default #64748b.' });

const FolderFields = {
  parentId: Type.Union([Uuid, Type.Null()], { description: 'null: at the top (an answer omits it there).' }),
  name: NAME,
  description: DESCRIPTION,
};
const CollectionFields = { name: NAME, description: DESCRIPTION };
const TagFields = { name: TAG_NAME, color: COLOR };

const DUPLICATE = '`name_taken`: the name is already used (case-insensitively; for folders, by a sibling).';

/** GET (list), POST, PATCH and DELETE for one kind of organizer. */
function crud<S extends TSchema>(p: {
  kind: 'folder' | 'collection' | 'tag';
  path: string;
  schema: S;
  create: Parameters<typeof Type.Object>[0];
  required: string[];
  list: (deps: OrganizationDeps) => Promise<unknown>;
  save: (deps: OrganizationDeps, actor: ConsolePrincipal, id: string | undefined, body: any, ip: string) => Promise<unknown>;
  extraErrors?: Record<number, string>;
}) {
  const Title = p.kind[0]!.toUpperCase() + p.kind.slice(1);
  const optional = Object.fromEntries(Object.entries(p.create).map(([k, s]) => [k, Type.Optional(s)]));
  const createBody = Type.Object(Object.fromEntries(Object.entries(p.create).map(([k, s]) => [k, p.required.includes(k) ? s : Type.Optional(s)])));
  return [
    route({
      method: 'GET',
      path: p.path,
      operationId: `list${Title}s`,
      summary: `All ${p.kind}s of the media library, with how many assets each holds`,
      description: 'The whole list as `data` (an array, not a page), as the reference console reads it.',
      tags: ['media'],
      auth: { kind: 'console', access: 'signedIn' },
      response: { status: 200, schema: Type.Array(p.schema) },
      handler: ({ deps }) => p.list(deps),
    }),
    route({
      method: 'POST',
      path: p.path,
      operationId: `create${Title}`,
      summary: `Add a ${p.kind}`,
      tags: ['media'],
      auth: { kind: 'console', access: 'authors' },
      body: createBody,
      errors: { 409: DUPLICATE, ...p.extraErrors },
      response: { status: 201, schema: p.schema },
      handler: ({ deps, body, principal, ctx }) => p.save(deps, me(principal), undefined, body, ctx.ip),
    }),
    route({
      method: 'PATCH',
      path: `${p.path}/{id}`,
      operationId: `update${Title}`,
      summary: `Change a ${p.kind}`,
      tags: ['media'],
      auth: { kind: 'console', access: 'authors' },
      params: IdParams,
      body: Type.Object(optional),
      errors: { 404: '`not_found`.', 409: DUPLICATE, ...p.extraErrors },
      response: { status: 200, schema: p.schema },
      handler: ({ deps, params, body, principal, ctx }) => p.save(deps, me(principal), params.id, body, ctx.ip),
    }),
    route({
      method: 'DELETE',
      path: `${p.path}/{id}`,
      operationId: `delete${Title}`,
      summary: p.kind === 'folder' ? 'Delete a folder: its assets become unfiled, its subfolders move to the top' : `Delete a ${p.kind}; its assets stay`,
      tags: ['media'],
      auth: { kind: 'console', access: 'managers' },
      params: IdParams,
      errors: { 404: '`not_found`.' },
      response: { status: 204 },
      handler: ({ deps, params, principal, ctx }) => deps.contentOrganizationService.remove(me(principal), p.kind, params.id, ctx.ip),
    }),
  ];
}

export const organizationRoutes = [
  ...crud({
    kind: 'folder',
    path: '/api/v1/content-folders',
    schema: FolderSchema,
    create: FolderFields,
    required: ['name'],
    list: (deps) => deps.contentOrganizationService.listFolders(),
    save: (deps, actor, id, body, ip) => deps.contentOrganizationService.saveFolder(actor, id, body, ip),
    extraErrors: {
      404: '`not_found` (the folder or its new parent).',
      422: '`folder_cycle`: the new parent is the folder itself or below it; `validation_failed`.',
    },
  }),
  ...crud({
    kind: 'collection',
    path: '/api/v1/content-collections',
    schema: CollectionSchema,
    create: CollectionFields,
    required: ['name'],
    list: (deps) => deps.contentOrganizationService.listCollections(),
    save: (deps, actor, id, body, ip) => deps.contentOrganizationService.saveCollection(actor, id, body, ip),
  }),
  ...crud({
    kind: 'tag',
    path: '/api/v1/content-tags',
    schema: TagSchema,
    create: TagFields,
    required: ['name'],
    list: (deps) => deps.contentOrganizationService.listTags(),
    save: (deps, actor, id, body, ip) => deps.contentOrganizationService.saveTag(actor, id, body, ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/assets/bulk-organize',
    operationId: 'bulkOrganizeAssets',
    summary: 'Move many assets to a folder and add or remove tags and collections, all or nothing',
    description: '`setFolder: true` moves the assets to `folderId` (null or absent: to no folder). Every id is checked first; one unknown id changes nothing.',
    tags: ['media'],
    auth: { kind: 'console', access: 'authors' },
    body: Type.Object({
      assetIds: Type.Array(Uuid, { minItems: 1, maxItems: 250, uniqueItems: true }),
      setFolder: Type.Optional(Type.Boolean()),
      folderId: Type.Optional(Type.Union([Uuid, Type.Null()])),
      addTagIds: Type.Optional(Ids(100)),
      removeTagIds: Type.Optional(Ids(100)),
      addCollectionIds: Type.Optional(Ids(100)),
      removeCollectionIds: Type.Optional(Ids(100)),
    }),
    errors: { 404: '`not_found`: an asset, folder, tag or collection does not exist (`details.resource`, `details.ids`).' },
    response: { status: 200, schema: Type.Object({ updated: Type.Integer() }) },
    handler: ({ deps, body, principal, ctx }) => deps.bulkOrganizeService.organize(me(principal), body, ctx.ip),
  }),
];
