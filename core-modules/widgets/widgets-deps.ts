import type { WidgetsBaseDeps } from './widgets-base-deps.js';
import type { WidgetLibraryReader } from './widget-library.js';
import type { WidgetsService } from './widgets.service.js';

/** The whole widgets module's container. */
export interface WidgetsDeps extends WidgetsBaseDeps {
  widgetsService: WidgetsService;
  /** Exported as the face's `widgetLibrary`; also the data-source viewer and usage checker. */
  widgetLibrary: WidgetLibraryReader;
}
