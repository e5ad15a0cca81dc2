import type { Manifest, ManifestAsset } from '../wire/manifest.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// An unreadable instant counts as outside every window, as the reference players treat it.
const instant = (value: string | null | undefined): number | null | 'invalid' => {
  if (value == null || value === '') return null;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : 'invalid';
};

/**
 * The files a player keeps at `now`: every file the manifest names that has not expired and becomes
 * available within its prefetch horizon (`prefetchHorizonDays`), once per download path.
 */
export function filesToKeep(manifest: Manifest, now: number): ManifestAsset[] {
  const horizon = now + manifest.prefetchHorizonDays * DAY_MS;
  const kept = new Map<string, ManifestAsset>();
  for (const asset of manifest.assets) {
    const from = instant(asset.availableFrom);
    const until = instant(asset.expiresAt);
    if (from === 'invalid' || until === 'invalid') continue;
    if (until !== null && until <= now) continue;
    if (from !== null && from > horizon) continue;
    if (!kept.has(asset.downloadPath)) kept.set(asset.downloadPath, asset);
  }
  return [...kept.values()];
}
