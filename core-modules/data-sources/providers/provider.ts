import type { ConsolePrincipal, IntegrationPrincipal } from '../../../kernel/auth/principal.js';
import type { TSchema } from '@sinclair/typebox';
import type { DataDocument, DocumentField } from './document.js';
import type { SourceShape } from '../data-source-definitions.js';
import type { Parse } from './parse-job.js';

/** Why a refresh got no document; `code` is what diagnostics show, the message is for users. */
export class SourceFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SourceFailure';
  }
}

/** What a provider may use while it produces: an outbound GET under the server's fetch policy. */
export interface ProduceContext {
  /** The body of a 2xx answer as text; throws SourceFailure for anything else. */
  fetchText(url: string, accept: string): Promise<string>;
  /** Parses a body off the event loop (the parse pool). */
  parse: Parse;
  /** When the document is made (its `cachedAt`). */
  now: Date;
  /** The saved source being refreshed; absent for a preview of an unsaved configuration. */
  sourceId?: string;
  /** Asks for the next refresh no later than `at`: a time the output is known to change (a record's display time). */
  refreshBy(at: Date): void;
}

/**
 * What may be done on a saved source: `view` it (read it, find it in lists, its diagnostics),
 * `read` what it holds (its outputs; inspecting or copying it), `edit` it (change it, read it
 * anew), `delete` it.
 */
export type SourceOperation = 'view' | 'read' | 'edit' | 'delete';
/** Who asks: a signed-in user, or an integration's token. */
export type SourceCaller = ConsolePrincipal | IntegrationPrincipal;

/**
 * One kind of data source (`rss`, `csv`, `manual`, …): its configuration (a JSON schema whose
 * defaults fill what the author left out) and how it turns that configuration into a document.
 */
export interface DataSourceProvider<C = any> {
  name: string;
  /** How `content-definitions` names and describes the kind (the name and nothing otherwise). */
  label?: string;
  description?: string;
  /** What its output can feed beyond records (numbers, dates, weather): widgets bind by shape. */
  shape?: SourceShape;
  /** Fields every source of the kind produces, whatever its configuration. */
  outputFields?: { key: string; label: string; type: string }[];
  /** The fields a source of this configuration produces, when the configuration says (a table's columns). */
  fields?(configuration: C): DocumentField[];
  /**
   * The module whose own routes make and edit sources of this provider (forms): the generic
   * create, edit and duplicate refuse it, since its configuration is that module's to keep.
   */
  managedBy?: string;
  configuration: TSchema;
  /** What the schema cannot say (at least one mapped field, …); undefined when the configuration is sound. */
  problem?(configuration: C): string | undefined;
  /** What responses show of a stored configuration (an uploaded file's bytes are kept, never shown). */
  shown?(configuration: C): C;
  /**
   * The configuration an edit stores, given what was stored: what `shown` leaves out and the edit
   * does not replace is kept (a file uploaded before).
   */
  kept?(edited: C, stored: C): C;
  /** Fills in what the schema's defaults cannot (ids for a table's new rows) before it is stored. */
  complete?(configuration: C): C;
  /** The addresses it reads: each must pass the server's fetch rules (https, no credentials). */
  urls?(configuration: C): string[];
  /**
   * What schema-11 players read in the manifest entry's `configuration` (how to present the source,
   * with its records inlined); undefined where they read only the `dataDocument`.
   */
  playerConfiguration?(configuration: C, document: DataDocument | null, failing: boolean): Record<string, unknown>;
  /**
   * What the caller may do on each of these sources, where the provider's module narrows it (a form
   * is its people's). Every operation on a saved source asks this first: a source the answer leaves
   * without `view` is hidden from the caller (404, and left out of lists), one without the
   * operation is refused (403). Left out, the routes' roles alone decide.
   */
  permissions?(caller: SourceCaller, sourceIds: string[]): Promise<Map<string, ReadonlySet<SourceOperation>>>;
  /** Seconds between refreshes; undefined for a source that changes only when edited. */
  refreshSeconds(configuration: C): number | undefined;
  produce(configuration: C, ctx: ProduceContext): Promise<DataDocument>;
}
