import type { FormDefinitionsDeps } from './form-definitions-deps.js';
import type { FormViewsService } from './form-views.service.js';
import type { RecordAttachmentsService } from './record-attachments.service.js';
import type { RecordsService } from './records.service.js';

/** The whole forms module's container. */
export interface FormsDeps extends FormDefinitionsDeps {
  recordsService: RecordsService;
  recordAttachmentsService: RecordAttachmentsService;
  formViewsService: FormViewsService;
}
