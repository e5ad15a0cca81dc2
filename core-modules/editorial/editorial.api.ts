// The editorial module's public face: what content with drafts (playlists, layouts, campaigns)
// registers so that it can be reviewed, published, compared and rolled back one way.
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { AccessLevel } from '../../kernel/auth/access.js';
import { exportRef } from '../../kernel/export-ref.js';
import type { SubmissionView } from './submission-view.js';

// The submission's JSON, for a kind's publish route answering 202 with the submission it made.
export { ContentSubmissionSchema, type SubmissionView } from './submission-view.js';
// A publication with its submission, for a kind's publish route answering 201 (as the reference's playlist publish does).
export { OutcomeSchema } from './editorial-schemas.js';

/** A working draft frozen as one document: what a submission keeps and a publication records. */
export interface DraftSnapshot {
  /** The draft revision this freezes (the `expectedRevision` a client names). */
  workingRevision: number;
  /** The revision screens play now; null before the first publication. */
  publishedRevision: number | null;
  /** The whole definition as plain JSON. Editorial hashes it canonically (`snapshotSha256`). */
  document: Record<string, unknown>;
  /** Its name now, for lists and notifications. */
  name: string;
}

/** What a publication made live. */
export interface PublishedRevision {
  /** The new published revision number. */
  revision: number;
  /** The kind's own immutable row for it, when it keeps one (a layout revision, a campaign release). */
  nativeRevisionId?: string;
  /** Screens whose manifests the publication changes. */
  affectedScreens: number;
}

/** One difference between two frozen documents, in words a reviewer reads. */
export interface SemanticChange {
  kind: 'added' | 'removed' | 'moved' | 'changed';
  /** Where: `items/3`, `name`, `blocks/<id>/priority`. */
  path: string;
  description: string;
}

/**
 * A kind of content with a draft (playlist, layout, campaign), registered by the module that owns
 * it (in its start hook). Every method that takes `trx` runs in the editorial transaction, so a
 * submission, its publication record and the kind's published rows commit together.
 */
export interface PublishableKind {
  /** `playlist`, `layout`, `campaign`: the `{type}` of the editorial routes. */
  type: string;
  /** The registering module. */
  plugin: string;
  /** Who may publish without a submission when the policy allows it: `managers` for playlists and layouts, `administrators` for campaigns. */
  publishers: AccessLevel;
  /** Locks the content's row until `trx` ends and freezes its working draft. Throws the kind's 404 when it does not exist. */
  snapshot(id: string, trx: Knex.Transaction): Promise<DraftSnapshot>;
  /**
   * Makes a frozen document what screens play: re-checks that everything it names is still
   * playable (422 otherwise, nothing written), writes the kind's published rows, and has the
   * screens it reaches rebuilt from the commit.
   */
  publish(id: string, document: Record<string, unknown>, publishedBy: string | null, trx: Knex.Transaction): Promise<PublishedRevision>;
  /** Copies a frozen document into the working draft as a new draft revision, which it answers. Screens keep what they play. */
  restoreDraft(id: string, document: Record<string, unknown>, actor: ConsolePrincipal, trx: Knex.Transaction): Promise<number>;
  /** What changed from one frozen document to another, in document order. Pure. */
  compare(from: Record<string, unknown>, to: Record<string, unknown>): SemanticChange[];
  /** How many screens and locations the content reaches now (a submission's impact). */
  reach(id: string): Promise<{ screens: number; locations: number }>;
}

/** Where kinds register (in a start hook); a type registered twice is a boot error. */
export interface PublishableKinds {
  register(kind: PublishableKind): void;
}

/** One publication of a content item, as history lists it (the reference's `PublicationHistoryItem`). */
export interface PublicationSummary {
  id: string;
  revision: number;
  nativeRevisionId?: string;
  submissionId?: string;
  campaignReleaseId?: string;
  publishedBy?: string;
  publisherName: string;
  publishedAt: string;
  supersedesPublicationId?: string;
  method: 'manual' | 'automatic_after_approval' | 'scheduled' | 'rollback' | 'migration' | 'backfill';
  affectedScreenCount: number;
  snapshotSha256?: string;
}

/** What `publishDraft` did: published now (201), or a submission made for review (202). */
export type PublishOutcome = { outcome: 'published'; publication: PublicationSummary } | { outcome: 'submitted'; submissionId: string };

/** Publishing as the kinds' own routes do it (`POST /playlists/{id}/publish`, layouts', campaigns'). */
export interface Editorial {
  /**
   * Publishes the working draft now, or submits it for review when the organization's policy asks
   * review of this person. 409 `editorial_conflict` when the draft is no longer at `expectedRevision`
   * (when given), 403 when the person may neither publish nor submit.
   */
  publishDraft(type: string, id: string, expectedRevision: number | undefined, actor: ConsolePrincipal, ip: string): Promise<PublishOutcome>;
  /** The content's publications, newest first (a playlist's revisions). */
  publications(type: string, id: string): Promise<PublicationSummary[]>;
  /** Copies a publication's document into the working draft (`POST …/restore-draft`, a playlist's revision restore); answers the new draft revision. */
  restoreDraft(type: string, id: string, publicationId: string, actor: ConsolePrincipal, ip: string): Promise<number>;
  /** A submission as the editorial routes answer it (a kind's publish route's 202 body). 404 `submission_not_found`. */
  submission(id: string): Promise<SubmissionView>;
}

export const publishableKindsRef = exportRef<PublishableKinds>('editorial', 'publishableKinds');
export const editorialRef = exportRef<Editorial>('editorial', 'editorial');
