import type { Storage } from '../../kernel/storage/storage.js';
import type { ReleasePlatform } from './player-releases.api.js';
import { RELEASE_FILES } from './update-manifest.js';

/** Where a release's file lives in storage: under `player-releases/<id>/`, by its release name. */
export const releaseKey = (id: string, fileName: string) => `player-releases/${id}/${fileName}`;

export const ARTIFACT_TYPES: Record<ReleasePlatform, string> = {
  android: 'application/vnd.android.package-archive',
  linux: 'application/octet-stream',
};

/** Removes whatever a release holds in storage (its three files, or a part of them). */
export async function removeReleaseFiles(storage: Storage, id: string, platform: ReleasePlatform): Promise<void> {
  await Promise.all(Object.values(RELEASE_FILES[platform]).map((name) => storage.delete(releaseKey(id, name))));
}
