import type { GroupsDeps } from '../groups/groups-deps.js';
import type { PanelFilesRepository } from './panel-files.repository.js';
import type { SpanRepository } from './span.repository.js';

/** A wall's tables: what its panel files and its service build on. */
export interface SpanBaseDeps extends GroupsDeps {
  spanRepository: SpanRepository;
  panelFilesRepository: PanelFilesRepository;
}
