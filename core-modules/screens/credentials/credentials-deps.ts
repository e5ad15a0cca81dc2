import type { ScreensServiceDeps } from '../screens-service-deps.js';
import type { ScreenAccessService } from './screen-access.service.js';

export interface CredentialsDeps extends ScreensServiceDeps {
  screenAccessService: ScreenAccessService;
}
