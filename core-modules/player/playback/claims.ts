import type { ManifestSchedule, ManifestPlaylist } from '../manifest-schema.js';
import type { Claim } from './playback-resolver.js';
import { DAY_MS } from '../../../kernel/local-time.js';
import { windowsBetween } from './schedule-windows.js';

/** What a source's manifest content claims: its playlist always, each schedule in its windows. */
export function claimsOf(
  source: { name: string; rank: number },
  content: { playlist?: ManifestPlaylist; schedules?: ManifestSchedule[] },
  at: number,
): Claim[] {
  const claims: Claim[] = [];
  if (content.playlist) claims.push({ source: source.name, rank: source.rank, id: content.playlist.id, content: { playlistId: content.playlist.id } });
  // Display-control schedules decide what the display does, not what plays.
  for (const rule of (content.schedules ?? []).filter((r) => r.playlistId)) {
    claims.push({
      source: source.name,
      rank: source.rank,
      id: rule.id,
      content: { playlistId: rule.playlistId! },
      // From the day before (an overnight window may hold) to a week ahead (the next transition).
      windows: windowsBetween(rule, at - DAY_MS, at + 8 * DAY_MS),
      priority: rule.priority,
      specificity: rule.specificity,
    });
  }
  return claims;
}
