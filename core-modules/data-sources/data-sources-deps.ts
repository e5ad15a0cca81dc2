import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { UsageRegistry } from '../../kernel/usage-registry.js';
import type { ContentSources, ManifestSectionRegistry } from '../player/player.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { DataSourceLibrary } from './data-sources.api.js';
import type { DataSourcesConfig } from './data-sources-config.js';
import type { DataSourceViewers } from './data-source-viewers.js';
import type { DataSourcesRepository } from './data-sources.repository.js';
import type { DataSourcesService } from './data-sources.service.js';
import type { ParsePool } from './parse-pool.js';
import type { DataSourceProvider } from './providers/provider.js';
import type { SourceRefresher } from './source-refresh.js';

export const dataSourcesUses = { settingsService: settingsServiceRef };

export interface DataSourcesDeps extends KernelDeps, UsedDeps<typeof dataSourcesUses> {
  // From player (its exports, until it declares them as refs).
  contentSources: ContentSources;
  manifestSections: ManifestSectionRegistry;
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
