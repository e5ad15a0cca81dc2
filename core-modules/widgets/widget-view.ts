import { Type, type Static } from '@sinclair/typebox';
import type { WidgetRow } from './widgets.models.js';

/** A widget's part of the asset JSON (the reference console's `Asset.widget`). */
export const WidgetViewSchema = Type.Object({
  provider: Type.String(),
  presetId: Type.Optional(Type.String()),
  configVersion: Type.Integer(),
  configuration: Type.Record(Type.String(), Type.Unknown(), { description: 'Complete: every setting of the type, defaults filled in.' }),
  managedBy: Type.Optional(Type.String({ description: 'The plugin that made it and keeps it: it cannot be edited, duplicated or deleted by hand.' })),
});
export type WidgetView = Static<typeof WidgetViewSchema>;

export const widgetView = (w: WidgetRow): WidgetView => ({
  provider: w.provider,
  ...(w.preset_id ? { presetId: w.preset_id } : {}),
  configVersion: w.config_version,
  configuration: w.configuration,
  ...(w.managed_by ? { managedBy: w.managed_by } : {}),
});
