/**
 * The seams between the player's parts: what playback tells the reports (heartbeats, proof of
 * play) and what it asks the stage to show. Each part owns its own files; these types are the
 * only things they share besides the wire types (`wire/`).
 */

/** Where the content on screen came from, as the heartbeat's `selectionSource` names it (the stock players' words: a screen's own content and its direct fallback are both `direct`). */
export type SelectionSource = 'takeover' | 'quick_present' | 'schedule' | 'direct' | 'none';

/** What the player is doing now: read by the heartbeat and the live preview. */
export interface PlaybackSnapshot {
  playbackState: 'playing' | 'idle' | 'disabled' | 'waiting_for_content';
  selectionSource: SelectionSource;
  activeManifestVersion?: number;
  /** A newer manifest waiting for the item on screen to end (its activation grace). */
  pendingManifestVersion?: number;
  currentPlaylistId?: string;
  currentScheduleId?: string;
  currentItemId?: string;
  currentAssetId?: string;
  activeTakeoverId?: string;
  /** ISO instant of the next change the schedule knows of. */
  nextTransitionAt?: string;
  /** Playback is turned off (the console's `disable_playback`): the console shows it from the heartbeat. */
  playbackDisabled?: boolean;
}

/**
 * Why a play left the screen: the activity contract's terminal reasons this player reports. An
 * item that ran its time is `expected_item_boundary` (as the reference's Linux player says it).
 */
export type PlayEndReason =
  | 'expected_item_boundary'
  | 'manual_skip'
  | 'schedule_transition'
  | 'manifest_replacement'
  | 'takeover'
  | 'recovery_action'
  | 'player_restart'
  | 'renderer_failure'
  | 'decoder_failure';

/**
 * One proof-of-play session: the content chosen (a playlist or a layout: `presentation`, the
 * screen's wall clock) or one item shown inside it.
 */
export interface PlaySession {
  /** UUID made by the player: the activity session its start and its end share. */
  id: string;
  kind: 'presentation' | 'item';
  /** An item's presentation session. */
  parentId?: string;
  /** ISO instant it went on screen (a failed item: when it was asked for). */
  startedAt: string;
  manifestVersion?: number;
  presentationType?: 'playlist' | 'layout';
  /** The playlist's or the layout's id. */
  presentationId?: string;
  /** What chose the content (`schedule`, `direct`, `takeover`, `quick_present`). */
  trigger?: SelectionSource;
  scheduleId?: string;
  takeoverId?: string;
  /** Items: the playlist item, when the content is a playlist. */
  playlistItemId?: string;
  /** Items: the library item shown (a layout item's layout). */
  assetId?: string;
  /** Items: the item's `assetType` (image, video, website, widget, layout). */
  contentType?: string;
  /** Items: how long it was meant to stay, when that is known. */
  expectedDurationMs?: number;
}

/**
 * A proof-of-play boundary: a session went on screen (no `ended`), or left it. An item that could
 * not be shown has only its end, with a failure reason.
 */
export interface PlayEvent {
  session: PlaySession;
  ended?: { at: string; reason: PlayEndReason; failureMessage?: string };
}

/**
 * The name of the error the stage's `show` rejects with when a video's decoder refused the file:
 * proof of play reports it as a `decoder_failure` rather than a `renderer_failure`.
 */
export const DECODER_FAILURE = 'DecoderFailure';

/** One thing the stage shows. */
export interface StageItem {
  /** Unique per appearance: showing the same item again gets a new key. */
  key: string;
  /**
   * The manifest item's id. Once the item is fully on screen the stage root carries it as
   * `data-showing-item` (and its kind as `data-showing-kind`): what tests and the preview read.
   */
  itemId?: string;
  kind: 'image' | 'video' | 'website' | 'layout' | 'widget';
  /** Image and video: a URL the element can load (cached copy or network). Website: the page. */
  src?: string;
  /** Layout: the layout's id in the manifest's `layouts`. */
  layoutId?: string;
  /** Widget: its `assetId` in the manifest's `widgets`, drawn full screen as layouts draw it. */
  widgetId?: string;
  /** Website: how the page is opened and what stands in when it does not load. */
  website?: WebsiteSettings;
  /** How long it stays; for a video without one, until the video ends. */
  durationMs?: number;
  fitMode: string;
  transition: string;
  audioEnabled: boolean;
  /** 0–1. */
  volume: number;
  videoStartOffsetMs?: number;
  videoEndOffsetMs?: number;
}

/** What the screen shows outside its active hours (see `playback/outside-hours.ts`). */
export type OutsideHoursScreen =
  | { display: 'black' }
  | { display: 'custom_text'; text: string; color: string }
  /** Without a logo file (none set, or not verified yet) the text moves instead. */
  | { display: 'bouncing_logo'; logoSrc?: string; text: string; color: string };

/** How the stage plays what it shows, from the display-control settings: applied live to everything on it. */
export interface DisplayOutput {
  muted: boolean;
  /** 0–100: the share of each item's own volume that is heard. */
  volume: number;
  /** 0–100: 0 is black. */
  brightness: number;
}

/**
 * A website as the stage opens it: its manifest entry (`websites[]`, or a widget's web page) with
 * the config's `website` defaults filled in.
 */
export interface WebsiteSettings {
  /** The page counts as failed when it has not loaded by then. */
  loadTimeoutMs: number;
  /** Loaded again this often while it shows (reload policy `interval`); absent: once per appearance. */
  reloadEveryMs?: number;
  /** 100: the page as it lays itself out; 200: everything twice as large. */
  zoomPercent: number;
  /** The point of the page (CSS pixels) shown at the top left corner. */
  scrollX: number;
  scrollY: number;
  /** Behind the page while it loads and wherever it is transparent; the placeholder's colour. */
  backgroundColor: string;
  /** What stands in when the page fails: its fallback image, a placeholder, or nothing (the item is skipped). */
  onFailure: 'fallback_image' | 'placeholder' | 'skip';
  /** With `fallback_image`: the image, a verified file of the manifest's `assets`. */
  fallback?: { assetId: string; variantId: string };
  /** The website's name, on the placeholder. */
  name: string;
}

/**
 * The enrolled identity, kept in IndexedDB (idb-keyval's default store, key `credential`): written
 * by the protocol part, read by the page at start and by the service worker, which adds it to media
 * downloads. Never logged, never in a URL.
 */
export interface StoredCredential {
  /** `svc_device_<publicId>.<secret>`. */
  credential: string;
  screenId: string;
  screenName: string;
  /** The server's `installationId` (from `GET /api/v1/system/identity`) this credential belongs to. */
  installationId: string;
}

/** The idb-keyval key of the StoredCredential. */
export const CREDENTIAL_KEY = 'credential';
