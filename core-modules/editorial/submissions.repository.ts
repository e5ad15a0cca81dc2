import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { conflict } from '../../kernel/errors.js';
import { CONTENT_TYPES } from './editorial-schemas.js';
import { SubmissionModel, type SubmissionRow } from './editorial.models.js';
import { ACTIVE_STATES, type SubmissionState } from './submission-states.js';

export type NewSubmission = Pick<
  SubmissionRow,
  | 'content_type'
  | 'content_id'
  | 'content_name'
  | 'working_revision'
  | 'snapshot'
  | 'snapshot_sha256'
  | 'submitted_by'
  | 'based_published_revision'
  | 'status'
  | 'review_required'
  | 'allow_self_approval'
> &
  Partial<Pick<SubmissionRow, 'requested_publication_at' | 'review_note'>>;

const UNIQUE_VIOLATION = '23505';

/** The `content_submissions` table. The only place that queries it. */
/** What the submission list may be narrowed to. */
export interface SubmissionFilter {
  state?: SubmissionState;
  contentId?: string;
}

export class SubmissionsRepository {
  private readonly submissions: typeof SubmissionModel;

  constructor(d: Pick<KernelDeps, 'db'>) {
    this.submissions = SubmissionModel.bindKnex(d.db);
  }

  async insert(values: NewSubmission, trx: Knex.Transaction): Promise<SubmissionRow> {
    try {
      return (await this.submissions.query(trx).insert(values).returning('*')) as unknown as SubmissionRow;
    } catch (err) {
      // Another submission of the item became active meanwhile (a race the caller's lock missed).
      if ((err as { code?: string }).code === UNIQUE_VIOLATION)
        throw conflict('editorial_conflict', 'This content already has an active submission. Reload it and try again.');
      throw err;
    }
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<SubmissionRow | undefined> {
    return this.submissions.query(trx).findById(id).castTo<SubmissionRow | undefined>();
  }

  /** The submission, locked until `trx` ends: its state moves one step at a time. */
  async lock(id: string, trx: Knex.Transaction): Promise<SubmissionRow | undefined> {
    return this.submissions.query(trx).findById(id).forUpdate().castTo<SubmissionRow | undefined>();
  }

  /** Newest first, at most `limit`, optionally in one state or of one content. */
  async list({ state, contentId }: SubmissionFilter, limit: number): Promise<SubmissionRow[]> {
    const query = this.submissions
      .query()
      .orderBy([
        { column: 'submitted_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    if (state) query.where({ status: state });
    // Every type named, so the (content_type, content_id) index serves.
    if (contentId) query.whereIn('content_type', CONTENT_TYPES).where({ content_id: contentId });
    return query.castTo<SubmissionRow[]>();
  }

  async update(id: string, values: Partial<SubmissionRow>, trx: Knex.Transaction): Promise<SubmissionRow> {
    return (await this.submissions
      .query(trx)
      .patchAndFetchById(id, { ...values, updated_at: new Date() })
      .castTo<SubmissionRow>()) as SubmissionRow;
  }

  /** The item's other submissions still open (active, or sent back): each becomes superseded. Answers their ids. */
  async supersedeOthers(contentType: string, contentId: string, keep: string | null, trx: Knex.Transaction): Promise<string[]> {
    const query = this.submissions
      .query(trx)
      .where({ content_type: contentType, content_id: contentId })
      .whereIn('status', [...ACTIVE_STATES, 'changes_requested']);
    if (keep) query.whereNot('id', keep);
    const rows = (await query.patch({ status: 'superseded', updated_at: new Date() }).returning('id')) as unknown as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Scheduled submissions due now, oldest first: candidates only, each re-checked under its lock. */
  async due(limit: number): Promise<string[]> {
    const rows = await this.submissions
      .query()
      .where('status', 'scheduled')
      .where('requested_publication_at', '<=', new Date())
      .orderBy('requested_publication_at')
      .limit(limit)
      .select('id');
    return rows.map((r) => r.id);
  }

  /** Takes a due submission for publishing, skipping one another process holds: undefined when none is free or it is no longer due. */
  async takeDue(id: string, trx: Knex.Transaction): Promise<SubmissionRow | undefined> {
    return this.submissions
      .query(trx)
      .findById(id)
      .where('status', 'scheduled')
      .where('requested_publication_at', '<=', new Date())
      .forUpdate()
      .skipLocked()
      .castTo<SubmissionRow | undefined>();
  }
}
