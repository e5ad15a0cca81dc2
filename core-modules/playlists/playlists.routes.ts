import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { ItemInputSchema, ItemPatchSchema, MAX_ITEMS, NewPlaylistSchema, PlaylistFields, PlaylistSchema, PlaylistSummarySchema, TagRuleSchema } from './playlist-schemas.js';
import type { PlaylistsDeps } from './playlists-deps.js';
import { IdParams, PageOf, Uuid, pageQuery } from '../../kernel/http/wire.js';

const route = routeFor<PlaylistsDeps>();
const ItemParams = Type.Object({ id: Uuid, itemId: Uuid });
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['playlists'];
const changed = { status: 200, schema: PlaylistSchema };
const itemErrors = { 404: '`playlist_not_found`, `playlist_item_not_found`.', 409: '`playlist_tag_rule_active`.', 422: '`asset_not_found`, `asset_not_ready`, `playlist_validation_failed`.' };

export const playlistsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/playlists',
    operationId: 'listPlaylists',
    summary: 'Playlists, by name',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({
      search: Type.Optional(Type.String({ maxLength: 120 })),
      ...pageQuery(50),
    }),
    response: { status: 200, schema: PageOf(PlaylistSummarySchema) },
    handler: ({ deps, query }) => deps.playlistsService.list(query),
  }),
  route({
    method: 'POST',
    path: '/api/v1/playlists',
    operationId: 'createPlaylist',
    summary: 'Create an empty playlist',
    tags,
    auth: { kind: 'console', access: 'authors' },
    body: NewPlaylistSchema,
    response: { status: 201, schema: PlaylistSchema },
    handler: ({ deps, body, principal, ctx }) => deps.playlistsService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/playlists/{id}',
    operationId: 'getPlaylist',
    summary: 'A playlist with its items (manual, then those the tag rule yields)',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`playlist_not_found`.' },
    response: { status: 200, schema: PlaylistSchema },
    handler: ({ deps, params }) => deps.playlistsService.get(params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/playlists/{id}',
    operationId: 'updatePlaylist',
    summary: 'Rename or describe a playlist',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Partial(Type.Object(PlaylistFields)),
    errors: { 404: '`playlist_not_found`.' },
    response: changed,
    handler: ({ deps, params, body, principal, ctx }) => deps.playlistsService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/playlists/{id}',
    operationId: 'deletePlaylist',
    summary: 'Delete a playlist no screen is assigned to',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    errors: { 404: '`playlist_not_found`.', 409: '`playlist_in_use`.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.playlistsService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/playlists/{id}/items',
    operationId: 'addPlaylistItem',
    summary: 'Append a ready asset',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: ItemInputSchema,
    errors: itemErrors,
    response: { status: 201, schema: PlaylistSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.playlistItemsService.add(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/playlists/{id}/items/order',
    operationId: 'orderPlaylistItems',
    summary: 'Set the play order: every item id exactly once',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Object({ itemIds: Type.Array(Uuid, { maxItems: MAX_ITEMS }) }),
    errors: itemErrors,
    response: changed,
    handler: ({ deps, params, body, principal, ctx }) => deps.playlistItemsService.reorder(me(principal), params.id, body.itemIds, ctx.ip),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/playlists/{id}/items/bulk',
    operationId: 'replacePlaylistItems',
    summary: 'Replace every manual item at once, in order',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Object({ items: Type.Array(ItemInputSchema, { maxItems: MAX_ITEMS }) }),
    errors: itemErrors,
    response: changed,
    handler: ({ deps, params, body, principal, ctx }) => deps.playlistItemsService.replaceAll(me(principal), params.id, body.items, ctx.ip),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/playlists/{id}/tag-rule',
    operationId: 'setPlaylistTagRule',
    summary: 'Fill the playlist with ready images and videos carrying the tags',
    description: 'Manual items are kept (and played first); while the rule is enabled they cannot be edited.',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: TagRuleSchema,
    errors: { 404: '`playlist_not_found`.', 422: '`tag_not_found`, `playlist_validation_failed`.' },
    response: changed,
    handler: ({ deps, params, body, principal, ctx }) => deps.playlistsService.setTagRule(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/playlists/{id}/items/{itemId}',
    operationId: 'updatePlaylistItem',
    summary: 'Change how an item plays',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ItemParams,
    body: ItemPatchSchema,
    errors: itemErrors,
    response: changed,
    handler: ({ deps, params, body, principal, ctx }) => deps.playlistItemsService.update(me(principal), params.id, params.itemId, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/playlists/{id}/items/{itemId}',
    operationId: 'removePlaylistItem',
    summary: 'Remove an item',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ItemParams,
    errors: itemErrors,
    response: changed,
    handler: ({ deps, params, principal, ctx }) => deps.playlistItemsService.remove(me(principal), params.id, params.itemId, ctx.ip),
  }),
];
