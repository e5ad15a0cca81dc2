import type { SchedulesBaseDeps } from './schedules-base-deps.js';
import type { SchedulesService } from './schedules.service.js';

/** The schedules' service, a layer of its own: the preview reads through it. */
export interface SchedulesServiceDeps extends SchedulesBaseDeps {
  schedulesService: SchedulesService;
}
