import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import type { FormSchema } from './form-schema.js';
import { AttachmentModel, CommentModel, DefinitionModel, EventModel, GrantModel, RecordModel, RevisionModel } from './forms.models.js';
import type { Capability, Workflow } from './workflow.js';
import { containsPattern } from '../../kernel/db/like.js';
import type { AttachmentRow, DefinitionRow, RecordRow, RevisionRow } from './forms.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export interface EventRow {
  id: string;
  event_type: string;
  from_state: string | null;
  to_state: string | null;
  actor_name: string | null;
  note: string | null;
  created_at: Date;
}
export interface CommentRow {
  id: string;
  author_name: string;
  body: string;
  created_at: Date;
}
export type RecordDetailRow = RecordRow & { events: EventRow[]; comments: CommentRow[]; attachments: AttachmentRow[] };
export type RecordChanges = Partial<
  Pick<RecordRow, 'state' | 'values' | 'display_title' | 'priority' | 'display_at' | 'expires_at' | 'eligible' | 'revision_id'>
>;
export interface RecordQuery {
  sourceId: string;
  states?: string[];
  search?: string;
  onlyOf?: string;
  sort: 'newest' | 'oldest' | 'priority' | 'updated';
  page: number;
  pageSize: number;
}

const SORTS = {
  newest: [{ column: 'created_at', order: 'desc' }],
  oldest: [{ column: 'created_at', order: 'asc' }],
  priority: [
    { column: 'priority', order: 'desc' },
    { column: 'created_at', order: 'desc' },
  ],
  updated: [{ column: 'updated_at', order: 'desc' }],
} as const;

/** The forms tables. The only place that queries them. */
export class FormsRepository {
  private readonly definitions: typeof DefinitionModel;
  private readonly revisions: typeof RevisionModel;
  private readonly records: typeof RecordModel;
  private readonly events: typeof EventModel;
  private readonly comments: typeof CommentModel;
  private readonly attachments: typeof AttachmentModel;
  private readonly grants: typeof GrantModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.definitions = DefinitionModel.bindKnex(db);
    this.revisions = RevisionModel.bindKnex(db);
    this.records = RecordModel.bindKnex(db);
    this.events = EventModel.bindKnex(db);
    this.comments = CommentModel.bindKnex(db);
    this.attachments = AttachmentModel.bindKnex(db);
    this.grants = GrantModel.bindKnex(db);
  }

  // Definitions and revisions.

  async insertForm(sourceId: string, schema: FormSchema, workflow: Workflow, trx: Knex.Transaction): Promise<void> {
    await this.definitions.query(trx).insert({ source_id: sourceId, draft_schema: schema, workflow });
    await this.revisions.query(trx).insert({ source_id: sourceId, number: 1, schema });
  }

  async definition(sourceId: string, trx?: Knex.Transaction, lock = false): Promise<DefinitionRow | undefined> {
    const query = this.definitions.query(trx).findById(sourceId);
    return lock ? await query.forUpdate() : await query;
  }

  async formIds(): Promise<string[]> {
    return (await this.definitions.query().select('source_id')).map((d) => d.source_id);
  }

  async definitionsOf(ids: string[], trx?: Knex.Transaction): Promise<DefinitionRow[]> {
    return ids.length ? await this.definitions.query(trx).findByIds(ids) : [];
  }

  async saveDefinition(sourceId: string, changes: Partial<Pick<DefinitionRow, 'draft_schema' | 'workflow'>>, trx: Knex.Transaction): Promise<void> {
    await this.definitions.query(trx).findById(sourceId).patch(changes);
  }

  async latestRevision(sourceId: string, trx?: Knex.Transaction): Promise<RevisionRow | undefined> {
    return await this.revisions.query(trx).where({ source_id: sourceId }).orderBy('number', 'desc').first();
  }

  async latestRevisions(sourceIds: string[]): Promise<RevisionRow[]> {
    if (!sourceIds.length) return [];
    return await this.revisions
      .query()
      .whereIn('source_id', sourceIds)
      .distinctOn('source_id')
      .orderBy([{ column: 'source_id' }, { column: 'number', order: 'desc' }]);
  }

  async revisionsByIds(ids: string[], trx?: Knex.Transaction): Promise<RevisionRow[]> {
    return ids.length ? await this.revisions.query(trx).findByIds([...new Set(ids)]) : [];
  }

  async insertRevision(sourceId: string, number: number, schema: FormSchema, trx: Knex.Transaction): Promise<RevisionRow> {
    return await this.revisions.query(trx).insert({ source_id: sourceId, number, schema }).returning('*');
  }

  // Records.

  async page(q: RecordQuery): Promise<{ rows: RecordRow[]; total: number }> {
    const query = this.records.query().where({ source_id: q.sourceId });
    if (q.states?.length) query.whereIn('state', q.states);
    if (q.onlyOf) query.where({ submitted_by: q.onlyOf });
    if (q.search) {
      const like = containsPattern(q.search);
      query.where((w) => w.whereILike('display_title', like).orWhereILike('submitter_name', like));
    }
    const { results, total } = await query.orderBy([...SORTS[q.sort], { column: 'id' }]).page(q.page - 1, q.pageSize);
    return { rows: results, total };
  }

  async record(sourceId: string, id: string, trx?: Knex.Transaction, lock = false): Promise<RecordRow | undefined> {
    const query = this.records.query(trx).findOne({ source_id: sourceId, id });
    return lock ? await query.forUpdate() : await query;
  }

  async detail(id: string): Promise<RecordDetailRow | undefined> {
    return (await this.records
      .query()
      .findById(id)
      .withGraphFetched('[events, comments, attachments]')
      .modifyGraph('events', (b) => b.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]))
      .modifyGraph('comments', (b) => b.orderBy([{ column: 'created_at' }, { column: 'id' }]))
      .modifyGraph('attachments', (b) => b.orderBy([{ column: 'created_at' }, { column: 'id' }]))) as RecordDetailRow | undefined;
  }

  async insertRecord(
    row: Omit<RecordRow, 'id' | 'version' | 'state_changed_at' | 'created_at' | 'updated_at' | 'eligible'>,
    trx: Knex.Transaction,
  ): Promise<RecordRow> {
    return await this.records.query(trx).insert(row).returning('*');
  }

  /** Applies the changes and moves the version on; a state change restarts the state's clock. */
  async updateRecord(id: string, changes: RecordChanges, trx: Knex.Transaction): Promise<RecordRow> {
    return await this.records.query(trx).patchAndFetchById(id, {
      ...changes,
      version: raw('version + 1'),
      updated_at: fn.now(),
      ...(changes.state ? { state_changed_at: fn.now() } : {}),
    } as never);
  }

  async deleteRecord(id: string, trx: Knex.Transaction): Promise<void> {
    await this.records.query(trx).deleteById(id);
  }

  /** Whether any record of the form is in one of these states. */
  async statesInUse(sourceId: string, states: string[], trx: Knex.Transaction): Promise<string[]> {
    if (!states.length) return [];
    const rows = await this.records.query(trx).where({ source_id: sourceId }).whereIn('state', states).distinct('state');
    return rows.map((r) => r.state);
  }

  async recordCounts(sourceId: string): Promise<Map<string, number>> {
    const rows = (await this.records.query().where({ source_id: sourceId }).groupBy('state').select('state').count('* as n')) as unknown as {
      state: string;
      n: string;
    }[];
    return new Map(rows.map((r) => [r.state, Number(r.n)]));
  }

  /** The caller's own records per form and state (the forms list's counts). */
  async ownCounts(userId: string): Promise<{ source_id: string; state: string; n: number }[]> {
    const rows = (await this.records
      .query()
      .where({ submitted_by: userId })
      .groupBy('source_id', 'state')
      .select('source_id', 'state')
      .count('* as n')) as unknown as {
      source_id: string;
      state: string;
      n: string;
    }[];
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  /** Records on air now: in a state that puts them there, shown from `display_at`, until `expires_at`. */
  async onAir(sourceId: string, states: string[]): Promise<RecordRow[]> {
    if (!states.length) return [];
    return await this.records
      .query()
      .where({ source_id: sourceId, eligible: true })
      .whereIn('state', states)
      .where((w) => w.whereNull('display_at').orWhere('display_at', '<=', fn.now()))
      .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', fn.now()))
      .orderBy([{ column: 'priority', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'id' }]);
  }

  /** The next moment a record of these states comes on air (`display_at`) or goes off it (`expires_at`), or null. */
  async nextChange(sourceId: string, states: string[]): Promise<Date | null> {
    if (!states.length) return null;
    const row = (await this.records
      .query()
      .where({ source_id: sourceId, eligible: true })
      .whereIn('state', states)
      .select(raw('least(min(display_at) filter (where display_at > now()), min(expires_at) filter (where expires_at > now())) as at'))
      .first()) as unknown as { at: Date | null } | undefined;
    return row?.at ?? null;
  }

  /** Records on air whose time ran out, a batch at a time, locked for the caller's transaction. */
  async expiredOnAir(limit: number, trx: Knex.Transaction): Promise<RecordRow[]> {
    return await this.records
      .query(trx)
      .where({ eligible: true })
      .where('expires_at', '<=', fn.now())
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
  }

  /**
   * Records of any form waiting for a decision (in a state its workflow leaves by a review or an
   * approval), oldest waiting first, at most `limit`: what notifications tell reviewers about.
   */
  async awaitingDecision(limit: number): Promise<Pick<RecordRow, 'id' | 'source_id' | 'display_title' | 'submitter_name' | 'state_changed_at'>[]> {
    return await this.records
      .query()
      .select('form_records.id', 'form_records.source_id', 'display_title', 'submitter_name', 'state_changed_at')
      .join('form_definitions as d', 'd.source_id', 'form_records.source_id')
      .whereRaw(
        `EXISTS (SELECT 1 FROM jsonb_array_elements(d.workflow->'transitions') t
                  WHERE t->>'from' = form_records.state AND t->>'requiredCapability' IN ('review', 'approve'))`,
      )
      .orderBy('state_changed_at')
      .limit(limit);
  }

  /** Records of these forms in these states (the approvals inbox), oldest waiting first. */
  async waiting(pairs: { sourceId: string; states: string[] }[], page: number, pageSize: number): Promise<{ rows: RecordRow[]; total: number }> {
    const wanted = pairs.filter((p) => p.states.length);
    if (!wanted.length) return { rows: [], total: 0 };
    const query = this.records.query().where((w) => {
      for (const p of wanted) w.orWhere((o) => o.where({ source_id: p.sourceId }).whereIn('state', p.states));
    });
    const { results, total } = await query.orderBy([{ column: 'state_changed_at' }, { column: 'id' }]).page(page - 1, pageSize);
    return { rows: results, total };
  }

  // History, comments, attachments.

  async addEvent(recordId: string, e: Partial<Omit<EventRow, 'id' | 'created_at'>> & { event_type: string }, trx: Knex.Transaction): Promise<void> {
    await this.events.query(trx).insert({ record_id: recordId, ...e });
  }

  async addComment(recordId: string, authorName: string, body: string, trx: Knex.Transaction): Promise<CommentRow> {
    return (await this.comments.query(trx).insert({ record_id: recordId, author_name: authorName, body }).returning('*')) as unknown as CommentRow;
  }

  async attachment(recordId: string, id: string, trx?: Knex.Transaction): Promise<AttachmentRow | undefined> {
    return await this.attachments.query(trx).findOne({ record_id: recordId, id });
  }

  async attachmentOn(recordId: string, fieldKey: string, trx: Knex.Transaction): Promise<AttachmentRow | undefined> {
    return await this.attachments.query(trx).findOne({ record_id: recordId, field_key: fieldKey });
  }

  async attachmentsOf(recordId: string, trx: Knex.Transaction): Promise<AttachmentRow[]> {
    return await this.attachments.query(trx).where({ record_id: recordId });
  }

  async insertAttachment(row: Omit<AttachmentRow, 'created_at'>, trx: Knex.Transaction): Promise<void> {
    await this.attachments.query(trx).insert(row);
  }

  async deleteAttachment(id: string, trx: Knex.Transaction): Promise<void> {
    await this.attachments.query(trx).deleteById(id);
  }

  /** Which of these stored attachment ids still exist (the storage sweep keeps those). */
  async existingAttachments(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    return new Set((await this.attachments.query().findByIds(ids).select('id')).map((a) => a.id));
  }

  // Access.

  async grantsOf(sourceId: string): Promise<{ user_id: string; capabilities: Capability[] }[]> {
    return (await this.grants.query().where({ source_id: sourceId }).select('user_id', 'capabilities')) as never;
  }

  async replaceGrant(sourceId: string, userId: string, capabilities: Capability[], trx: Knex.Transaction): Promise<void> {
    if (!capabilities.length) {
      await this.grants.query(trx).delete().where({ source_id: sourceId, user_id: userId });
      return;
    }
    // One statement: two managers setting one person's access at once each win in turn (a
    // delete-then-insert pair let both inserts collide).
    await this.grants.query(trx).insert({ source_id: sourceId, user_id: userId, capabilities }).onConflict(['source_id', 'user_id']).merge();
  }

  /** Which of these forms list anyone, and this user's capabilities on those that list them. */
  async grantsFor(userId: string, sourceIds: string[]): Promise<{ listed: Set<string>; mine: Map<string, Capability[]> }> {
    if (!sourceIds.length) return { listed: new Set(), mine: new Map() };
    const [listed, mine] = await Promise.all([
      this.grants.query().whereIn('source_id', sourceIds).distinct('source_id'),
      this.grants.query().whereIn('source_id', sourceIds).where({ user_id: userId }).select('source_id', 'capabilities'),
    ]);
    return {
      listed: new Set(listed.map((r) => (r as unknown as { source_id: string }).source_id)),
      mine: new Map(mine.map((r) => [(r as unknown as { source_id: string }).source_id, (r as unknown as { capabilities: Capability[] }).capabilities])),
    };
  }
}
