import type { ScreensServiceDeps } from '../screens-service-deps.js';
import type { LocationsService } from './locations.service.js';

export interface LocationsDeps extends ScreensServiceDeps {
  locationsService: LocationsService;
}
