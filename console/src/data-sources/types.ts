import type { DataOf } from '../api/types';

export type DataSourceRow = DataOf<'/api/v1/data-sources', 'get'>['items'][number];
export type DataSourceDetail = DataOf<'/api/v1/data-sources/{id}', 'get'>;
export type Diagnostics = DataOf<'/api/v1/data-sources/{id}/diagnostics', 'get'>;
export type Outputs = DataOf<'/api/v1/data-sources/{id}/outputs', 'get'>;
export type Inspection = DataOf<'/api/v1/data-sources/{id}/inspect', 'post'>;
export type SourceDefinition = DataOf<'/api/v1/content-definitions', 'get'>['dataSources'][number];
/** The providers the generic create route makes sources of (a form has its own page). */
export type NewProvider = 'rss' | 'atom' | 'json' | 'csv' | 'calendar' | 'manual';
export const NEW_PROVIDERS: readonly NewProvider[] = ['rss', 'atom', 'json', 'csv', 'calendar', 'manual'];
export const isNewProvider = (p: string): p is NewProvider => (NEW_PROVIDERS as readonly string[]).includes(p);
/** The providers that map a document's fields to a record's (the others' fields are fixed). */
export const MAPPED: readonly string[] = ['json', 'csv'];
/** The providers whose data `inspect` can read. */
export const INSPECTABLE: readonly string[] = ['rss', 'atom', 'json', 'csv'];
