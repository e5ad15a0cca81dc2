// The data-sources module's public face: how other modules show data sources on screens and keep
// them from being deleted. Other modules import its types from here only.
export type { DataSourceViewer } from './data-source-viewers.js';
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { exportRef } from '../../kernel/export-ref.js';
import type { ResourceUse, UseChecker } from '../../kernel/usage-registry.js';
import type { DataSourceViewer } from './data-source-viewers.js';
import type { DataSourceDefinition, SourceFacts } from './data-source-definitions.js';
import type { ManifestDataSource } from './data-sources.section.js';
import type { BuildMemo } from '../player/player.api.js';
import type { DataSourceView } from './data-source-view.js';
import type { DataDocument, DocumentField, DocumentValue } from './providers/document.js';
import type { DataSourceProvider, SourceCaller, SourceOperation } from './providers/provider.js';

export type { ManifestDataSource } from './data-sources.section.js';
export type { DataSourceDefinition, SourceConfigurationField, SourceFacts, SourceShape } from './data-source-definitions.js';
export type { DataDocument, DataSourceProvider, DataSourceView, DocumentField, DocumentValue, ResourceUse, SourceCaller, SourceOperation };
/** One dataset with its values as text, as consoles preview it: its wire schema, and the conversion. */
export { TextDatasetSchema, textDataset } from './data-source-view.js';

/** Data sources as other modules use them (exported as `dataSourceLibraryRef`). */
export interface DataSourceLibrary {
  /** Says which screens show which sources: their manifests carry those sources, and follow their changes. */
  registerViewer(viewer: DataSourceViewer): void;
  /** Registers who uses a source: a delete is refused (409 resource_in_use) while one does. */
  registerUsage(checker: UseChecker): void;
  /** In the transaction of a change to who shows what: those screens' manifests are rebuilt once it commits. */
  viewersChanged(screenIds: string[], trx: Knex.Transaction): Promise<void>;
  /**
   * The manifest's `dataSources[]` entries of those of `ids` that exist, for content that carries
   * the sources it shows in its own sections (a widget, a layout's bound text); read once per pass.
   */
  manifestEntries(ids: string[], memo: BuildMemo): Promise<ManifestDataSource[]>;
  /** Every registered provider's definition (forms, output, shape), for `content-definitions`. */
  definitions(): DataSourceDefinition[];
  /** What widgets binding those of `ids` that exist may rely on: kind, shape, fields (as `trx` sees them, where given). */
  facts(ids: string[], trx?: Knex.Transaction): Promise<Map<string, SourceFacts>>;
  /** The names of those of `ids` that exist. */
  namesOf(ids: string[]): Promise<Map<string, string>>;
  /** Adds a provider (at start): sources of it are listed, refreshed and shown like any other. */
  registerProvider(provider: DataSourceProvider): void;
  /**
   * Makes a source of a provider the caller manages; `within` runs in the same transaction (the
   * caller's own rows), so both are made or neither. Its first output is produced after commit.
   */
  createManaged(
    actor: ConsolePrincipal,
    input: { provider: string; name: string; description: string; configuration: Record<string, unknown> },
    ip: string,
    within: (trx: Knex.Transaction, sourceId: string) => Promise<void>,
  ): Promise<DataSourceView>;
  /** Those of `ids` that exist. */
  findMany(ids: string[]): Promise<DataSourceView[]>;
  /** Renames a managed source or replaces its configuration (audited as an update). */
  updateManaged(
    actor: ConsolePrincipal,
    id: string,
    changes: { name?: string; description?: string; configuration?: Record<string, unknown> },
    ip: string,
  ): Promise<DataSourceView>;
  /**
   * Deletes a managed source in the caller's transaction, without asking its users: the owner
   * removes what it made to show it first. Screens showing it lose its entry once `trx` commits.
   */
  removeManaged(id: string, trx: Knex.Transaction): Promise<void>;
  /** Produces its output again now; screens showing it follow when it changed. */
  refresh(id: string): Promise<void>;
}

export const dataSourceLibraryRef = exportRef<DataSourceLibrary>('data-sources', 'dataSourceLibrary');
