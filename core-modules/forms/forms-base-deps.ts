import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { userDirectoryRef } from '../auth/auth.api.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { dataSourceLibraryRef } from '../data-sources/data-sources.api.js';
import { notificationConditionsRef } from '../notifications/notifications.api.js';
import type { FormViewsRepository } from './form-views.repository.js';
import type { FormsRepository } from './forms.repository.js';

export const formsUses = {
  userDirectory: userDirectoryRef,
  dataSourceLibrary: dataSourceLibraryRef,
  notificationConditions: notificationConditionsRef,
  consoleEvents: consoleEventsRef,
};

/**
 * What the forms module's services build on: its tables. Services sit in the layers above, so no
 * service's own deps file names it.
 */
export interface FormsBaseDeps extends KernelDeps, UsedDeps<typeof formsUses> {
  formsRepository: FormsRepository;
  formViewsRepository: FormViewsRepository;
}
