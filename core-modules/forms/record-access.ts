import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, notFound } from '../../kernel/errors.js';
import type { FormSchema } from './form-schema.js';
import { type FormContext, noAccess } from './forms.service.js';
import type { RecordDetailRow } from './forms.repository.js';
import { recordDetailView } from './record-view.js';
import { type Capability, editableBySubmitter, requiresNote, stateOf } from './workflow.js';
import type { RecordRow } from './forms.models.js';
import type { FormsBaseDeps } from './forms-base-deps.js';

export const recordNotFound = () => notFound('not_found', 'No such record.');
export const stale = () => conflict('conflict', 'The record changed since you read it: load it again.');

/** Who may see and edit which record, and the record as its caller sees it: shared by the record services. */
export class RecordAccess {
  constructor(private readonly d: Pick<FormsBaseDeps, 'formsRepository' | 'userDirectory'>) {}

  private get repo() {
    return this.d.formsRepository;
  }

  private readonly sees = (form: FormContext, p: ConsolePrincipal, r: RecordRow) => form.caps.has('view_all') || r.submitted_by === p.userId;

  /** The record if the caller may see it; 404 otherwise (whether it exists is not told). */
  async visible(p: ConsolePrincipal, form: FormContext, recordId: string, trx?: Knex.Transaction, lock = false): Promise<RecordRow> {
    const record = await this.repo.record(form.source.id, recordId, trx, lock);
    if (!record || !this.sees(form, p, record)) throw recordNotFound();
    return record;
  }

  /** Managers edit any record; a submitter, their own while it can still be (re)submitted. */
  assertEditable(p: ConsolePrincipal, form: FormContext, r: RecordRow): void {
    if (form.caps.has('manage')) return;
    if (r.submitted_by !== p.userId || !form.caps.has('submit')) throw noAccess();
    if (!editableBySubmitter(form.definition.workflow, r.state)) {
      throw conflict('conflict', 'The record is with its reviewers: it can be edited when it comes back or by a manager.');
    }
  }

  /** Whether the caller may make a transition that asks this capability: submitting is the submitter's own. */
  mayMake(p: ConsolePrincipal, form: FormContext, r: RecordRow, capability: string): boolean {
    if (form.caps.has('manage')) return true;
    return capability === 'submit' ? r.submitted_by === p.userId && form.caps.has('submit') : form.caps.has(capability as Capability);
  }

  /** Reviewers comment on any record they see; a submitter, on their own while they may still submit. */
  mayComment(p: ConsolePrincipal, form: FormContext, r: RecordRow): boolean {
    return form.caps.has('review') || (r.submitted_by === p.userId && form.caps.has('submit'));
  }

  /** The record with its history, comments, images, and what the caller may do with it. */
  async detail(p: ConsolePrincipal, form: FormContext, recordId: string) {
    const row = (await this.repo.detail(recordId)) as RecordDetailRow;
    const [revision] = await this.repo.revisionsByIds([row.revision_id]);
    const workflow = form.definition.workflow;
    const manager = form.caps.has('manage');
    const own = row.submitted_by === p.userId;
    return recordDetailView(row, revision!, {
      canEdit: manager || (own && form.caps.has('submit') && editableBySubmitter(workflow, row.state)),
      canComment: this.mayComment(p, form, row),
      canDelete: manager,
      availableTransitions: workflow.transitions
        .filter((t) => t.from === row.state)
        .filter((t) => this.mayMake(p, form, row, t.requiredCapability))
        .map((t) => ({
          to: t.to,
          toLabel: stateOf(workflow, t.to)?.label ?? t.to,
          label: t.label,
          requiredCapability: t.requiredCapability,
          requiresNote: requiresNote(workflow, t),
        })),
    });
  }

  /** The revision a record was made on (read in the caller's transaction: a second connection could be waited on forever). */
  async schemaOf(r: RecordRow, trx?: Knex.Transaction): Promise<FormSchema> {
    const [revision] = await this.repo.revisionsByIds([r.revision_id], trx);
    return revision!.schema;
  }

  /** The caller's name. Asked before a transaction: it reads through another module, on a connection of its own. */
  async nameOf(p: ConsolePrincipal): Promise<string> {
    return (await this.d.userDirectory.byIds([p.userId]))[0]?.name ?? '';
  }
}
