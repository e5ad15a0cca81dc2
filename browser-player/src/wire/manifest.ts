/**
 * The manifest as `GET /api/v1/player/manifest` sends it (the `data` of the envelope): the fields
 * this player reads. Field names, types and nullability follow the server's answer: optional
 * fields are left out rather than sent as null (the `| null` kept on older names costs nothing).
 */

export interface ManifestItem {
  id: string;
  /** A layout item's is its layout's id. */
  assetId: string;
  /** Only for an item playing a layout (assetType `layout`), named in `layouts`. */
  layoutId?: string | null;
  /** The file it plays; absent for an item that streams instead (a website, named in `websites`). */
  variantId?: string | null;
  /** `image`, `video`, `website`, `widget`, `layout`, … */
  assetType: string;
  durationMs: number | null;
  fitMode: string;
  transition: string;
  audioEnabled: boolean;
  /** 0–1. */
  volume: number;
  videoStartOffsetMs?: number | null;
  videoEndOffsetMs?: number | null;
  deliveryPolicy: string;
  /** The config's playback defaults stand in for the item's fit, transition, image duration, volume. */
  usePlayerDefaults?: boolean;
  availableFrom?: string | null;
  expiresAt?: string | null;
}

export interface ManifestPlaylist {
  id: string;
  revision: number;
  name: string;
  items: ManifestItem[];
}

export interface ManifestAsset {
  assetId: string;
  variantId: string;
  mimeType: string;
  /** Hex SHA-256 of the file. */
  sha256: string;
  fileSize: number;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
  /** `/api/v1/player/assets/{assetId}/variants/{variantId}`, fetched with the device credential. */
  downloadPath: string;
  availableFrom?: string | null;
  expiresAt?: string | null;
}

/** A display-control schedule's action (what it does to the display while it holds). */
export interface ManifestDisplayAction {
  type: string;
  input?: string;
  volume?: number;
  brightness?: number;
}

/**
 * A schedule as players resolve it offline: weekly wall-clock windows in its zone, or one-time
 * instants. Exactly one of playlistId, layoutId, displayAction.
 */
export interface ManifestSchedule {
  id: string;
  playlistId?: string;
  layoutId?: string;
  displayAction?: ManifestDisplayAction;
  type: 'weekly' | 'one_time';
  /** IANA zone the wall-clock fields are read in. */
  timezone: string;
  /** −999…999, higher wins. */
  priority: number;
  /** 1: targets the screen itself; 0: its group. */
  specificity: number;
  /** `YYYY-MM-DD`, inclusive, in the schedule's zone. */
  startDate?: string;
  endDate?: string;
  /** One-time: ISO instants. */
  oneTimeStart?: string;
  oneTimeEnd?: string;
  /** Weekly: `HH:MM` in the zone; an end at or before the start crosses midnight. */
  dailyStart?: string;
  dailyEnd?: string;
  /** 0 = Sunday … 6 = Saturday; a weekly schedule without days never holds. */
  daysOfWeek?: number[];
}

/** The takeover holding the screen: its playlist (in `playlists`) plays over everything in its window. */
export interface ManifestTakeover {
  id: string;
  playlistId: string;
  activatedAt: string;
  expiresAt: string;
}

/** A quick presentation: above the schedules from `startedAt` until `expiresAt` (or until stopped). */
export interface ManifestOverride {
  id: string;
  /** `playlist`, `layout` or `asset` (an asset plays as a one-item playlist listed in `playlists`). */
  contentType: string;
  contentId: string;
  contentName: string;
  startedAt: string;
  expiresAt?: string;
  playlistId?: string;
  layoutId?: string;
  wakeDisplay: boolean;
}

export interface LayoutBinding {
  dataSourceId: string;
  field: string;
  prefix?: string;
  suffix?: string;
  fallbackText?: string;
  hideWhenEmpty?: boolean;
  /** `text`, `date-short`, `date-long`, `number`, `integer` or `currency`. */
  format?: string;
}

export interface LayoutPrimitive {
  /** `text`, `rectangle`, `circle`, `line` or `group`. */
  kind: string;
  text?: string;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: number;
  textAlign?: string;
  verticalAlign?: string;
  color?: string;
  backgroundColor?: string;
  lineHeight?: number;
  letterSpacing?: number;
  padding?: number;
  borderWidth?: number;
  borderColor?: string;
  cornerRadius?: number;
  maximumLines?: number;
  overflow?: string;
  autoFit?: boolean;
  minimumFontSize?: number;
  fillColor?: string;
  strokeColor?: string;
  strokeWidth?: number;
  binding?: LayoutBinding;
}

export interface LayoutPlayback {
  /** `contain`, `cover` or `stretch`. */
  fit?: string;
  muted?: boolean;
  loop?: boolean;
  /** `hide`, `background` or `previous`. */
  fallback?: string;
  cornerRadius?: number;
}

export interface LayoutPlacement {
  id: string;
  /** `widget`, `asset`, `playlistZone` or `primitive`. */
  type: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  layer: number;
  opacity: number;
  visible: boolean;
  locked: boolean;
  groupId?: string;
  widgetId?: string;
  assetId?: string;
  variantId?: string;
  playlistId?: string;
  overrides?: Record<string, unknown>;
  primitive?: LayoutPrimitive;
  playback?: LayoutPlayback;
}

export interface LayoutCanvas {
  width: number;
  height: number;
  orientation: string;
  /** `#RRGGBB` or `#RRGGBBAA`. */
  backgroundColor: string;
  backgroundAssetId?: string;
  backgroundVariantId?: string;
  safeAreaPercent: number;
}

/** A layout document, schema version 2. */
export interface LayoutDocument {
  schemaVersion: number;
  canvas: LayoutCanvas;
  placements: LayoutPlacement[];
}

/** A published layout: the revision's document with each file's variant filled in. */
export interface ManifestLayout {
  id: string;
  revisionId: string;
  revision: number;
  documentSha256: string;
  document: LayoutDocument;
}

/** A website asset as the player opens it. */
export interface ManifestWebsite {
  assetId: string;
  name: string;
  url: string;
  allowedHosts: string[];
  javascriptEnabled: boolean;
  domStorageEnabled: boolean;
  cookiePolicy: string;
  reloadPolicy: string;
  refreshIntervalSeconds?: number | null;
  loadTimeoutSeconds: number;
  zoomPercent: number;
  scrollX: number;
  scrollY: number;
  customUserAgent?: string;
  backgroundColor: string;
  /** `fallback_image`, `placeholder` or `skip`. */
  failureBehavior: string;
  fallbackImageAssetId?: string | null;
  fallbackVariantId?: string | null;
}

/** Where a presentation node's value comes from. */
export interface PresentationBinding {
  /** `literal`, `dataset`, `repeat`, `repeat_index` or `environment`. */
  source: string;
  dataset?: string;
  path?: string;
  value?: string;
  fields?: string[];
  format?: string;
  precision?: number;
  prefix?: string;
  suffix?: string;
  fallback?: string;
  separator?: string;
}

/** One node of a widget's declarative tree (schema 13). */
export interface PresentationNode {
  id?: string;
  type: string;
  props?: Record<string, unknown>;
  binding?: PresentationBinding;
  repeat?: { dataset: string; limit: number; offset?: number };
  condition?: { binding: PresentationBinding; op: string; value?: string };
  children?: PresentationNode[];
}

/** Schema 13 on: what a widget draws, declaratively. */
export interface WidgetPresentation {
  schemaVersion: 1;
  kind: 'native' | 'web';
  requiredCapabilities: Record<string, number>;
  native?: { root: PresentationNode };
  web?: {
    mode: 'remote';
    url: string;
    allowedHosts: string[];
    onlineOnly: boolean;
    lifecycle: string;
    fallbackBehavior: string;
    loadTimeoutSeconds: number;
  };
}

export interface ManifestWidget {
  assetId: string;
  name: string;
  provider: string;
  configVersion: number;
  /** Schema 11 and 12 only. */
  configuration?: Record<string, unknown>;
  /** Schema 13 on. */
  presentation?: WidgetPresentation;
}

export interface ManifestDataSource {
  id: string;
  name: string;
  provider: string;
  configVersion: number;
  configuration: Record<string, unknown>;
  dataDocument?: { schemaVersion: 1; datasets: unknown[] };
}

/** An installed plugin's entry (`countdown_bar`, `brand_bug`, …); a type the player does not know is ignored. */
export interface ManifestPluginEntry {
  id: string;
  type: string;
  version: number;
  config: unknown;
}

export interface ManifestSyncGroup {
  id: string;
  playbackEpoch: string;
}

export interface ManifestCanvas {
  width: number;
  height: number;
}

export interface ManifestViewport {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  order: number;
  bezelLeft: number;
  bezelTop: number;
  bezelRight: number;
  bezelBottom: number;
}

export interface Manifest {
  schemaVersion: number;
  manifestVersion: number;
  screenId: string;
  generatedAt: string;
  serverTime: string;
  mode: 'presentation';
  /** The screen's own (or its group's) playlist: what plays when nothing ranked above holds. */
  playlist?: ManifestPlaylist | null;
  /** The same fallback, under the name players use after schedules. */
  directFallbackPlaylist?: ManifestPlaylist | null;
  /** The assigned content when it is a layout. */
  layout?: ManifestLayout;
  directFallbackLayout?: ManifestLayout;
  /** Every playlist the screen may switch to offline. */
  playlists?: ManifestPlaylist[];
  /** Every layout the screen may show. */
  layouts?: ManifestLayout[];
  schedules?: ManifestSchedule[];
  takeover?: ManifestTakeover;
  /** The same as `takeover`, under its older name. */
  emergency?: ManifestTakeover;
  presentationOverride?: ManifestOverride;
  websites?: ManifestWebsite[];
  widgets?: ManifestWidget[];
  dataSources?: ManifestDataSource[];
  plugins?: ManifestPluginEntry[];
  branding?: { logoAssetId: string; logoVariantId: string };
  syncGroup?: ManifestSyncGroup;
  canvas?: ManifestCanvas;
  viewport?: ManifestViewport;
  /** Every file the screen may need, each once. */
  assets: ManifestAsset[];
  prefetchHorizonDays: number;
  activationGraceSeconds: number;
}
