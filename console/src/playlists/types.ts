import type { paths } from '../api/schema';

type Json<T> = T extends { content: { 'application/json': { data: infer D } } } ? D : never;

/** A playlist as the editor reads it (GET /api/v1/playlists/{id}). */
export type Playlist = Json<paths['/api/v1/playlists/{id}']['get']['responses'][200]>;
export type PlaylistItem = Playlist['items'][number];
export type PlaylistUsage = NonNullable<Playlist['usage']>;
/** A row of the playlists list. */
export type PlaylistSummary = Json<paths['/api/v1/playlists']['get']['responses'][200]>['items'][number];
/** What PATCH takes for an item. */
export type ItemPatch = NonNullable<paths['/api/v1/playlists/{id}/items/{itemId}']['patch']['requestBody']>['content']['application/json'];
export type TagRuleInput = NonNullable<paths['/api/v1/playlists/{id}/tag-rule']['put']['requestBody']>['content']['application/json'];
export type FitMode = PlaylistItem['fitMode'];
export type Transition = PlaylistItem['transition'];
/** A library asset as the picker lists it. */
export type LibraryAsset = Json<paths['/api/v1/assets']['get']['responses'][200]>['items'][number];

export const FIT_MODES: readonly FitMode[] = ['contain', 'cover', 'stretch'];
export const TRANSITIONS: readonly Transition[] = ['none', 'fade', 'crossfade'];

const KNOWN_TYPES = ['image', 'video', 'website'] as const;
/** An asset type as the catalog names it: the three the console knows, or `other` (a module's own type). */
export const typeKey = (assetType: string): (typeof KNOWN_TYPES)[number] | 'other' => KNOWN_TYPES.find((k) => k === assetType) ?? 'other';
