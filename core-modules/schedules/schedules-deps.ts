import type { SchedulePreview } from './schedule-preview.js';
import type { SchedulesServiceDeps } from './schedules-service-deps.js';

/** The whole schedules module's container. */
export interface SchedulesDeps extends SchedulesServiceDeps {
  schedulePreview: SchedulePreview;
}
