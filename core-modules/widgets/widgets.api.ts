// The widgets module's public face: the widget types (a plugin adds its own) and the facts of
// widgets other modules place (layouts). Other modules import its types from here only.
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { exportRef } from '../../kernel/export-ref.js';
import type { Configuration } from './definitions/configuration.js';
import type { WidgetDefinitions } from './definitions/widget-definition.js';

export type { Configuration } from './definitions/configuration.js';
export type { ConfigField, Control } from './definitions/fields.js';
export type { PresentationBinding, PresentationNode, WidgetPresentation } from './definitions/presentation.js';
/** Builders of native presentations, for a plugin's widget type: `native` names the capabilities its tree needs. */
export { native, node, textNode } from './definitions/presentation.js';
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
  /**
   * Makes a widget the module `owner` keeps for itself, in its transaction (checked as a person's
   * would be; the sources it binds may be new in `trx`). People see it in the library (its
   * `widget.managedBy` says who keeps it) but editing, duplicating or deleting it answers 409
   * `managed_resource` / `asset_in_use`. Answers its id.
   */
  createManaged(
    actor: ConsolePrincipal,
    input: { owner: string; provider: string; name: string; description: string; configuration: Configuration },
    trx: Knex.Transaction,
  ): Promise<string>;
  /** Deletes a widget made by createManaged, in the owner's transaction, once nothing the owner made plays it. */
  removeManaged(id: string, trx: Knex.Transaction): Promise<void>;
}

export const widgetLibraryRef = exportRef<WidgetLibrary>('widgets', 'widgetLibrary');
/** The widget types: `register` one at declaration time or in a start hook, before the catalog is read. */
export const widgetDefinitionsRef = exportRef<WidgetDefinitions>('widgets', 'widgetDefinitions');
