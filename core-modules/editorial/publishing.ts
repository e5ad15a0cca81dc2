import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { canonicalHash } from '../../kernel/canonical-json.js';
import type { DraftSnapshot, PublicationSummary, PublishableKind } from './editorial.api.js';
import type { EditorialBaseDeps } from './editorial-deps.js';
import type { PublicationRow, SubmissionRow } from './editorial.models.js';
import { submissionNotification } from './submission-events.js';
import { nextState, type SubmissionAction } from './submission-states.js';

type Deps = Pick<EditorialBaseDeps, 'submissionsRepository' | 'publicationsRepository' | 'auditLog' | 'consoleEvents' | 'notificationEvents'>;

/** Who moved a submission: a console user from an address, or the server itself (a scheduled publication). */
export type Mover = { actor: ConsolePrincipal; ip: string } | { actor: { kind: 'system' }; ip?: undefined };

export interface NewSubmissionInput {
  snapshot: DraftSnapshot;
  contentId: string;
  by: Mover;
  reviewRequired: boolean;
  allowSelfApproval: boolean;
  requestedPublicationAt?: Date;
  note?: string;
}

// The audit action of each move, in the reference's words where it has them.
const AUDIT_ACTIONS: Record<SubmissionAction, string> = {
  submit: 'content.submitted',
  approve: 'content.review_approved',
  'request-changes': 'content.changes_requested',
  publish: 'content.published',
  schedule: 'content.publication_scheduled',
  'cancel-schedule': 'content.publication_cancelled',
  supersede: 'content.submission_superseded',
  fail: 'content.publication_failed',
};

const userOf = (by: Mover) => (by.actor.kind === 'console' ? by.actor.userId : null);

/**
 * The steps every editorial path shares, each inside the caller's transaction: freezing a draft
 * into a submission, moving a submission through its states, making one live with its
 * publication record. Each move is recorded where it happens, so none goes untold.
 */
export class Publishing {
  constructor(private readonly d: Deps) {}

  /** A new submission of `snapshot`: in review, or approved at once when no review is required. Older open ones are superseded. */
  async submit(kind: PublishableKind, input: NewSubmissionInput, trx: Knex.Transaction): Promise<SubmissionRow> {
    await this.supersedeOthers(kind.type, input.contentId, null, input.by, trx);
    const inReview = nextState('new', 'submit');
    const row = await this.d.submissionsRepository.insert(
      {
        content_type: kind.type,
        content_id: input.contentId,
        content_name: input.snapshot.name,
        working_revision: input.snapshot.workingRevision,
        snapshot: input.snapshot.document,
        snapshot_sha256: canonicalHash(input.snapshot.document),
        submitted_by: userOf(input.by),
        based_published_revision: input.snapshot.publishedRevision,
        status: input.reviewRequired ? inReview : nextState(inReview, 'approve'),
        review_required: input.reviewRequired,
        allow_self_approval: input.allowSelfApproval,
        requested_publication_at: input.requestedPublicationAt ?? null,
        review_note: input.note ?? '',
      },
      trx,
    );
    await this.record(row, 'submit', input.by, trx, { workingRevision: row.working_revision, reviewRequired: row.review_required });
    return row;
  }

  /** Moves a submission (locked by the caller) by `action`, writing `changes` with its new state; 409 `editorial_conflict` when the move is not allowed. */
  async move(
    row: SubmissionRow,
    action: Exclude<SubmissionAction, 'submit' | 'publish'>,
    changes: Partial<SubmissionRow>,
    by: Mover,
    trx: Knex.Transaction,
  ): Promise<SubmissionRow> {
    const moved = await this.d.submissionsRepository.update(row.id, { ...changes, status: nextState(row.status, action) }, trx);
    await this.record(moved, action, by, trx, changes.review_note ? { note: changes.review_note } : {});
    return moved;
  }

  /**
   * Makes the submission's frozen snapshot live: the kind re-checks and writes it, the publication
   * is recorded with the snapshot, the submission becomes published and the item's other open
   * submissions superseded.
   */
  async publish(
    kind: PublishableKind,
    row: SubmissionRow,
    method: PublicationSummary['method'],
    by: Mover,
    trx: Knex.Transaction,
    /** What the audit entry adds (a rollback's source publication). */
    context: Record<string, unknown> = {},
  ): Promise<PublicationRow> {
    const status = nextState(row.status, 'publish');
    const publishedBy = userOf(by) ?? row.reviewed_by ?? row.submitted_by;
    const published = await kind.publish(row.content_id, row.snapshot, publishedBy, trx);
    const previous = await this.d.publicationsRepository.latest(kind.type, row.content_id, trx);
    const publication = await this.d.publicationsRepository.insert(
      {
        content_type: kind.type,
        content_id: row.content_id,
        revision: published.revision,
        native_revision_id: published.nativeRevisionId ?? null,
        submission_id: row.id,
        // A campaign's native revision is its release, which history names apart (the reference's field).
        campaign_release_id: kind.type === 'campaign' ? (published.nativeRevisionId ?? null) : null,
        published_by: publishedBy,
        supersedes_publication_id: previous?.id ?? null,
        method,
        affected_screen_count: published.affectedScreens,
        snapshot: row.snapshot,
        snapshot_sha256: row.snapshot_sha256,
      },
      trx,
    );
    const done = await this.d.submissionsRepository.update(
      row.id,
      { status, published_at: new Date(), requested_publication_at: null, publication_failure_reason: null },
      trx,
    );
    await this.record(done, 'publish', by, trx, { method, revision: published.revision, publicationId: publication.id, ...context });
    await this.supersedeOthers(kind.type, row.content_id, row.id, by, trx);
    return publication;
  }

  private async supersedeOthers(type: string, contentId: string, keep: string | null, by: Mover, trx: Knex.Transaction): Promise<void> {
    for (const id of await this.d.submissionsRepository.supersedeOthers(type, contentId, keep, trx)) {
      const row = await this.d.submissionsRepository.byId(id, trx);
      if (row) await this.record(row, 'supersede', by, trx, {});
    }
  }

  /**
   * Every state change is told, all in the change's transaction: the audit log, the consoles
   * (reviewers see new work arrive) and the webhooks of the `review` category.
   */
  private async record(row: SubmissionRow, action: SubmissionAction, by: Mover, trx: Knex.Transaction, metadata: Record<string, unknown>): Promise<void> {
    await this.d.auditLog.record(
      {
        action: auditAction(row, action, metadata.method),
        actor: by.actor,
        ip: by.ip,
        resourceType: row.content_type,
        resourceId: row.content_id,
        metadata: { submissionId: row.id, status: row.status, ...metadata },
      },
      trx,
    );
    this.d.consoleEvents.publish(
      'content_submission.changed',
      { id: row.id, status: row.status, contentType: row.content_type, contentId: row.content_id },
      trx,
    );
    await this.d.notificationEvents.raise([submissionNotification(row, action)], trx);
  }
}

// Publications are the kind's own event in the audit log (`layout.published`, `playlist.rolled_back`), as the reference names them.
function auditAction(row: SubmissionRow, action: SubmissionAction, method: unknown): string {
  if (action !== 'publish') return AUDIT_ACTIONS[action];
  return `${row.content_type}.${method === 'rollback' ? 'rolled_back' : 'published'}`;
}
