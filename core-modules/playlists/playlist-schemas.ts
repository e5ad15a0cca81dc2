import { PlaybackStatusProperties } from '../player/player.api.js';
import { Type, type Static } from '@sinclair/typebox';
import { Uuid, Stamp } from '../../kernel/http/wire.js';
import type { TagRule } from './playlists.models.js';

const L = Type.Literal;
const FitMode = Type.Union([L('contain'), L('cover'), L('stretch')]);
const Transition = Type.Union([L('none'), L('fade'), L('crossfade')]);
const DeliveryPolicy = Type.Union([L('download'), L('stream'), L('automatic')]);

/** 1 s to 24 h, the same bounds as the tag rule's image duration. */
export const DurationMs = Type.Integer({ minimum: 1000, maximum: 86_400_000 });
/** A point in a video, ms into its file: at most what the store keeps (about 24.8 days). */
const OffsetMs = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
/** A bulk replace or a playlist holds at most this many manual items. */
export const MAX_ITEMS = 500;

export const MAX_NAME = 180;
export const PlaylistFields = {
  name: Type.String({ minLength: 1, maxLength: MAX_NAME }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
};
export type PlaylistInput = { name?: string; description?: string };

/** `tag`: the playlist plays what its tag rule yields (its rule is enabled); `static`: items chosen by hand. */
export const SourceType = Type.Union([L('static'), L('tag')]);
export const NewPlaylistSchema = Type.Object({
  ...PlaylistFields,
  sourceType: Type.Optional({
    ...SourceType,
    description: 'Default `static`. A `tag` playlist starts with an enabled tag rule and no tags: it plays nothing until tags are chosen.',
  }),
});
export type NewPlaylist = Static<typeof NewPlaylistSchema>;

/** Item settings; everything but the asset can be changed later with PATCH. */
export const ItemSettings = {
  durationMs: Type.Optional(Type.Union([DurationMs, Type.Null()], { description: 'Required for images and websites; videos default to their full length.' })),
  fitMode: Type.Optional(FitMode),
  transition: Type.Optional(Transition),
  audioEnabled: Type.Optional(Type.Boolean()),
  /** 0 (silent) to 1 (full), the players' scale. */
  volume: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  deliveryPolicy: Type.Optional(DeliveryPolicy),
  videoStartOffsetMs: Type.Optional(
    Type.Union([OffsetMs, Type.Null()], {
      description:
        "Videos: where playback starts, in ms into the video; before the video's end. Null (the default) starts at the beginning. Not stored for other types.",
    }),
  ),
  videoEndOffsetMs: Type.Optional(
    Type.Union([OffsetMs, Type.Null()], {
      description:
        "Videos: where playback stops, in ms into the video; after the start and no later than the video's end (422 `playlist_validation_failed` otherwise, as for a start past the end). Null (the default) plays to the end. Not stored for other types.",
    }),
  ),
  usePlayerDefaults: Type.Optional(
    Type.Boolean({
      description:
        "Images and videos: play with the screen's playback defaults (fit, transition, audio, volume; an image's duration) instead of the item's own, which stay as the fallback. Default false; ignored for other types.",
    }),
  ),
};
const ItemContent = {
  assetId: Type.Optional({ ...Uuid, description: 'A ready asset to play. Exactly one of `assetId` and `layoutId`.' }),
  layoutId: Type.Optional({
    ...Uuid,
    description: 'A published layout to play, for `durationMs`; it must not show this playlist (422 `playlist_validation_failed`).',
  }),
};
export const ItemInputSchema = Type.Object({ ...ItemContent, ...ItemSettings });
export type ItemInput = Static<typeof ItemInputSchema>;
export const ItemPatchSchema = Type.Object({
  assetId: Type.Optional({ ...Uuid, description: 'Another ready asset for this item (the console sends the current one back with every change).' }),
  layoutId: Type.Optional({ ...Uuid, description: 'Another published layout for this item.' }),
  ...ItemSettings,
});
export type ItemPatch = Static<typeof ItemPatchSchema>;

export const TagRuleSchema = Type.Object({
  enabled: Type.Boolean(),
  match: Type.Union([L('any'), L('all')]),
  imageDurationMs: DurationMs,
  tagIds: Type.Array(Uuid, { maxItems: 20, uniqueItems: true }),
});

export const ItemSchema = Type.Object({
  /** Items the tag rule yields are computed, not stored: their id is derived from playlist and asset. */
  id: Uuid,
  source: Type.Union([L('manual'), L('tag')]),
  /** A layout item's is its layout's id, as the reference answers it. */
  assetId: Uuid,
  /** Only for an item playing a layout. */
  layoutId: Type.Optional(Uuid),
  /** Its place in play order, from 0. */
  position: Type.Integer({ minimum: 0 }),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  fitMode: FitMode,
  transition: Transition,
  audioEnabled: Type.Boolean(),
  volume: Type.Number({ minimum: 0, maximum: 1 }),
  deliveryPolicy: DeliveryPolicy,
  usePlayerDefaults: Type.Boolean(),
  /** A video's trim: where it starts and stops, in ms into the video. Absent when it plays from the beginning, or to the end. */
  videoStartOffsetMs: Type.Optional(Type.Integer({ minimum: 0 })),
  videoEndOffsetMs: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ItemView = Static<typeof ItemSchema>;

/** An item as the console shows it: with what it needs to know of the asset. */
export const ItemDetailSchema = Type.Object({
  ...ItemSchema.properties,
  /** Absent for a video playing its whole length (the reference console's type has no null). */
  durationMs: Type.Optional(Type.Integer()),
  assetName: Type.String(),
  assetType: Type.String(),
  assetStatus: Type.String(),
  thumbnailUrl: Type.String(),
  /** Videos: their length when processing recorded one. */
  assetDurationSeconds: Type.Optional(Type.Number()),
  availableFrom: Type.Optional(Stamp),
  expiresAt: Type.Optional(Stamp),
  /** True for what the tag rule yields (computed, not editable). */
  dynamic: Type.Boolean(),
});
export type ItemDetail = Static<typeof ItemDetailSchema>;

const TagRuleViewSchema = Type.Object({
  ...TagRuleSchema.properties,
  tags: Type.Array(Type.Object({ id: Uuid, name: Type.String(), color: Type.String() }), { description: "The rule's tags that still exist, by name." }),
});

const common = {
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  revision: Type.Integer(),
  sourceType: SourceType,
  createdAt: Stamp,
  updatedAt: Stamp,
};
type Common = { [K in keyof typeof common]: Static<(typeof common)[K]> };

/** What people see of a playlist is its draft; `revision` is what screens play. */
const draftFields = {
  revision: Type.Integer({ description: 'The published revision: what screens play.' }),
  draftRevision: Type.Integer({ description: 'The working draft’s revision, which every edit bumps (`expectedDraftRevision` when publishing).' }),
  publishedRevision: Type.Integer({ description: 'The same as `revision`.' }),
  hasUnpublishedChanges: Type.Boolean({ description: 'The draft differs from what was last published from it.' }),
};
export type DraftFields = { [K in keyof typeof draftFields]: Static<(typeof draftFields)[K]> };

export const PlaylistSummarySchema = Type.Object({
  ...common,
  ...draftFields,
  itemCount: Type.Integer({ description: 'The draft’s manual items only.' }),
  tagRuleEnabled: Type.Boolean(),
});

/** A playlist as its items play: what the reader builds, and screens' content is made from. */
export interface PlaylistView extends Common {
  /** Manual items in play order, then what the tag rule yields. */
  items: ItemView[];
  itemCount: number;
  tagRule: TagRule | null;
}

const Named = Type.Object({ id: Uuid, name: Type.String() });

/** A playlist as the console shows it: its working draft. */
export const PlaylistSchema = Type.Object({
  ...common,
  ...draftFields,
  /** Manual items in play order, then what the tag rule yields. */
  items: Type.Array(ItemDetailSchema),
  itemCount: Type.Integer(),
  /** Absent when the playlist never had one. */
  tagRule: Type.Optional(TagRuleViewSchema),
  warnings: Type.Array(Type.String(), { description: 'Items that will not play now (their asset is not ready, archived or gone).' }),
  layoutUsage: Type.Array(Type.Object({ id: Uuid, name: Type.String(), published: Type.Boolean() }), {
    description: 'Layouts that embed this playlist (none until layouts exist).',
  }),
  usage: Type.Optional(
    Type.Object(
      {
        screens: Type.Array(Named),
        screenGroups: Type.Array(Named),
        schedules: Type.Array(Named),
        campaigns: Type.Array(Named),
      },
      { description: 'What plays it now (on `GET /playlists/{id}` only): the screens and groups it is assigned to, the schedules naming it.' },
    ),
  ),
});
export type PlaylistDetail = Static<typeof PlaylistSchema>;

/**
 * A screen's assignment as the reference's console reads it: the content (left out when none), its
 * name and kind, and beside it the screen's playback status (what its player last reported).
 */
export const AssignmentSchema = Type.Object({
  screenId: Uuid,
  playlistId: Type.Optional(Uuid),
  layoutId: Type.Optional(Uuid),
  playlistName: Type.Optional(Type.String()),
  layoutName: Type.Optional(Type.String()),
  presentationType: Type.Optional(Type.Union([Type.Literal('playlist'), Type.Literal('layout')])),
  assignedAt: Type.Union([Stamp, Type.Null()]),
  ...PlaybackStatusProperties,
});
export type AssignmentView = Static<typeof AssignmentSchema>;
