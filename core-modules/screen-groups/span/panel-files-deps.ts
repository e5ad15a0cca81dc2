import type { PanelFilesService } from './panel-files.service.js';
import type { SpanBaseDeps } from './span-base-deps.js';

/** The wall's panel files, a layer of their own: the wall's service takes them from here, not from the deps that name it. */
export interface PanelFilesDeps extends SpanBaseDeps {
  panelFilesService: PanelFilesService;
}
