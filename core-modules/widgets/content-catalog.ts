import { createHash } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { DataSourceDefinition } from '../data-sources/data-sources.api.js';
import { ConfigFieldSchema } from './definitions/fields.js';
import type { WidgetDefinition } from './definitions/widget-definition.js';

const Fields = Type.Object({ fields: Type.Array(ConfigFieldSchema) });
const Capabilities = Type.Record(Type.String(), Type.Integer());

/** What every definition says of itself, widget or data source. */
const Described = {
  id: Type.String(),
  version: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  category: Type.String(),
  icon: Type.String(),
};

const WidgetDefinitionSchema = Type.Object({
  ...Described,
  kind: Type.Literal('widget'),
  runtime: Type.Union([Type.Literal('native'), Type.Literal('web')]),
  configurationSchema: Fields,
  defaultConfiguration: Type.Record(Type.String(), Type.Unknown()),
  presets: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), description: Type.String(), configuration: Type.Record(Type.String(), Type.Unknown()) }),
  ),
  acceptedDataSourceKinds: Type.Array(Type.String(), { description: 'The shapes a bound source must have; empty for a type that binds none.' }),
  presentationSchemaVersion: Type.Integer(),
  requiredCapabilities: Capabilities,
  emptyStateBehavior: Type.String(),
  requiresManifestV13: Type.Boolean({ description: 'Only players drawing declarative presentations (schema 13 on) can show it.' }),
});

const DataSourceDefinitionSchema = Type.Object({
  ...Described,
  configurationSchema: Type.Object({
    ...Fields.properties,
    jsonSchema: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The provider’s configuration as a JSON schema (draft 7 subset): a console generates its form from it.',
    }),
  }),
  defaultConfiguration: Type.Record(Type.String(), Type.Unknown()),
  outputSchema: Type.Object({
    kind: Type.Literal('records'),
    fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Type.String() })),
  }),
  shape: Type.Object({ numeric: Type.Boolean(), temporal: Type.Boolean(), weather: Type.Boolean() }),
  adapterId: Type.String(),
  refreshBehavior: Type.String(),
});

export const ContentDefinitionCatalogSchema = Type.Object({
  revision: Type.String(),
  compilerVersion: Type.String(),
  fingerprint: Type.String({ description: 'Moves when any definition changes: consoles may cache the catalog by it.' }),
  widgets: Type.Array(WidgetDefinitionSchema),
  dataSources: Type.Array(DataSourceDefinitionSchema),
});
type Catalog = Static<typeof ContentDefinitionCatalogSchema>;

export const ProviderCatalogSchema = Type.Object({
  revision: Type.Integer(),
  providers: Type.Array(
    Type.Object({
      id: Type.String(),
      role: Type.Union([Type.Literal('widget'), Type.Literal('data_source')]),
      label: Type.String(),
      group: Type.String(),
      description: Type.String(),
      presentationKind: Type.Optional(Type.Union([Type.Literal('native'), Type.Literal('web')])),
      capabilities: Type.Record(Type.String(), Type.Boolean()),
      requiredCapabilities: Type.Optional(Capabilities),
      uiHints: Type.Record(Type.String(), Type.String()),
    }),
  ),
});
type ProviderCatalog = Static<typeof ProviderCatalogSchema>;

export const COMPILER_VERSION = '1';

const defaults = (d: WidgetDefinition) => Object.fromEntries(d.fields.flatMap((f) => (f.default === undefined ? [] : [[f.key, f.default]])));
const accepted = (d: WidgetDefinition) => d.fields.find((f) => f.control === 'data_source')?.acceptedDataSourceKinds ?? [];

/** The authoritative catalog: every widget and data-source type registered now, with its form. */
export function contentDefinitions(widgets: WidgetDefinition[], sources: DataSourceDefinition[]): Catalog {
  const body = {
    widgets: widgets.map((d) => ({
      id: d.id,
      version: d.version,
      name: d.name,
      description: d.description,
      category: d.category,
      icon: d.icon,
      kind: 'widget' as const,
      runtime: d.runtime,
      configurationSchema: { fields: d.fields },
      defaultConfiguration: defaults(d),
      presets: d.presets ?? [],
      acceptedDataSourceKinds: accepted(d),
      presentationSchemaVersion: 1,
      requiredCapabilities: d.requiredCapabilities,
      emptyStateBehavior: d.emptyStateBehavior,
      requiresManifestV13: !d.legacyPlayers,
    })),
    dataSources: sources.map((s) => ({
      id: s.id,
      version: 1,
      name: s.name,
      description: s.description,
      category: s.shape.temporal && !s.shape.numeric ? 'Feeds' : 'Structured',
      icon: 'database',
      configurationSchema: { fields: s.configurationFields, jsonSchema: s.configurationJsonSchema },
      defaultConfiguration: s.defaultConfiguration,
      outputSchema: { kind: s.outputKind, fields: s.outputFields },
      shape: { numeric: Boolean(s.shape.numeric), temporal: Boolean(s.shape.temporal), weather: Boolean(s.shape.weather) },
      adapterId: s.id,
      refreshBehavior: s.refreshBehavior,
    })),
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  return { revision: fingerprint.slice(0, 16), compilerVersion: COMPILER_VERSION, fingerprint, ...body };
}

/** The legacy catalog older consoles read: one entry per provider, with its capabilities. */
export function providerCatalog(widgets: WidgetDefinition[], sources: DataSourceDefinition[]): ProviderCatalog {
  return {
    revision: 1,
    providers: [
      ...widgets.map((d) => {
        const kinds = accepted(d);
        return {
          id: d.id,
          role: 'widget' as const,
          label: d.name,
          group: d.category,
          description: d.description,
          presentationKind: d.runtime,
          capabilities: {
            recordBased: kinds.includes('records'),
            temporal: kinds.includes('temporal'),
            numeric: kinds.includes('numeric'),
            weather: kinds.includes('weather'),
            dateSelection: false,
          },
          requiredCapabilities: d.requiredCapabilities,
          uiHints: { editor: d.id, preview: 'compiled' },
        };
      }),
      ...sources.map((s) => ({
        id: s.id,
        role: 'data_source' as const,
        label: s.name,
        group: s.shape.temporal && !s.shape.numeric ? 'Feeds' : 'Structured',
        description: s.description,
        capabilities: {
          recordBased: true,
          temporal: Boolean(s.shape.temporal),
          numeric: Boolean(s.shape.numeric),
          weather: Boolean(s.shape.weather),
          dateSelection: s.configurationFields.some((f) => f.key === 'dateSelection'),
        },
        uiHints: { editor: s.id, preview: 'records' },
      })),
    ],
  };
}
