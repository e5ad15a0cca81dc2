import { Readable } from 'node:stream';
import type { FileToSend } from '../../kernel/http/file-response.js';
import { storedFile, type StoredFileFacts } from '../../kernel/storage/stored-file.js';
import type { FormsBaseDeps } from './forms-base-deps.js';

const keyOf = (sourceId: string, attachmentId: string) => `forms/${sourceId}/${attachmentId}`;

/** The files of records' images, in storage under `forms/<form>/<attachment>`. */
export class AttachmentFiles {
  constructor(private readonly d: Pick<FormsBaseDeps, 'storage' | 'logger' | 'formsRepository'>) {}

  async put(sourceId: string, attachmentId: string, bytes: Buffer): Promise<void> {
    await this.d.storage.put(keyOf(sourceId, attachmentId), Readable.from([bytes]), bytes.length);
  }

  /** The stored image as a file to send; `missing` is thrown when it is gone when read. */
  file(sourceId: string, attachmentId: string, facts: StoredFileFacts, missing: () => Error): FileToSend {
    return storedFile(this.d.storage, keyOf(sourceId, attachmentId), facts, missing);
  }

  /** Deletes these files; one that cannot be deleted now is left for the sweep. */
  async remove(sourceId: string, attachmentIds: string[]): Promise<void> {
    await this.removeKeys(attachmentIds.map((id) => keyOf(sourceId, id)));
  }

  /**
   * The hourly sweep: image files whose record (or form) is gone. Deleting a form deletes its rows
   * with it; its files are left for this. Files younger than `graceMs` may belong to an upload
   * whose row is not yet written.
   */
  async sweep(graceMs = 3600_000): Promise<number> {
    const keys: string[] = [];
    for await (const key of this.d.storage.list('forms/')) keys.push(key);
    const idOf = (key: string) => key.split('/').pop()!;
    const existing = await this.d.formsRepository.existingAttachments(keys.map(idOf).filter((id) => /^[0-9a-f-]{36}$/.test(id)));
    let removed = 0;
    for (const key of keys.filter((k) => !existing.has(idOf(k)))) {
      const stat = await this.d.storage.stat(key);
      if (stat && Date.now() - stat.modifiedAt.getTime() < graceMs) continue;
      await this.removeKeys([key]);
      removed++;
    }
    return removed;
  }

  private async removeKeys(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.d.storage.delete(key).catch((err) => this.d.logger.warn({ err, key }, 'form attachment file not deleted; the sweep will'));
    }
  }
}
