import { Type, type Static } from '@sinclair/typebox';
import { present, Stamp, Uuid } from '../../kernel/http/wire.js';
import type { SubmissionRow } from './editorial.models.js';
import { SUBMISSION_STATES } from './submission-states.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

/** A submission as the reference's console reads it (`ContentSubmission`): absent optional fields are left out. */
export const ContentSubmissionSchema = Type.Object({
  id: Uuid,
  contentType: Type.String({ description: '`playlist`, `layout` or `campaign`.' }),
  contentId: Uuid,
  contentName: Opt(Type.String()),
  workingRevision: Type.Integer({ description: 'The draft revision frozen in `snapshot`.' }),
  snapshot: Type.Unknown({ description: 'The frozen document: what is reviewed and what publishing makes live, whatever the draft became since.' }),
  snapshotSha256: Type.String({ description: 'SHA-256 (hex) of `snapshot` in canonical JSON (keys sorted).' }),
  submittedBy: Opt(Uuid),
  submitterName: Opt(Type.String()),
  submittedAt: Stamp,
  basedPublishedRevision: Opt(Type.Integer({ description: 'What screens played when it was submitted.' })),
  status: Type.Union(SUBMISSION_STATES.map((s) => Type.Literal(s))),
  reviewRequired: Type.Boolean(),
  allowSelfApproval: Type.Boolean(),
  reviewNote: Opt(Type.String()),
  reviewedBy: Opt(Uuid),
  reviewerName: Opt(Type.String()),
  reviewedAt: Opt(Stamp),
  requestedPublicationAt: Opt(Stamp),
  publicationFailureReason: Opt(Type.String()),
  publishedAt: Opt(Stamp),
  newerWorkingDraft: Type.Boolean({ description: 'The draft moved on since: approving still publishes exactly `snapshot`.' }),
  currentPublishedRevision: Opt(Type.Integer()),
  affectedScreenCount: Type.Integer({ minimum: 0 }),
  affectedLocationCount: Type.Integer({ minimum: 0 }),
});
export type SubmissionView = Static<typeof ContentSubmissionSchema>;

/** What the view adds to a row, read now from the kind and the user directory. */
export interface SubmissionContext {
  contentName?: string;
  workingRevision?: number;
  publishedRevision?: number | null;
  screens: number;
  locations: number;
  names: Map<string, string>;
}

const iso = (d: Date | null) => d?.toISOString();

export function submissionView(row: SubmissionRow, c: SubmissionContext): SubmissionView {
  const name = (id: string | null) => (id ? c.names.get(id) : undefined);
  return {
    id: row.id,
    contentType: row.content_type,
    contentId: row.content_id,
    ...present({ contentName: c.contentName }),
    workingRevision: row.working_revision,
    snapshot: row.snapshot,
    snapshotSha256: row.snapshot_sha256,
    ...present({ submittedBy: row.submitted_by, submitterName: name(row.submitted_by) }),
    submittedAt: row.submitted_at.toISOString(),
    ...present({ basedPublishedRevision: row.based_published_revision }),
    status: row.status,
    reviewRequired: row.review_required,
    allowSelfApproval: row.allow_self_approval,
    ...present({
      reviewNote: row.review_note || undefined,
      reviewedBy: row.reviewed_by,
      reviewerName: name(row.reviewed_by),
      reviewedAt: iso(row.reviewed_at),
      requestedPublicationAt: iso(row.requested_publication_at),
      publicationFailureReason: row.publication_failure_reason,
      publishedAt: iso(row.published_at),
    }),
    newerWorkingDraft: c.workingRevision !== undefined && c.workingRevision > row.working_revision,
    ...present({ currentPublishedRevision: c.publishedRevision }),
    affectedScreenCount: c.screens,
    affectedLocationCount: c.locations,
  };
}
