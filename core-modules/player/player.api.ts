// The player module's public face: how other modules put things in a screen's manifest. Other
// modules import the player's types from here only.
export type { ContentSource, ContentSources, SourceContent } from './content-sources.js';
/** A build pass's memo: content read outside a manifest build (a publish's checks) makes its own. */
export { BuildMemo, switchedTo } from './content-sources.js';
export type { ContainersOf, ContentKind, ContentKinds, ContentRef, ContentUseChecker, ScreensGiven } from './content-kinds.js';
export { ContentChoiceSchema, ContentViewSchema, parseRefKey, refFromWire, refKey, wireField, wireOf } from './content-kinds.js';
export type { ManifestContributor, ManifestPluginEntry, ManifestPlugins } from './manifest-plugins.js';
export type { ManifestAsset, ManifestContent, ManifestItem, ManifestPlaylist } from './manifest-schema.js';
export { downloadPath } from './manifest-builder.js';
export type { ManifestLists, ManifestSections } from './manifest-sections.js';
export type { ManifestSection, ManifestSectionRegistry, SectionSource } from './manifest-sections.js';
export { claimsOf } from './manifest-sections.js';
export type { PlayerProfile } from './player-profiles.js';
export { POLICY_KEYS, PREFETCH_DAYS_KEY } from './player-settings.js';
export type { ConfigOverrides } from './player-config.service.js';
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { ContentKinds } from './content-kinds.js';
import type { ConfigSections } from './config-sections.js';
import type { ContentSources } from './content-sources.js';
import type { ManifestPlugins } from './manifest-plugins.js';
import type { ManifestSectionRegistry } from './manifest-sections.js';
import type { PlayerConfigService } from './player-config.service.js';
import type { PlaybackStatusView } from './playback-status.js';

export { PlaybackStatusProperties, type PlaybackStatusView } from './playback-status.js';
/** A screen's playback status (its manifest version and what its player reported of it). */
export type PlaybackStatus = (screenId: string) => Promise<PlaybackStatusView>;

/**
 * The manifest version now stored for each screen (0 before its first), read in `trx` when given:
 * what a change announced beside `manifest.changed` (a takeover's `takeover.changed`) names.
 */
export type ManifestVersionsOf = (screenIds: string[], trx?: Knex.Transaction) => Promise<Map<string, number>>;

export type { ConfigSection } from './config-sections.js';
/** The player configuration as other modules use it (a facade over the service): per-screen values, sections, refreshes. */
export type PlayerConfig = Pick<PlayerConfigService, 'useOverrides' | 'refresh' | 'revision' | 'requestResend'> & Pick<ConfigSections, 'addSection'>;
export { isTimeZone } from '../../kernel/local-time.js';
export { type Claim, type Decision, decide } from './playback/playback-resolver.js';
export { type ScheduleRule, windowsBetween } from './playback/schedule-windows.js';

/**
 * For data put back beneath the running processes (a demo reset): every screen's manifest and
 * config are built again. Their versions are kept out of such a restore, so they move on past
 * what players and each process's caches hold, and the players are told as for any change.
 */
export interface PlayerRefresh {
  everyScreen(): Promise<void>;
}

export const manifestPluginsRef = exportRef<ManifestPlugins>('player', 'manifestPlugins');
export const contentSourcesRef = exportRef<ContentSources>('player', 'contentSources');
export const contentKindsRef = exportRef<ContentKinds>('player', 'contentKinds');
export const manifestSectionsRef = exportRef<ManifestSectionRegistry>('player', 'manifestSections');
export const playerConfigRef = exportRef<PlayerConfig>('player', 'playerConfig');
export const playbackStatusRef = exportRef<PlaybackStatus>('player', 'playbackStatus');
export const manifestVersionsOfRef = exportRef<ManifestVersionsOf>('player', 'manifestVersionsOf');
export const playerRefreshRef = exportRef<PlayerRefresh>('player', 'playerRefresh');
