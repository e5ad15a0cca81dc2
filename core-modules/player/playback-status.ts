import { type Static, Type } from '@sinclair/typebox';
import { PlaybackReportProperties } from '../screens/screens.api.js';
import type { PlayerManifestDeps } from './player-manifest-deps.js';

const SYNC_STATES = ['not_reported', 'current', 'preparing', 'out_of_date'] as const;

/**
 * A screen's playback as the reference's console shows it beside the screen's assignment: the
 * manifest version the server holds for it, what its player last reported, and whether the two agree.
 * Spread its properties into a response schema that carries it.
 */
export const PlaybackStatusProperties = {
  manifestVersion: Type.Integer({ minimum: 0, description: 'The screen’s current manifest version (0 before its first manifest).' }),
  synchronizationStatus: Type.Union(
    SYNC_STATES.map((s) => Type.Literal(s)),
    {
      description:
        '`current`: the player plays manifestVersion; `preparing`: it is getting it ready; `out_of_date`: neither; `not_reported`: its player reported no version yet.',
    },
  ),
  ...PlaybackReportProperties,
};
const PlaybackStatusSchema = Type.Object(PlaybackStatusProperties);
export type PlaybackStatusView = Static<typeof PlaybackStatusSchema>;

/** The screen's playback status; 404 screen_not_found for no such screen. */
export async function playbackStatus(d: Pick<PlayerManifestDeps, 'manifestService' | 'screensService'>, screenId: string): Promise<PlaybackStatusView> {
  const [report, manifestVersion] = await Promise.all([d.screensService.playbackReport(screenId), d.manifestService.currentVersion(screenId)]);
  const active = report.playerActiveManifestVersion;
  const synchronizationStatus =
    active === undefined
      ? 'not_reported'
      : active === manifestVersion
        ? 'current'
        : report.playerPendingManifestVersion === manifestVersion
          ? 'preparing'
          : 'out_of_date';
  return { manifestVersion, synchronizationStatus, ...report };
}
