import type { PlayerFactsRow } from './screens.repository.js';

/** What a screen's player said about itself that decides what its manifest may contain. */
export interface PlayerFacts {
  /** `linux`, `android`, or "" before a player reported one. */
  platform: string;
  versionCode: number | null;
  /** `androidSdk`: the Android API level an Android player reports (null from other players). */
  androidSdk: number | null;
  /** `presentationSchemaVersions` of its last heartbeat: the manifest schemas it reads. */
  schemaVersions: number[];
  /** `nativePresentationCapabilities`: capability → version. */
  capabilities: Record<string, number>;
}

// Stored as the player sent them (the heartbeat keeps fields it does not check): only sound values count.
export function playerFacts(r: PlayerFactsRow): PlayerFacts {
  const capabilities = r.capabilities && typeof r.capabilities === 'object' && !Array.isArray(r.capabilities) ? r.capabilities : {};
  return {
    platform: r.platform,
    versionCode: r.player_version_code,
    androidSdk: Number.isInteger(r.android_sdk) ? (r.android_sdk as number) : null,
    schemaVersions: Array.isArray(r.schema_versions) ? r.schema_versions.filter((v): v is number => Number.isInteger(v)) : [],
    capabilities: Object.fromEntries(Object.entries(capabilities).filter((e): e is [string, number] => Number.isInteger(e[1]))),
  };
}
