import type { Knex } from 'knex';
import type { TSchema } from '@sinclair/typebox';
import type { DataSourceProvider } from './providers/provider.js';
import type { DocumentField } from './providers/document.js';
import type { DataSourcesBaseDeps } from './data-sources-base-deps.js';

/** What a source's output can feed: every provider's output is records; these say what more. */
export interface SourceShape {
  /** Carries number-like fields (number, integer, percent, currency): metrics, charts. */
  numeric?: boolean;
  /** Carries dates or times: agendas, timelines. */
  temporal?: boolean;
  /** Current conditions and a forecast: the weather widget. */
  weather?: boolean;
}

/** One configuration field of a provider, as consoles draw its form. */
export interface SourceConfigurationField {
  key: string;
  label: string;
  control: 'text' | 'multiline_text' | 'number' | 'integer' | 'boolean' | 'select' | 'url' | 'repeating_group';
  required: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  options?: { value: string; label: string }[];
}

/** A data-source kind as `content-definitions` lists it (the reference console's `DataSourceDefinition`). */
export interface DataSourceDefinition {
  id: string;
  name: string;
  description: string;
  configurationFields: SourceConfigurationField[];
  /** The provider's own JSON schema of its configuration: what consoles generate a form from. */
  configurationJsonSchema: Record<string, unknown>;
  defaultConfiguration: Record<string, unknown>;
  outputKind: 'records';
  /** Fields every source of the kind produces; a table's or a mapped feed's depend on its configuration. */
  outputFields: { key: string; label: string; type: string }[];
  shape: SourceShape;
  refreshBehavior: 'interval' | 'on_edit';
}

/** What a widget binding a source may rely on: its kind, its shape, and its fields when known. */
export interface SourceFacts {
  id: string;
  name: string;
  provider: string;
  shape: SourceShape;
  /** Its fields with their types; null while it has produced nothing and its configuration does not say. */
  fields: { key: string; type: string }[] | null;
}

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** A provider's configuration schema's top-level properties as form fields (nested objects become groups). */
function fieldsOf(schema: TSchema): SourceConfigurationField[] {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(properties).map(([key, s]) => {
    const literals = (s.anyOf as TSchema[] | undefined)?.filter((o) => o.const !== undefined);
    const control: SourceConfigurationField['control'] = literals?.length
      ? 'select'
      : s.type === 'boolean'
        ? 'boolean'
        : s.type === 'integer'
          ? 'integer'
          : s.type === 'number'
            ? 'number'
            : s.type === 'array' || s.type === 'object'
              ? 'repeating_group'
              : s.format === 'uri'
                ? 'url'
                : (s.maxLength ?? 0) > 500
                  ? 'multiline_text'
                  : 'text';
    return {
      key,
      label: words(key),
      control,
      required: required.has(key),
      ...(s.default !== undefined ? { default: s.default } : {}),
      ...(typeof s.minimum === 'number' ? { minimum: s.minimum } : {}),
      ...(typeof s.maximum === 'number' ? { maximum: s.maximum } : {}),
      ...(typeof s.maxLength === 'number' ? { maxLength: s.maxLength } : {}),
      ...(literals?.length ? { options: literals.map((o) => ({ value: String(o.const), label: words(String(o.const)) })) } : {}),
    };
  });
}

/** Each registered provider's definition, from what the provider says of itself: no central list. */
export function dataSourceDefinitions(providers: Map<string, DataSourceProvider>): DataSourceDefinition[] {
  return [...providers.values()]
    .filter((p) => !p.managedBy)
    .map((p) => {
      const configurationFields = fieldsOf(p.configuration);
      return {
        id: p.name,
        name: p.label ?? words(p.name),
        description: p.description ?? '',
        configurationFields,
        // As JSON has it (TypeBox's own symbol keys dropped).
        configurationJsonSchema: JSON.parse(JSON.stringify(p.configuration)) as Record<string, unknown>,
        defaultConfiguration: Object.fromEntries(configurationFields.flatMap((f) => (f.default !== undefined ? [[f.key, f.default]] : []))),
        outputKind: 'records',
        outputFields: p.outputFields ?? [],
        shape: p.shape ?? {},
        refreshBehavior: p.name === 'manual' ? 'on_edit' : 'interval',
      };
    });
}

type Deps = Pick<DataSourcesBaseDeps, 'dataSourcesRepository' | 'dataSourceProviders'>;

const typed = (fields: DocumentField[]) => fields.map((f) => ({ key: f.key, type: f.type }));

/** The facts of those of `ids` that exist: fields from the configuration when the provider knows them, else from the last output. */
export async function sourceFacts(d: Deps, ids: string[], trx?: Knex.Transaction): Promise<Map<string, SourceFacts>> {
  if (!ids.length) return new Map();
  const [sources, outputs] = await Promise.all([d.dataSourcesRepository.byIds(ids, trx), d.dataSourcesRepository.outputsOf(ids, trx)]);
  const outputOf = new Map(outputs.map((o) => [o.source_id, o]));
  return new Map(
    sources.map((s) => {
      const provider = d.dataSourceProviders.get(s.provider);
      const declared = provider?.fields?.(s.configuration);
      const produced = outputOf.get(s.id)?.document?.datasets[0]?.fields;
      const fields = declared ? typed(declared) : produced?.length ? typed(produced) : null;
      return [s.id, { id: s.id, name: s.name, provider: s.provider, shape: provider?.shape ?? {}, fields }];
    }),
  );
}
