import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { formEvent } from './form-event.js';
import { formProvider } from './form-provider.js';
import { formsUses } from './forms-base-deps.js';
import type { FormsDeps } from './forms-deps.js';
import { formsJobs } from './forms.jobs.js';
import { FormsRepository } from './forms.repository.js';
import { FormViewsRepository } from './form-views.repository.js';
import { FormViewsService } from './form-views.service.js';
import { formViewsRoutes } from './form-views.routes.js';
import { formsRoutes } from './forms.routes.js';
import { FormsService } from './forms.service.js';
import { AttachmentFiles } from './attachment-files.js';
import { RecordAccess } from './record-access.js';
import { RecordAttachmentsService } from './record-attachments.service.js';
import { RecordsService } from './records.service.js';
import { waitingCondition } from './waiting-condition.js';
import { recordsRoutes } from './records.routes.js';

/**
 * Forms (spec 4.12): data sources whose records staff submit and someone approves before they
 * air. Forms plug into data sources as the `form` provider; data sources know nothing of them.
 */
export const formsModule = definePlugin<FormsDeps>({
  name: 'forms',
  dependsOn: ['auth', 'console-events', 'data-sources', 'notifications'],
  uses: formsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      formsRepository: asClass(FormsRepository).singleton(),
      formViewsRepository: asClass(FormViewsRepository).singleton(),
      formViewsService: asFunction((d: FormsDeps) => new FormViewsService(d)).singleton(),
      formsService: asFunction((d: FormsDeps) => new FormsService(d)).singleton(),
      recordsService: asFunction((d: FormsDeps) => new RecordsService(d)).singleton(),
      recordAccess: asFunction((d: FormsDeps) => new RecordAccess(d)).singleton(),
      attachmentFiles: asFunction((d: FormsDeps) => new AttachmentFiles(d)).singleton(),
      recordAttachmentsService: asFunction((d: FormsDeps) => new RecordAttachmentsService(d)).singleton(),
    });
    r.routes([...formsRoutes, ...formViewsRoutes, ...recordsRoutes]);
    r.jobs(formsJobs);
    r.onStart((d) => {
      d.consoleEvents.declare(formEvent);
      d.dataSourceLibrary.registerProvider(formProvider(d));
      d.notificationConditions.add(waitingCondition(d));
    });
  },
});
