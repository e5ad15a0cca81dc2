import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { userDirectoryRef } from '../auth/auth.api.js';
import { dataSourceLibraryRef } from '../data-sources/data-sources.api.js';
import type { FormsRepository } from './forms.repository.js';
import type { FormsService } from './forms.service.js';
import type { AttachmentFiles } from './attachment-files.js';
import type { RecordAccess } from './record-access.js';
import type { RecordAttachmentsService } from './record-attachments.service.js';
import type { RecordsService } from './records.service.js';

export const formsUses = { userDirectory: userDirectoryRef, dataSourceLibrary: dataSourceLibraryRef };

export interface FormsDeps extends KernelDeps, UsedDeps<typeof formsUses> {
  // Own.
  formsRepository: FormsRepository;
  formsService: FormsService;
  recordsService: RecordsService;
  recordAccess: RecordAccess;
  attachmentFiles: AttachmentFiles;
  recordAttachmentsService: RecordAttachmentsService;
}
