import type { AttachmentFiles } from './attachment-files.js';
import type { FormsBaseDeps } from './forms-base-deps.js';
import type { FormsService } from './forms.service.js';
import type { RecordAccess } from './record-access.js';

/** The forms themselves, who may reach a record, and the attachments' files: what records and their attachments go through. */
export interface FormDefinitionsDeps extends FormsBaseDeps {
  formsService: FormsService;
  recordAccess: RecordAccess;
  attachmentFiles: AttachmentFiles;
}
