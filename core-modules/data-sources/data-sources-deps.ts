import type { DataSourceLibrary } from './data-sources.api.js';
import type { DataSourcesService } from './data-sources.service.js';
import type { SourceRefreshDeps } from './source-refresh-deps.js';

/** The whole data sources module's container. */
export interface DataSourcesDeps extends SourceRefreshDeps {
  dataSourcesService: DataSourcesService;
  dataSourceLibrary: DataSourceLibrary;
}
