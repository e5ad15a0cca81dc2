import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import sharp from 'sharp';
import type { AuditLog } from '../../kernel/audit-log.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, invalidInput, notFound } from '../../kernel/errors.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { Logger } from '../../kernel/logger.js';
import type { Storage } from '../../kernel/storage/storage.js';
import type { UserDirectory } from '../auth/auth.api.js';
import type { DataSourceLibrary } from '../data-sources/data-sources.api.js';
import { checkedValues, type FieldValue, type FormSchema } from './form-schema.js';
import { type FormContext, type FormsService, noAccess } from './forms.service.js';
import type { FormsRepository, RecordDetailRow, RecordQuery, RecordRow } from './forms.repository.js';
import { recordDetailView, recordView } from './record-view.js';
import { editableBySubmitter, EXPIRED_STATE, initialState, requiresNote, stateOf, type Workflow } from './workflow.js';

interface Deps {
  db: Knex;
  auditLog: AuditLog;
  logger: Logger;
  storage: Storage;
  formsRepository: FormsRepository;
  formsService: FormsService;
  dataSourceLibrary: DataSourceLibrary;
  userDirectory: UserDirectory;
}

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const recordNotFound = () => notFound('not_found', 'No such record.');
const stale = () => conflict('conflict', 'The record changed since you read it: load it again.');
const storageKey = (sourceId: string, attachmentId: string) => `forms/${sourceId}/${attachmentId}`;

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

/** Records of forms: submissions along the workflow, their history, comments and images. */
export class RecordsService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.formsRepository;
  }

  private readonly sees = (form: FormContext, p: ConsolePrincipal, r: RecordRow) => form.caps.has('view_all') || r.submitted_by === p.userId;

  /** The record if the caller may see it; 404 otherwise (whether it exists is not told). */
  private async visible(p: ConsolePrincipal, form: FormContext, recordId: string, trx?: Knex.Transaction, lock = false): Promise<RecordRow> {
    const record = await this.repo.record(form.source.id, recordId, trx, lock);
    if (!record || !this.sees(form, p, record)) throw recordNotFound();
    return record;
  }

  /** Managers edit any record; a submitter, their own while it can still be (re)submitted. */
  private assertEditable(p: ConsolePrincipal, form: FormContext, r: RecordRow): void {
    if (form.caps.has('manage')) return;
    if (r.submitted_by !== p.userId || !form.caps.has('submit')) throw noAccess();
    if (!editableBySubmitter(form.definition.workflow, r.state)) {
      throw conflict('conflict', 'The record is with its reviewers: it can be edited when it comes back or by a manager.');
    }
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
      return created;
    });
    return recordView(row);
  }

  async detail(p: ConsolePrincipal, id: string, recordId: string) {
    const form = await this.d.formsService.context(p, id);
    await this.visible(p, form, recordId);
    return this.detailView(p, form, recordId);
  }

  async update(p: ConsolePrincipal, id: string, recordId: string, input: RecordInput & { version: number }) {
    const form = await this.d.formsService.context(p, id);
    const { row, wasOnAir } = await this.d.db.transaction(async (trx) => {
      const record = await this.visible(p, form, recordId, trx, true);
      this.assertEditable(p, form, record);
      if (record.version !== input.version) throw stale();
      const schema = await this.schemaOf(record);
      let values = record.values;
      if (input.values !== undefined) {
        const checked = checkedValues(schema, input.values, record.values, record.eligible);
        if ('problem' in checked) throw invalidInput('validation_failed', checked.problem, 'body/values');
        values = checked.values;
      }
      const updated = await this.repo.updateRecord(record.id, { values, ...displayChanges(input) }, trx);
      await this.repo.addEvent(record.id, { event_type: 'edited', actor_name: await this.nameOf(p) }, trx);
      return { row: updated, wasOnAir: record.eligible };
    });
    if (wasOnAir) await this.d.dataSourceLibrary.refresh(id);
    return recordView(row);
  }

  async delete(p: ConsolePrincipal, id: string, recordId: string, ip: string) {
    const form = await this.d.formsService.context(p, id);
    const { record, files } = await this.d.db.transaction(async (trx) => {
      const record = await this.visible(p, form, recordId, trx, true);
      if (!form.caps.has('manage')) throw noAccess();
      const files = await this.repo.attachmentsOf(record.id, trx);
      await this.repo.deleteRecord(record.id, trx);
      await this.audit('form.record_deleted', p, ip, id, trx, { recordId, title: record.display_title });
      return { record, files };
    });
    await this.removeFiles(files.map((f) => storageKey(id, f.id)));
    if (record.eligible) await this.d.dataSourceLibrary.refresh(id);
  }

  /** Moves a record along its workflow; into an on-air state, it reaches screens at once. */
  async transition(p: ConsolePrincipal, id: string, recordId: string, input: { toState: string; note?: string; version: number }, ip: string) {
    const form = await this.d.formsService.context(p, id);
    const workflow = form.definition.workflow;
    const row = await this.d.db.transaction(async (trx) => {
      const record = await this.visible(p, form, recordId, trx, true);
      const transition = workflow.transitions.find((t) => t.from === record.state && t.to === input.toState);
      const mayFire = (need: string) =>
        form.caps.has('manage') || (need === 'submit' ? record.submitted_by === p.userId && form.caps.has('submit') : form.caps.has(need as never));
      if (transition && !mayFire(transition.requiredCapability)) throw noAccess();
      if (!transition) throw invalidInput('validation_failed', `A record cannot go from ${record.state} to ${input.toState}.`, 'body/toState');
      const note = input.note?.trim() ?? '';
      if (requiresNote(workflow, transition) && !note) throw invalidInput('validation_failed', `“${transition.label}” needs a note saying why.`, 'body/note');
      if (record.version !== input.version) throw stale();
      const target = stateOf(workflow, transition.to)!;
      if (transition.requiredCapability === 'submit' || target.eligibleForOutput) {
        const complete = checkedValues(await this.schemaOf(record), withoutImages(record.values, await this.schemaOf(record)), record.values, true);
        if ('problem' in complete) throw invalidInput('validation_failed', complete.problem, 'body');
      }
      const name = await this.nameOf(p);
      const updated = await this.repo.updateRecord(record.id, { state: target.key, eligible: target.eligibleForOutput }, trx);
      await this.repo.addEvent(
        record.id,
        { event_type: 'transition', from_state: record.state, to_state: target.key, actor_name: name, note: note || null },
        trx,
      );
      if (note) await this.repo.addComment(record.id, name, note, trx);
      await this.audit('form.record_transition', p, ip, id, trx, { recordId, from: record.state, to: target.key });
      return updated;
    });
    await this.d.dataSourceLibrary.refresh(id);
    return recordView(row);
  }

  async comment(p: ConsolePrincipal, id: string, recordId: string, body: string) {
    const form = await this.d.formsService.context(p, id);
    const text = body.trim();
    if (!text) throw invalidInput('validation_failed', 'A comment needs some text.', 'body/body');
    const comment = await this.d.db.transaction(async (trx) => {
      const record = await this.visible(p, form, recordId, trx, true);
      if (!form.caps.has('review') && record.submitted_by !== p.userId) throw noAccess();
      const name = await this.nameOf(p);
      const added = await this.repo.addComment(record.id, name, text, trx);
      await this.repo.addEvent(record.id, { event_type: 'comment', actor_name: name, note: text }, trx);
      return added;
    });
    return { id: comment.id, authorName: comment.author_name, body: comment.body, createdAt: comment.created_at.toISOString() };
  }

  /** Puts an image in an image field (replacing the one there): its type read from its bytes. */
  async attach(p: ConsolePrincipal, id: string, recordId: string, input: { fieldKey: string; fileName?: string; data: string; version: number }) {
    const form = await this.d.formsService.context(p, id);
    const probe = await this.visible(p, form, recordId);
    this.assertEditable(p, form, probe);
    const field = (await this.schemaOf(probe)).fields.find((f) => f.key === input.fieldKey);
    if (field?.control !== 'image') throw invalidInput('validation_failed', `The form has no image field “${input.fieldKey}”.`, 'body/fieldKey');
    const bytes = Buffer.from(input.data.trim(), 'base64');
    if (!bytes.length) throw invalidInput('validation_failed', 'The image is empty (or not base64).', 'body/data');
    if (bytes.length > MAX_ATTACHMENT_BYTES) throw invalidInput('validation_failed', 'An image may be at most 25 MiB.', 'body/data');
    const mime = await imageType(bytes);
    if (!mime) throw invalidInput('validation_failed', 'Only JPEG, PNG, WebP and GIF images can be attached.', 'body/data');
    const attachmentId = randomUUID();
    await this.d.storage.put(storageKey(id, attachmentId), Readable.from([bytes]));
    let replaced: string | undefined;
    try {
      await this.d.db.transaction(async (trx) => {
        const record = await this.visible(p, form, recordId, trx, true);
        this.assertEditable(p, form, record);
        if (record.version !== input.version) throw stale();
        const old = await this.repo.attachmentOn(record.id, field.key, trx);
        if (old) await this.repo.deleteAttachment(old.id, trx);
        replaced = old?.id;
        await this.repo.insertAttachment(
          {
            id: attachmentId,
            record_id: record.id,
            source_id: id,
            field_key: field.key,
            file_name: cleanFileName(input.fileName),
            mime_type: mime,
            size: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          },
          trx,
        );
        await this.repo.updateRecord(record.id, { values: { ...record.values, [field.key]: attachmentId } }, trx);
        await this.repo.addEvent(record.id, { event_type: 'attachment_added', actor_name: await this.nameOf(p), note: field.key }, trx);
      });
    } catch (err) {
      await this.removeFiles([storageKey(id, attachmentId)]);
      throw err;
    }
    if (replaced) await this.removeFiles([storageKey(id, replaced)]);
    return this.detailView(p, form, recordId);
  }

  async detach(p: ConsolePrincipal, id: string, recordId: string, attachmentId: string, version: number) {
    const form = await this.d.formsService.context(p, id);
    await this.d.db.transaction(async (trx) => {
      const record = await this.visible(p, form, recordId, trx, true);
      this.assertEditable(p, form, record);
      if (record.version !== version) throw stale();
      const attachment = await this.repo.attachment(record.id, attachmentId, trx);
      if (!attachment) throw notFound('not_found', 'No such attachment on this record.');
      const field = (await this.schemaOf(record)).fields.find((f) => f.key === attachment.field_key);
      if (record.eligible && field?.required) throw invalidInput('validation_failed', `${field.label} is required while the record is on air.`, 'params');
      const { [attachment.field_key]: _, ...values } = record.values;
      await this.repo.deleteAttachment(attachment.id, trx);
      await this.repo.updateRecord(record.id, { values }, trx);
      await this.repo.addEvent(record.id, { event_type: 'attachment_removed', actor_name: await this.nameOf(p), note: attachment.field_key }, trx);
    });
    await this.removeFiles([storageKey(id, attachmentId)]);
    return this.detailView(p, form, recordId);
  }

  async content(p: ConsolePrincipal, id: string, recordId: string, attachmentId: string): Promise<FileToSend> {
    const form = await this.d.formsService.context(p, id);
    const record = await this.visible(p, form, recordId);
    const a = await this.repo.attachment(record.id, attachmentId);
    if (!a) throw notFound('not_found', 'No such attachment on this record.');
    const key = storageKey(id, a.id);
    return {
      size: Number(a.size),
      mimeType: a.mime_type,
      sha256: a.sha256,
      lastModified: a.created_at,
      filename: a.file_name,
      open: (span) => this.d.storage.get(key, span ? { start: span.start, end: span.end } : undefined),
    };
  }

  /** Records waiting on the caller: in a state with a transition the caller may make as reviewer or approver. */
  async approvals(p: ConsolePrincipal, page: number, pageSize: number) {
    const contexts = await this.d.formsService.forms(p);
    const waitingStates = (c: FormContext) => [
      ...new Set(
        c.definition.workflow.transitions
          .filter((t) => t.requiredCapability !== 'submit' && (c.caps.has('manage') || c.caps.has(t.requiredCapability as never)))
          .map((t) => t.from),
      ),
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
      const definitions = new Map((await this.repo.definitionsOf([...new Set(due.map((r) => r.source_id))])).map((d) => [d.source_id, d.workflow]));
      for (const r of due) {
        const workflow: Workflow | undefined = definitions.get(r.source_id);
        const expired = workflow && stateOf(workflow, EXPIRED_STATE);
        await this.repo.updateRecord(r.id, expired ? { state: expired.key, eligible: expired.eligibleForOutput } : { eligible: false }, trx);
        await this.repo.addEvent(
          r.id,
          { event_type: 'transition', from_state: r.state, to_state: expired?.key ?? r.state, actor_name: 'system', note: 'Expired' },
          trx,
        );
      }
      return [...new Set(due.map((r) => r.source_id))];
    });
    for (const id of touched) await this.d.dataSourceLibrary.refresh(id);
    return touched.length;
  }

  /**
   * The hourly sweep: image files whose record (or form) is gone. Deleting a form deletes its rows
   * with it; its files are left for this. Files younger than an hour may belong to an upload whose
   * row is not yet written.
   */
  async sweepFiles(): Promise<number> {
    const keys: string[] = [];
    for await (const key of this.d.storage.list('forms/')) keys.push(key);
    const idOf = (key: string) => key.split('/').pop()!;
    const existing = await this.repo.existingAttachments(keys.map(idOf).filter((id) => /^[0-9a-f-]{36}$/.test(id)));
    let removed = 0;
    for (const key of keys.filter((k) => !existing.has(idOf(k)))) {
      const stat = await this.d.storage.stat(key);
      if (stat && Date.now() - stat.modifiedAt.getTime() < 3600_000) continue;
      await this.removeFiles([key]);
      removed++;
    }
    return removed;
  }

  private async detailView(p: ConsolePrincipal, form: FormContext, recordId: string) {
    const row = (await this.repo.detail(recordId)) as RecordDetailRow;
    const [revision] = await this.repo.revisionsByIds([row.revision_id]);
    const workflow = form.definition.workflow;
    const manager = form.caps.has('manage');
    const own = row.submitted_by === p.userId;
    return recordDetailView(row, revision!, {
      canEdit: manager || (own && form.caps.has('submit') && editableBySubmitter(workflow, row.state)),
      canComment: manager || form.caps.has('review') || own,
      canDelete: manager,
      availableTransitions: workflow.transitions
        .filter((t) => t.from === row.state)
        .filter((t) => manager || (t.requiredCapability === 'submit' ? own && form.caps.has('submit') : form.caps.has(t.requiredCapability as never)))
        .map((t) => ({
          to: t.to,
          toLabel: stateOf(workflow, t.to)?.label ?? t.to,
          label: t.label,
          requiredCapability: t.requiredCapability,
          requiresNote: requiresNote(workflow, t),
        })),
    });
  }

  private async schemaOf(r: RecordRow): Promise<FormSchema> {
    const [revision] = await this.repo.revisionsByIds([r.revision_id]);
    return revision!.schema;
  }

  private async nameOf(p: ConsolePrincipal): Promise<string> {
    return (await this.d.userDirectory.byIds([p.userId]))[0]?.name ?? '';
  }

  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.d.storage.delete(key).catch((err) => this.d.logger.warn({ err, key }, 'form attachment file not deleted; the sweep will'));
    }
  }

  private audit(action: string, actor: ConsolePrincipal, ip: string, id: string, trx: Knex.Transaction, metadata: Record<string, unknown>) {
    return this.d.auditLog.record({ action, actor, ip, resourceType: 'data_source', resourceId: id, metadata }, trx);
  }
}

/** The values a client would send (images are set by upload): for a completeness check. */
const withoutImages = (values: Record<string, FieldValue>, schema: FormSchema) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => schema.fields.find((f) => f.key === k)?.control !== 'image'));

/** The image's type from its bytes (the name and declared type are not trusted), or undefined. */
async function imageType(bytes: Buffer): Promise<string | undefined> {
  try {
    const { format } = await sharp(bytes, { animated: true }).metadata();
    return format ? IMAGE_TYPES[format] : undefined;
  } catch {
    return undefined;
  }
}

/** A file name to show and save under: no path, no control characters, at most 180 characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return [...(base || 'image')].slice(0, 180).join('');
}
