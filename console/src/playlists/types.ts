import type { BodyOf, DataOf } from '../api/types';

/** A playlist as the editor reads it (GET /api/v1/playlists/{id}). */
export type Playlist = DataOf<'/api/v1/playlists/{id}', 'get'>;
export type PlaylistItem = Playlist['items'][number];
/** A row of the playlists list. */
export type PlaylistSummary = DataOf<'/api/v1/playlists', 'get'>['items'][number];
export type TagRuleInput = BodyOf<'/api/v1/playlists/{id}/tag-rule', 'put'>;
export type FitMode = PlaylistItem['fitMode'];
export type Transition = PlaylistItem['transition'];
/** A library asset as the picker lists it. */
export type LibraryAsset = DataOf<'/api/v1/assets', 'get'>['items'][number];

export const FIT_MODES: readonly FitMode[] = ['contain', 'cover', 'stretch'];
export const TRANSITIONS: readonly Transition[] = ['none', 'fade', 'crossfade'];

const KNOWN_TYPES = ['image', 'video', 'website'] as const;
/** An asset type as the catalog names it: the three the console knows, or `other` (a module's own type). */
export const typeKey = (assetType: string): (typeof KNOWN_TYPES)[number] | 'other' => KNOWN_TYPES.find((k) => k === assetType) ?? 'other';
