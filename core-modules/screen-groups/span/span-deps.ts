import type { PanelFilesDeps } from './panel-files-deps.js';
import type { SpanService } from './span.service.js';

export interface SpanDeps extends PanelFilesDeps {
  spanService: SpanService;
}
