import type { PlayerFacts } from '../screens/screens.api.js';

/**
 * The manifest schema versions this server builds: 11 the base, 12 typed records, 13 declarative
 * presentations (data documents), 14 crossfade, 15 span canvas and web reload.
 */
export const SCHEMA_VERSIONS = [11, 12, 13, 14, 15] as const;
export const BASE_SCHEMA = 11;
/** The Android player plays a crossfade from this version code on (older ones get a fade). */
export const CROSSFADE_VERSION_CODE = 33;

/** What a screen's manifest is built for: the schema it is served, and what its player reported. */
export interface PlayerProfile {
  schema: number;
  platform: string;
  /** The player's version code, 0 when it reported none. */
  versionCode: number;
  /** `nativePresentationCapabilities`: capability → version. */
  capabilities: Record<string, number>;
}

/**
 * The profile of a player from its last heartbeat: served the highest schema both sides know; a
 * player that reported none (or none this server knows) gets the base every player reads.
 */
export function profileOf(facts: PlayerFacts | undefined): PlayerProfile {
  const known = (facts?.schemaVersions ?? []).filter((v) => (SCHEMA_VERSIONS as readonly number[]).includes(v));
  return {
    schema: known.length ? Math.max(...known) : BASE_SCHEMA,
    platform: facts?.platform ?? '',
    versionCode: facts?.versionCode ?? 0,
    capabilities: facts?.capabilities ?? {},
  };
}

/** Names a profile within a resolution key: screens whose players report alike share one build. */
export const profileKey = (p: PlayerProfile) =>
  `${p.schema}/${p.platform}/${p.versionCode}/${Object.entries(p.capabilities)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}@${v}`)
    .join(',')}`;

/** Whether the player plays `crossfade` (schema 14 and a version that implements it). */
export const playsCrossfade = (p: PlayerProfile) => p.schema >= 14 && p.versionCode >= CROSSFADE_VERSION_CODE;
