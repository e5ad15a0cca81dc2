import { type DataLookup, dataLookupOf } from './data-values.js';

/**
 * What the stage reads of the manifest to draw layouts and widgets, as the server sends them
 * (`layouts[]`, `playlists[]`, `widgets[]`). Structural: playback passes the manifest's own objects.
 */

export interface LayoutPlacement {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  layer: number;
  opacity: number;
  visible: boolean;
  widgetId?: string;
  assetId?: string;
  variantId?: string;
  playlistId?: string;
  primitive?: LayoutPrimitive;
  playback?: { fit?: string; muted?: boolean; loop?: boolean; fallback?: string; cornerRadius?: number };
}

export interface LayoutPrimitive {
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
  fillColor?: string;
  strokeColor?: string;
  strokeWidth?: number;
  binding?: { dataSourceId: string; field: string; prefix?: string; suffix?: string; fallbackText?: string; hideWhenEmpty?: boolean; format?: string };
}

export interface LayoutDocument {
  schemaVersion: number;
  canvas: { width: number; height: number; backgroundColor: string; backgroundAssetId?: string; backgroundVariantId?: string };
  placements: LayoutPlacement[];
}

export interface ManifestLayoutEntry {
  id: string;
  document: LayoutDocument;
}

export interface PresentationNode {
  type: string;
  props?: Record<string, unknown>;
  binding?: {
    source: string;
    dataset?: string;
    value?: string;
    path?: string;
    fields?: string[];
    format?: string;
    precision?: number;
    prefix?: string;
    suffix?: string;
    fallback?: string;
    separator?: string;
  };
  repeat?: { dataset: string; limit: number; offset?: number };
  children?: unknown[];
}

export interface ManifestWidgetEntry {
  assetId: string;
  name: string;
  presentation?: {
    kind: string;
    /** A tree of PresentationNode, read defensively: the wire leaves it open. */
    native?: { root: unknown };
    web?: { url: string; loadTimeoutSeconds?: number };
  };
}

export interface ZoneItem {
  id: string;
  assetId: string;
  variantId?: string | null;
  assetType: string;
  durationMs: number | null;
  fitMode: string;
  audioEnabled: boolean;
  volume: number;
  videoStartOffsetMs?: number | null;
  videoEndOffsetMs?: number | null;
}

/** A file the screen can load: its URL (the cached copy) and type. */
export interface ResolvedFile {
  url: string;
  mimeType: string;
}

/** A file of the manifest's `assets`, as the stage reads it. */
export interface StageAsset {
  assetId: string;
  variantId: string;
  mimeType: string;
}

interface PlaylistEntry {
  id: string;
  items: ZoneItem[];
}

/** What `Stage.useManifest` reads of a manifest (the wire's `Manifest` is one). */
export interface StageManifest<A extends StageAsset> {
  layouts?: ManifestLayoutEntry[];
  layout?: ManifestLayoutEntry;
  directFallbackLayout?: ManifestLayoutEntry;
  playlist?: PlaylistEntry | null;
  directFallbackPlaylist?: PlaylistEntry | null;
  playlists?: PlaylistEntry[];
  widgets?: ManifestWidgetEntry[];
  websites?: { assetId: string; url: string }[];
  dataSources?: { id: string; dataDocument?: { datasets: unknown[] } }[];
  assets: A[];
}

/** What layouts draw from: the current manifest's layouts and what they name. */
export interface LayoutContent {
  layouts: ManifestLayoutEntry[];
  playlists: PlaylistEntry[];
  widgets: ManifestWidgetEntry[];
  /** A file of the manifest (`variantId` when the document names one); undefined when not available. */
  file(assetId: string, variantId?: string | null): ResolvedFile | undefined;
  /** A website asset's page; undefined when unknown. */
  website(assetId: string): string | undefined;
  data: DataLookup;
}

/** The layout content of a manifest, its files loaded from where `srcFor` says (the offline cache). */
export function layoutContentOf<A extends StageAsset>(m: StageManifest<A>, srcFor: (asset: A) => string): LayoutContent {
  const present = <T>(list: (T | null | undefined)[]) => list.filter((x): x is T => x != null);
  return {
    layouts: present([...(m.layouts ?? []), m.layout, m.directFallbackLayout]),
    playlists: present([...(m.playlists ?? []), m.playlist, m.directFallbackPlaylist]),
    widgets: m.widgets ?? [],
    file(assetId, variantId) {
      const asset = m.assets.find((a) => a.assetId === assetId && (!variantId || a.variantId === variantId));
      return asset ? { url: srcFor(asset), mimeType: asset.mimeType } : undefined;
    },
    website: (assetId) => m.websites?.find((w) => w.assetId === assetId)?.url,
    data: dataLookupOf(m.dataSources ?? []),
  };
}
