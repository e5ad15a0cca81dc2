import type { DataSourcesBaseDeps } from './data-sources-base-deps.js';
import type { SourceRefresher } from './source-refresh.js';

/** The refresher, a layer of its own: the service schedules and runs refreshes through it. */
export interface SourceRefreshDeps extends DataSourcesBaseDeps {
  sourceRefresher: SourceRefresher;
}
