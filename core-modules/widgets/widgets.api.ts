// The widgets module's public face: the widget types (a plugin adds its own) and the facts of
// widgets other modules place (layouts). Other modules import its types from here only.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { WidgetDefinitions } from './definitions/widget-definition.js';

export type { Configuration } from './definitions/configuration.js';
export type { ConfigField, Control } from './definitions/fields.js';
export type { PresentationBinding, PresentationNode, WidgetPresentation } from './definitions/presentation.js';
export type { WidgetDefinition, WidgetDefinitions, WidgetPreset } from './definitions/widget-definition.js';

/** What a module placing a widget may know of it. */
export interface WidgetFacts {
  id: string;
  name: string;
  provider: string;
  dataSourceIds: string[];
}

export interface WidgetLibrary {
  /** Those of `ids` that are live widgets (not deleted), with their facts. */
  facts(ids: string[], trx?: Knex.Transaction): Promise<Map<string, WidgetFacts>>;
}

export const widgetLibraryRef = exportRef<WidgetLibrary>('widgets', 'widgetLibrary');
/** The widget types: `register` one at declaration time or in a start hook, before the catalog is read. */
export const widgetDefinitionsRef = exportRef<WidgetDefinitions>('widgets', 'widgetDefinitions');
