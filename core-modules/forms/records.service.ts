import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput } from '../../kernel/errors.js';
import { checkedValues, missingRequired } from './form-schema.js';
import { type FormContext, noAccess } from './forms.service.js';
import type { RecordQuery } from './forms.repository.js';
import { stale } from './record-access.js';
import { recordView } from './record-view.js';
import { EXPIRED_STATE, initialState, requiresNote, stateOf, type Workflow } from './workflow.js';
import type { FormDefinitionsDeps } from './form-definitions-deps.js';

type Deps = Pick<
  FormDefinitionsDeps,
  'db' | 'formsRepository' | 'formsService' | 'recordAccess' | 'attachmentFiles' | 'dataSourceLibrary' | 'userDirectory' | 'consoleEvents'
>;

export interface RecordInput {
  values?: Record<string, unknown>;
  displayTitle?: string | null;
  priority?: number | null;
  displayAt?: string | null;
  expiresAt?: string | null;
}

/** A record's display fields as columns: absent keeps, null clears. */
function displayChanges(input: RecordInput) {
  return {
    ...(input.displayTitle !== undefined ? { display_title: (input.displayTitle ?? '').trim() } : {}),
    ...(input.priority !== undefined ? { priority: input.priority ?? 0 } : {}),
    ...(input.displayAt !== undefined ? { display_at: input.displayAt ? new Date(input.displayAt) : null } : {}),
    ...(input.expiresAt !== undefined ? { expires_at: input.expiresAt ? new Date(input.expiresAt) : null } : {}),
  };
}

/** Records of forms: submissions, edits and moves along the workflow, comments, the approvals inbox and expiry. */
export class RecordsService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.formsRepository;
  }

  async page(p: ConsolePrincipal, id: string, q: Omit<RecordQuery, 'sourceId' | 'onlyOf'> & { mine?: boolean }) {
    const form = await this.d.formsService.context(p, id);
    if (!form.caps.has('view_own')) throw noAccess();
    const onlyOf = q.mine || !form.caps.has('view_all') ? p.userId : undefined;
    const { rows, total } = await this.repo.page({ ...q, sourceId: id, ...(onlyOf ? { onlyOf } : {}) });
    return { items: rows.map(recordView), total, page: q.page, pageSize: q.pageSize };
  }

  async create(p: ConsolePrincipal, id: string, input: RecordInput) {
    const form = await this.d.formsService.context(p, id, 'submit');
    const revision = await this.repo.latestRevision(id);
    if (!revision) throw invalidInput('validation_failed', 'The form has no published revision yet.', 'body');
    const checked = checkedValues(revision.schema, input.values ?? {}, {}, false);
    if ('problem' in checked) throw invalidInput('validation_failed', checked.problem, 'body/values');
    const [me] = await this.d.userDirectory.byIds([p.userId]);
    const row = await this.d.db.transaction(async (trx) => {
      const created = await this.repo.insertRecord(
        {
          source_id: id,
          revision_id: revision.id,
          state: initialState(form.definition.workflow),
          values: checked.values,
          submitted_by: p.userId,
          submitter_name: me?.name ?? '',
          display_title: (input.displayTitle ?? '').trim(),
          priority: input.priority ?? 0,
          display_at: input.displayAt ? new Date(input.displayAt) : null,
          expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
        },
        trx,
      );
      await this.repo.addEvent(created.id, { event_type: 'created', to_state: created.state, actor_name: me?.name ?? null }, trx);
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: created.id }, trx);
      return created;
    });
    return recordView(row);
  }

  async detail(p: ConsolePrincipal, id: string, recordId: string) {
    const form = await this.d.formsService.context(p, id);
    await this.d.recordAccess.visible(p, form, recordId);
    return this.d.recordAccess.detail(p, form, recordId);
  }

  async update(p: ConsolePrincipal, id: string, recordId: string, input: RecordInput & { version: number }) {
    const form = await this.d.formsService.context(p, id);
    const name = await this.d.recordAccess.nameOf(p);
    const { row, wasOnAir } = await this.d.db.transaction(async (trx) => {
      const record = await this.d.recordAccess.visible(p, form, recordId, trx, true);
      this.d.recordAccess.assertEditable(p, form, record);
      if (record.version !== input.version) throw stale();
      const schema = await this.d.recordAccess.schemaOf(record, trx);
      let values = record.values;
      if (input.values !== undefined) {
        const checked = checkedValues(schema, input.values, record.values, record.eligible);
        if ('problem' in checked) throw invalidInput('validation_failed', checked.problem, 'body/values');
        values = checked.values;
      }
      const updated = await this.repo.updateRecord(record.id, { values, ...displayChanges(input) }, trx);
      await this.repo.addEvent(record.id, { event_type: 'edited', actor_name: name }, trx);
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: record.id }, trx);
      return { row: updated, wasOnAir: record.eligible };
    });
    if (wasOnAir) await this.d.dataSourceLibrary.refresh(id);
    return recordView(row);
  }

  async delete(p: ConsolePrincipal, id: string, recordId: string, ip: string) {
    const form = await this.d.formsService.context(p, id);
    const { record, files } = await this.d.db.transaction(async (trx) => {
      const record = await this.d.recordAccess.visible(p, form, recordId, trx, true);
      if (!form.caps.has('manage')) throw noAccess();
      const files = await this.repo.attachmentsOf(record.id, trx);
      await this.repo.deleteRecord(record.id, trx);
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: record.id }, trx);
      await this.d.formsService.audit('form.record_deleted', p, ip, id, trx, { recordId, title: record.display_title });
      return { record, files };
    });
    await this.d.attachmentFiles.remove(
      id,
      files.map((f) => f.id),
    );
    if (record.eligible) await this.d.dataSourceLibrary.refresh(id);
  }

  /** Moves a record along its workflow; into an on-air state, it reaches screens at once. */
  async transition(p: ConsolePrincipal, id: string, recordId: string, input: { toState: string; note?: string; version: number }, ip: string) {
    const form = await this.d.formsService.context(p, id);
    const workflow = form.definition.workflow;
    const name = await this.d.recordAccess.nameOf(p);
    const row = await this.d.db.transaction(async (trx) => {
      const record = await this.d.recordAccess.visible(p, form, recordId, trx, true);
      // First: a caller who read an older version asks about a state the record may have left.
      if (record.version !== input.version) throw stale();
      const transition = workflow.transitions.find((t) => t.from === record.state && t.to === input.toState);
      if (transition && !this.d.recordAccess.mayMake(p, form, record, transition.requiredCapability)) throw noAccess();
      if (!transition) throw invalidInput('validation_failed', `A record cannot go from ${record.state} to ${input.toState}.`, 'body/toState');
      const note = input.note?.trim() ?? '';
      if (requiresNote(workflow, transition) && !note) throw invalidInput('validation_failed', `“${transition.label}” needs a note saying why.`, 'body/note');
      const target = stateOf(workflow, transition.to)!;
      if (transition.requiredCapability === 'submit' || target.eligibleForOutput) {
        const missing = missingRequired(await this.d.recordAccess.schemaOf(record, trx), record.values);
        if (missing) throw invalidInput('validation_failed', missing, 'body');
      }
      const updated = await this.repo.updateRecord(record.id, { state: target.key, eligible: target.eligibleForOutput }, trx);
      await this.repo.addEvent(
        record.id,
        { event_type: 'transition', from_state: record.state, to_state: target.key, actor_name: name, note: note || null },
        trx,
      );
      if (note) await this.repo.addComment(record.id, name, note, trx);
      await this.d.formsService.audit('form.record_transition', p, ip, id, trx, { recordId, from: record.state, to: target.key });
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: record.id }, trx);
      return updated;
    });
    await this.d.dataSourceLibrary.refresh(id);
    return recordView(row);
  }

  async comment(p: ConsolePrincipal, id: string, recordId: string, body: string) {
    const form = await this.d.formsService.context(p, id);
    const text = body.trim();
    if (!text) throw invalidInput('validation_failed', 'A comment needs some text.', 'body/body');
    const name = await this.d.recordAccess.nameOf(p);
    const comment = await this.d.db.transaction(async (trx) => {
      const record = await this.d.recordAccess.visible(p, form, recordId, trx, true);
      if (!this.d.recordAccess.mayComment(p, form, record)) throw noAccess();
      const added = await this.repo.addComment(record.id, name, text, trx);
      await this.repo.addEvent(record.id, { event_type: 'comment', actor_name: name, note: text }, trx);
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: record.id }, trx);
      return added;
    });
    return { id: comment.id, authorName: comment.author_name, body: comment.body, createdAt: comment.created_at.toISOString() };
  }

  /**
   * Records waiting on the caller: in a state with a review or approval transition the caller may
   * make. A transition only managers make (expiring what is on air) is not a decision awaited.
   */
  async approvals(p: ConsolePrincipal, page: number, pageSize: number) {
    const contexts = await this.d.formsService.forms(p);
    const decides = (c: FormContext, capability: string) =>
      (capability === 'review' || capability === 'approve') && (c.caps.has('manage') || c.caps.has(capability));
    const waitingStates = (c: FormContext) => [
      ...new Set(c.definition.workflow.transitions.filter((t) => decides(c, t.requiredCapability)).map((t) => t.from)),
    ];
    const reviewable = contexts.filter((c) => c.caps.has('review'));
    const { rows, total } = await this.repo.waiting(
      reviewable.map((c) => ({ sourceId: c.source.id, states: waitingStates(c) })),
      page,
      pageSize,
    );
    const byId = new Map(reviewable.map((c) => [c.source.id, c]));
    return {
      items: rows.map((r) => {
        const c = byId.get(r.source_id)!;
        return {
          recordId: r.id,
          dataSourceId: r.source_id,
          formName: c.source.name,
          title: r.display_title,
          submitterName: r.submitter_name,
          state: r.state,
          stateLabel: stateOf(c.definition.workflow, r.state)?.label ?? r.state,
          displayAt: r.display_at?.toISOString() ?? null,
          expiresAt: r.expires_at?.toISOString() ?? null,
          submittedAt: r.state_changed_at.toISOString(),
        };
      }),
      total,
      page,
      pageSize,
    };
  }

  /**
   * The expiry job: records on air past their `expiresAt` move to `expired` (where the workflow has
   * it) or leave the air; the forms they were on are read again. Screens stopped showing them when
   * their time ran out (the output reads only records in their time), this makes the state say so.
   */
  async expireDue(): Promise<number> {
    const touched = await this.d.db.transaction(async (trx) => {
      const due = await this.repo.expiredOnAir(200, trx);
      const definitions = new Map((await this.repo.definitionsOf([...new Set(due.map((r) => r.source_id))], trx)).map((d) => [d.source_id, d.workflow]));
      for (const r of due) {
        const workflow: Workflow | undefined = definitions.get(r.source_id);
        const expired = workflow && stateOf(workflow, EXPIRED_STATE);
        await this.repo.updateRecord(r.id, expired ? { state: expired.key, eligible: expired.eligibleForOutput } : { eligible: false }, trx);
        await this.repo.addEvent(
          r.id,
          { event_type: 'transition', from_state: r.state, to_state: expired?.key ?? r.state, actor_name: 'system', note: 'Expired' },
          trx,
        );
        this.d.consoleEvents.publish('form.changed', { formId: r.source_id, recordId: r.id }, trx);
      }
      return [...new Set(due.map((r) => r.source_id))];
    });
    for (const id of touched) await this.d.dataSourceLibrary.refresh(id);
    return touched.length;
  }
}
