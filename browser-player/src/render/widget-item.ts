import type { LayoutContent } from './layout-types.js';
import type { Mounted } from './mounted.js';
import { mountWidget } from './presentation-view.js';

/** A widget played as a playlist item: drawn as layouts draw it, with their data, in a box the size of the screen. */
export function mountWidgetItem(widgetId: string, content: LayoutContent): Mounted {
  const widget = content.widgets.find((w) => w.assetId === widgetId);
  if (!widget) throw new Error(`widget ${widgetId} is not in the manifest`);
  const mounted = mountWidget(widget, content);
  mounted.element.classList.add('stage-media');
  return mounted;
}
