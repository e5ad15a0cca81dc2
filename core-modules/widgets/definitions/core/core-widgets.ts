import type { WidgetDefinition } from '../widget-definition.js';
import { dataCharts } from './data-charts.js';
import { dataDisplays } from './data-display.js';
import { essentials } from './essentials.js';
import { webWidgets } from './web.js';

/** The widget types every installation has, in the order consoles list them. */
export const coreWidgets: WidgetDefinition[] = [...essentials, ...webWidgets, ...dataDisplays, ...dataCharts];
