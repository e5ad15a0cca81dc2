import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { UsageRegistry } from '../../kernel/usage-registry.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { contentSourcesRef, manifestSectionsRef } from '../player/player.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { DataSourcesConfig } from './data-sources-config.js';
import type { DataSourceViewers } from './data-source-viewers.js';
import type { DataSourcesRepository } from './data-sources.repository.js';
import type { ParsePool } from './parse-pool.js';
import type { DataSourceProvider } from './providers/provider.js';

export const dataSourcesUses = {
  settingsService: settingsServiceRef,
  contentSources: contentSourcesRef,
  manifestSections: manifestSectionsRef,
  consoleEvents: consoleEventsRef,
};

/**
 * What the data sources module's services build on: its table, providers, viewers, parsing and
 * configuration. Services sit in the layers above, so no service's own deps file names it.
 */
export interface DataSourcesBaseDeps extends KernelDeps, UsedDeps<typeof dataSourcesUses> {
  dataSourcesRepository: DataSourcesRepository;
  dataSourceProviders: Map<string, DataSourceProvider>;
  dataSourceViewers: DataSourceViewers;
  dataSourceUsage: UsageRegistry;
  parsePool: ParsePool;
  dataSourcesConfig: DataSourcesConfig;
}
