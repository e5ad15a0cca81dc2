import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput, notFound } from '../../kernel/errors.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import { stale } from './record-access.js';
import type { FormDefinitionsDeps } from './form-definitions-deps.js';

type Deps = Pick<FormDefinitionsDeps, 'db' | 'formsRepository' | 'formsService' | 'recordAccess' | 'attachmentFiles'>;

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** Images in records' image fields: uploaded, replaced, removed and served. */
export class RecordAttachmentsService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.formsRepository;
  }

  /** Puts an image in an image field (replacing the one there): its type read from its bytes. */
  async attach(p: ConsolePrincipal, id: string, recordId: string, input: { fieldKey: string; fileName?: string; data: string; version: number }) {
    const form = await this.d.formsService.context(p, id);
    const probe = await this.d.recordAccess.visible(p, form, recordId);
    this.d.recordAccess.assertEditable(p, form, probe);
    const field = (await this.d.recordAccess.schemaOf(probe)).fields.find((f) => f.key === input.fieldKey);
    if (field?.control !== 'image') throw invalidInput('validation_failed', `The form has no image field “${input.fieldKey}”.`, 'body/fieldKey');
    const bytes = Buffer.from(input.data.trim(), 'base64');
    if (!bytes.length) throw invalidInput('validation_failed', 'The image is empty (or not base64).', 'body/data');
    if (bytes.length > MAX_ATTACHMENT_BYTES) throw invalidInput('validation_failed', 'An image may be at most 25 MiB.', 'body/data');
    const mime = await imageType(bytes);
    if (!mime) throw invalidInput('validation_failed', 'Only JPEG, PNG, WebP and GIF images can be attached.', 'body/data');
    const attachmentId = randomUUID();
    const name = await this.d.recordAccess.nameOf(p);
    await this.d.attachmentFiles.put(id, attachmentId, bytes);
    let replaced: string | undefined;
    try {
      await this.d.db.transaction(async (trx) => {
        const record = await this.d.recordAccess.visible(p, form, recordId, trx, true);
        this.d.recordAccess.assertEditable(p, form, record);
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
        await this.repo.addEvent(record.id, { event_type: 'attachment_added', actor_name: name, note: field.key }, trx);
      });
    } catch (err) {
      await this.d.attachmentFiles.remove(id, [attachmentId]);
      throw err;
    }
    if (replaced) await this.d.attachmentFiles.remove(id, [replaced]);
    return this.d.recordAccess.detail(p, form, recordId);
  }

  async detach(p: ConsolePrincipal, id: string, recordId: string, attachmentId: string, version: number) {
    const form = await this.d.formsService.context(p, id);
    const name = await this.d.recordAccess.nameOf(p);
    await this.d.db.transaction(async (trx) => {
      const record = await this.d.recordAccess.visible(p, form, recordId, trx, true);
      this.d.recordAccess.assertEditable(p, form, record);
      if (record.version !== version) throw stale();
      const attachment = await this.repo.attachment(record.id, attachmentId, trx);
      if (!attachment) throw notFound('not_found', 'No such attachment on this record.');
      const field = (await this.d.recordAccess.schemaOf(record, trx)).fields.find((f) => f.key === attachment.field_key);
      if (record.eligible && field?.required) throw invalidInput('validation_failed', `${field.label} is required while the record is on air.`, 'params');
      const { [attachment.field_key]: _, ...values } = record.values;
      await this.repo.deleteAttachment(attachment.id, trx);
      await this.repo.updateRecord(record.id, { values }, trx);
      await this.repo.addEvent(record.id, { event_type: 'attachment_removed', actor_name: name, note: attachment.field_key }, trx);
    });
    await this.d.attachmentFiles.remove(id, [attachmentId]);
    return this.d.recordAccess.detail(p, form, recordId);
  }

  async content(p: ConsolePrincipal, id: string, recordId: string, attachmentId: string): Promise<FileToSend> {
    const form = await this.d.formsService.context(p, id);
    const record = await this.d.recordAccess.visible(p, form, recordId);
    const a = await this.repo.attachment(record.id, attachmentId);
    const gone = () => notFound('not_found', 'No such attachment on this record.');
    if (!a) throw gone();
    const facts = { size: Number(a.size), mimeType: a.mime_type, sha256: a.sha256, lastModified: a.created_at, filename: a.file_name };
    return this.d.attachmentFiles.file(id, a.id, facts, gone);
  }
}

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
