import { type ResourceUse, type UseChecker, UsageRegistry } from '../../kernel/usage-registry.js';

/** Something that plays a playlist and keeps it from being deleted: a screen group, a schedule, … */
export type PlaylistUse = ResourceUse;
export type PlaylistUseChecker = UseChecker;

/**
 * Who uses a playlist, beyond the screens assigned to it (their foreign key guards those): modules
 * that play playlists register a checker here, and a delete is refused while any reports a use.
 */
export class PlaylistUsageRegistry extends UsageRegistry {}
