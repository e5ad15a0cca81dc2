/**
 * The manifest as `GET /api/v1/player/manifest` sends it (the `data` of the envelope): the fields
 * this player reads. Field names, types and nullability follow the server's answer.
 */

export interface ManifestItem {
  id: string;
  assetId: string;
  layoutId?: string | null;
  variantId?: string | null;
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

export interface Manifest {
  schemaVersion: number;
  manifestVersion: number;
  screenId: string;
  generatedAt: string;
  serverTime: string;
  mode: 'presentation';
  playlist?: ManifestPlaylist | null;
  directFallbackPlaylist?: ManifestPlaylist | null;
  playlists?: ManifestPlaylist[];
  assets: ManifestAsset[];
  prefetchHorizonDays: number;
  activationGraceSeconds: number;
}
