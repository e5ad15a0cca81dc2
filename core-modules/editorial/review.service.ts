import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { PublicationSummary } from './editorial.api.js';
import type { EditorialBaseDeps } from './editorial-deps.js';
import { draftMoved, editorialInvalid, roleRefused, submissionNotFound } from './editorial-errors.js';
import type { SubmissionRow } from './editorial.models.js';
import type { Publishing } from './publishing.js';
import { mayPublish, maySubmit, type PolicyNow, reviewRequired } from './review-policy.js';
import type { SubmissionView } from './submission-view.js';
import type { SubmissionViews } from './submission-views.js';
import type { SubmissionFilter } from './submissions.repository.js';

type Deps = Pick<EditorialBaseDeps, 'db' | 'publishableKinds' | 'reviewPolicy' | 'submissionsRepository'> & {
  publishing: Publishing;
  submissionViews: SubmissionViews;
};

/** What a decision or a publish did: the submission as it is now, and the publication when one was made. */
export interface ReviewOutcome {
  submission: SubmissionView;
  published?: PublicationSummary;
}

const LIST_LIMIT = 200;

/** The review workflow behind `/content-submissions`: submit, decide, publish, schedule. */
export class ReviewService {
  constructor(private readonly d: Deps) {}

  async list(filter: SubmissionFilter): Promise<PolicyNow & { items: SubmissionView[] }> {
    const [policy, rows] = await Promise.all([this.d.reviewPolicy.now(), this.d.submissionsRepository.list(filter, LIST_LIMIT)]);
    return { ...policy, items: await this.d.submissionViews.many(rows) };
  }

  async get(id: string): Promise<SubmissionView> {
    const row = await this.d.submissionsRepository.byId(id);
    if (!row) throw submissionNotFound();
    return this.d.submissionViews.one(row);
  }

  /** Freezes the working draft (at `expectedRevision`, when given) into a new submission: in review, or approved when the policy asks no review of this person. */
  async submit(
    actor: ConsolePrincipal,
    ip: string,
    type: string,
    id: string,
    input: { expectedRevision?: number; requestedPublicationAt?: string },
  ): Promise<SubmissionView> {
    const kind = this.d.publishableKinds.get(type);
    if (!maySubmit(kind.publishers, actor.role)) throw roleRefused(`submit this ${type}`);
    const policy = await this.d.reviewPolicy.now();
    const row = await this.d.db.transaction(async (trx) => {
      const snapshot = await kind.snapshot(id, trx);
      if (input.expectedRevision !== undefined && snapshot.workingRevision !== input.expectedRevision) throw draftMoved();
      return this.d.publishing.submit(
        kind,
        {
          snapshot,
          contentId: id,
          by: { actor, ip },
          reviewRequired: reviewRequired(policy.policy, actor.role),
          allowSelfApproval: policy.allowSelfApproval,
          ...(input.requestedPublicationAt ? { requestedPublicationAt: new Date(input.requestedPublicationAt) } : {}),
        },
        trx,
      );
    });
    return this.d.submissionViews.one(row);
  }

  /**
   * Approves a submission in review (422 when self-approval is off and it is the reviewer's own).
   * With `content.auto_publish_on_approval`, a reviewer who may publish it publishes it at once, or
   * schedules it for the future time the submitter asked.
   */
  async approve(actor: ConsolePrincipal, ip: string, id: string, note?: string): Promise<ReviewOutcome> {
    const policy = await this.d.reviewPolicy.now();
    return this.decide(id, async (row, trx) => {
      if (!row.allow_self_approval && row.submitted_by === actor.userId)
        throw editorialInvalid('Self-approval is turned off: another reviewer must approve this submission.');
      const by = { actor, ip };
      const approved = await this.d.publishing.move(
        row,
        'approve',
        { review_note: note?.trim() ?? '', reviewed_by: actor.userId, reviewed_at: new Date() },
        by,
        trx,
      );
      const kind = this.d.publishableKinds.get(row.content_type);
      if (!policy.autoPublishOnApproval || !mayPublish(kind.publishers, actor.role)) return { row: approved };
      const when = approved.requested_publication_at;
      if (when && when > new Date()) return { row: await this.d.publishing.move(approved, 'schedule', { publication_failure_reason: null }, by, trx) };
      return { row: approved, published: await this.d.publishing.publish(kind, approved, 'automatic_after_approval', by, trx) };
    });
  }

  /** Sends a submission in review back to its author, saying why (422 without a note). */
  async requestChanges(actor: ConsolePrincipal, ip: string, id: string, note: string): Promise<SubmissionView> {
    const why = note.trim();
    if (!why) throw editorialInvalid('Say what should change: a note is required.');
    const { submission } = await this.decide(id, async (row, trx) => ({
      row: await this.d.publishing.move(row, 'request-changes', { review_note: why, reviewed_by: actor.userId, reviewed_at: new Date() }, { actor, ip }, trx),
    }));
    return submission;
  }

  /** Publishes an approved or scheduled submission's frozen snapshot now. */
  async publish(actor: ConsolePrincipal, ip: string, id: string): Promise<ReviewOutcome> {
    return this.decide(id, async (row, trx) => {
      const kind = this.publisherKind(row, actor);
      return { row, published: await this.d.publishing.publish(kind, row, 'manual', { actor, ip }, trx) };
    });
  }

  /** Schedules an approved submission's publication at a future moment (422 otherwise); the minute job publishes it. */
  async schedule(actor: ConsolePrincipal, ip: string, id: string, at: string): Promise<SubmissionView> {
    const when = new Date(at);
    if (!(when > new Date())) throw editorialInvalid('The publication time must be in the future.');
    const { submission } = await this.decide(id, async (row, trx) => {
      this.publisherKind(row, actor);
      return { row: await this.d.publishing.move(row, 'schedule', { requested_publication_at: when, publication_failure_reason: null }, { actor, ip }, trx) };
    });
    return submission;
  }

  /** Takes a scheduled submission back to approved. */
  async cancelSchedule(actor: ConsolePrincipal, ip: string, id: string): Promise<SubmissionView> {
    const { submission } = await this.decide(id, async (row, trx) => {
      this.publisherKind(row, actor);
      return { row: await this.d.publishing.move(row, 'cancel-schedule', { requested_publication_at: null }, { actor, ip }, trx) };
    });
    return submission;
  }

  /** The submission's kind, when `actor` may publish it (a campaign needs an administrator). */
  private publisherKind(row: SubmissionRow, actor: ConsolePrincipal) {
    const kind = this.d.publishableKinds.get(row.content_type);
    if (!mayPublish(kind.publishers, actor.role)) throw roleRefused(`publish this ${row.content_type}`);
    return kind;
  }

  /** Runs one step on the locked submission, then answers it as it is after the commit. */
  private async decide(
    id: string,
    step: (row: SubmissionRow, trx: Knex.Transaction) => Promise<{ row: SubmissionRow; published?: Awaited<ReturnType<Publishing['publish']>> }>,
  ): Promise<ReviewOutcome> {
    const { row, published } = await this.d.db.transaction(async (trx) => {
      const locked = await this.d.submissionsRepository.lock(id, trx);
      if (!locked) throw submissionNotFound();
      return step(locked, trx);
    });
    const now = (await this.d.submissionsRepository.byId(row.id)) ?? row;
    const submission = await this.d.submissionViews.one(now);
    if (!published) return { submission };
    const [summary] = await this.d.submissionViews.publications([published]);
    return { submission, published: summary! };
  }
}
