import type { KernelDeps } from '../../kernel/kernel.js';
import type { UsageRegistry } from '../../kernel/usage-registry.js';
import type { ContentSources } from '../player/player.api.js';
import type { SettingsService } from '../settings/settings.api.js';
import type { DataSourceLibrary } from './data-sources.api.js';
import type { DataSourcesConfig } from './data-sources-config.js';
import type { DataSourceViewers } from './data-source-viewers.js';
import type { DataSourcesRepository } from './data-sources.repository.js';
import type { DataSourcesService } from './data-sources.service.js';
import type { ParsePool } from './parse-pool.js';
import type { DataSourceProvider } from './providers/provider.js';
import type { SourceRefresher } from './source-refresh.js';

export interface DataSourcesDeps extends KernelDeps {
  // From settings and player (their exports).
  settingsService: SettingsService;
  contentSources: ContentSources;
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
