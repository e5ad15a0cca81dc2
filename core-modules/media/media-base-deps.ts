import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { notificationConditionsRef } from '../notifications/notifications.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { AssetsRepository } from './assets.repository.js';
import type { TaggedMediaRepository } from './library/organization/tagged-media.repository.js';
import type { MediaConfig } from './media-config.js';
import type { MediaEvents } from './media-events.js';
import type { PlayableTypes } from './playable-types.js';

export const mediaUses = {
  settingsService: settingsServiceRef,
  dependencyGraph: dependencyGraphRef,
  notificationConditions: notificationConditionsRef,
  consoleEvents: consoleEventsRef,
};

/** What every part of the media module can use. Each part extends it with its own services. */
export interface MediaBaseDeps extends KernelDeps, UsedDeps<typeof mediaUses> {
  mediaConfig: MediaConfig;
  assetsRepository: AssetsRepository;
  mediaEvents: MediaEvents;
  taggedMediaRepository: TaggedMediaRepository;
  playableTypes: PlayableTypes;
}
