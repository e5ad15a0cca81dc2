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
  binding?: { prefix?: string; suffix?: string; fallbackText?: string; hideWhenEmpty?: boolean };
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
  binding?: { source: string; value?: string; path?: string; format?: string; prefix?: string; suffix?: string; fallback?: string };
  children?: PresentationNode[];
}

export interface ManifestWidgetEntry {
  assetId: string;
  name: string;
  presentation?: {
    kind: string;
    native?: { root: PresentationNode };
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

/** What `Stage.setLayouts` takes: the current manifest's layouts and what they name. */
export interface LayoutContent {
  layouts: ManifestLayoutEntry[];
  playlists: { id: string; items: ZoneItem[] }[];
  widgets: ManifestWidgetEntry[];
  /** A file of the manifest (`variantId` when the document names one); undefined when not available. */
  file(assetId: string, variantId?: string | null): ResolvedFile | undefined;
  /** A website asset's page; undefined when unknown. */
  website?(assetId: string): string | undefined;
}
