// The data-sources module's public face: how other modules show data sources on screens and keep
// them from being deleted. Other modules import its types from here only.
export type { DataSourceViewer } from './data-source-viewers.js';
import type { ResourceUse, UseChecker } from '../../kernel/usage-registry.js';
import type { DataSourceViewer } from './data-source-viewers.js';

export type { ResourceUse };

/** Data sources as other modules use them (exported as `dataSourceLibrary`). */
export interface DataSourceLibrary {
  /** Says which screens show which sources: their manifests carry those sources, and follow their changes. */
  registerViewer(viewer: DataSourceViewer): void;
  /** Registers who uses a source: a delete is refused (409 resource_in_use) while one does. */
  registerUsage(checker: UseChecker): void;
  /** After a committed change to who shows what: those screens' manifests are rebuilt. */
  viewersChanged(screenIds: string[]): Promise<void>;
  /** The names of those of `ids` that exist. */
  namesOf(ids: string[]): Promise<Map<string, string>>;
}
