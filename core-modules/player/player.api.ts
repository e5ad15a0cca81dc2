// The player module's public face: how other modules put things in a screen's manifest. Other
// modules import the player's types from here only.
export type { ContentSource, ContentSources, SourceContent } from './content-sources.js';
export type { ManifestContributor, ManifestPluginEntry, ManifestPlugins } from './manifest-plugins.js';
export type { ManifestItem, ManifestPlaylist } from './manifest-schema.js';
export { downloadPath } from './manifest-builder.js';
export type { ManifestSchedule } from './manifest-schema.js';
export { PREFETCH_DAYS_KEY } from './player-settings.js';
export { isTimeZone } from './playback/local-time.js';
export { type Claim, type Decision, decide } from './playback/playback-resolver.js';
export { type ScheduleRule, windowsBetween } from './playback/schedule-windows.js';
