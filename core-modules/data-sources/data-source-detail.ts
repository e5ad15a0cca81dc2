import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import { DataSourceSchema, type DataSourceView, DiagnosticsSchema, type DiagnosticsView } from './data-source-view.js';
import type { DataDocument } from './providers/document.js';

const FieldSchema = Type.Object({ key: Type.String(), label: Type.String(), type: Type.String() });

/** A source as its own page shows it: with how its refreshes go, the fields it offers and who reads it. */
export const DataSourceDetailSchema = Type.Object({
  ...DataSourceSchema.properties,
  diagnostics: DiagnosticsSchema,
  fields: Type.Array(FieldSchema, { description: 'The fields of the last good output, once each (none before the first good refresh).' }),
  widgetUsage: Type.Array(Type.Object({ id: Uuid, name: Type.String(), provider: Type.String() }), {
    description: 'Widgets that read the source (none until widgets exist).',
  }),
  bindingUsage: Type.Array(Type.Object({ layoutId: Uuid, layoutName: Type.String(), field: Type.String() }), {
    description: 'Layout bindings to its fields (none until layouts exist).',
  }),
});
export type DataSourceDetail = Static<typeof DataSourceDetailSchema>;

/** Every field the document's datasets hold, the first dataset's label and type winning. */
export function documentFields(document: DataDocument | null | undefined): Static<typeof FieldSchema>[] {
  const fields = new Map<string, Static<typeof FieldSchema>>();
  for (const dataset of document?.datasets ?? []) {
    for (const { key, label, type } of dataset.fields) if (!fields.has(key)) fields.set(key, { key, label, type });
  }
  return [...fields.values()];
}

/**
 * The detail of a source. No module here makes widgets or layouts yet, so nothing can read a
 * source through them: both usages are empty until one does (and registers its uses).
 */
export function dataSourceDetail(view: DataSourceView, diagnostics: DiagnosticsView, document: DataDocument | null | undefined): DataSourceDetail {
  return { ...view, diagnostics, fields: documentFields(document), widgetUsage: [], bindingUsage: [] };
}
