import type { DataOf } from '../api/types';

export type Catalog = DataOf<'/api/v1/content-definitions', 'get'>;
export type WidgetDefinition = Catalog['widgets'][number];
export type DataSourceDefinition = Catalog['dataSources'][number];
export type ConfigField = WidgetDefinition['configurationSchema']['fields'][number];
/** A library asset of type `widget`, with its `widget` field (the list answers it too, untyped there). */
export type WidgetAsset = DataOf<'/api/v1/widgets/{id}', 'patch'>;
export type Presentation = DataOf<'/api/v1/widgets/compile-preview', 'post'>;
export type DataSourceSummary = DataOf<'/api/v1/data-sources', 'get'>['items'][number];
