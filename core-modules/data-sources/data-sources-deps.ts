import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { UsageRegistry } from '../../kernel/usage-registry.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { DataSourceLibrary } from './data-sources.api.js';
import type { DataSourcesConfig } from './data-sources-config.js';
import type { DataSourceViewers } from './data-source-viewers.js';
import type { DataSourcesRepository } from './data-sources.repository.js';
import type { DataSourcesService } from './data-sources.service.js';
import type { ParsePool } from './parse-pool.js';
import type { DataSourceProvider } from './providers/provider.js';
import type { SourceRefresher } from './source-refresh.js';
import { contentSourcesRef, manifestSectionsRef } from '../player/player.api.js';

export const dataSourcesUses = { settingsService: settingsServiceRef, contentSources: contentSourcesRef, manifestSections: manifestSectionsRef };

export interface DataSourcesDeps extends KernelDeps, UsedDeps<typeof dataSourcesUses> {
  // Own.
  dataSourcesRepository: DataSourcesRepository;
  dataSourcesService: DataSourcesService;
  dataSourceProviders: Map<string, DataSourceProvider>;
  dataSourceViewers: DataSourceViewers;
  dataSourceUsage: UsageRegistry;
  parsePool: ParsePool;
  sourceRefresher: SourceRefresher;
  dataSourceLibrary: DataSourceLibrary;
  dataSourcesConfig: DataSourcesConfig;
}
