import { TableModel } from '../../kernel/db/table-model.js';
import type { PublicationSummary } from './editorial.api.js';
import type { SubmissionState } from './submission-states.js';

export interface SubmissionRow {
  id: string;
  content_type: string;
  content_id: string;
  content_name: string;
  working_revision: number;
  snapshot: Record<string, unknown>;
  snapshot_sha256: string;
  submitted_by: string | null;
  submitted_at: Date;
  based_published_revision: number | null;
  status: SubmissionState;
  review_required: boolean;
  allow_self_approval: boolean;
  review_note: string;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  requested_publication_at: Date | null;
  publication_failure_reason: string | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface PublicationRow {
  id: string;
  content_type: string;
  content_id: string;
  revision: number;
  native_revision_id: string | null;
  submission_id: string | null;
  campaign_release_id: string | null;
  published_by: string | null;
  published_at: Date;
  supersedes_publication_id: string | null;
  method: PublicationSummary['method'];
  affected_screen_count: number;
  snapshot: Record<string, unknown>;
  snapshot_sha256: string;
}

/** A row of `content_submissions`: a frozen draft and where its review stands. */
export class SubmissionModel extends TableModel {
  static override tableName = 'content_submissions';
  static override jsonAttributes = ['snapshot'];
}
export interface SubmissionModel extends SubmissionRow {}

/** A row of `content_publications`: what went live, with the document it froze. Never changed. */
export class PublicationModel extends TableModel {
  static override tableName = 'content_publications';
  static override jsonAttributes = ['snapshot'];
}
export interface PublicationModel extends PublicationRow {}
