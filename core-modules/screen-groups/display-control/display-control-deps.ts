import type { ScreenGroupsBaseDeps } from '../screen-groups-base-deps.js';
import type { DisplayControlService } from './display-control.service.js';

export interface DisplayControlDeps extends ScreenGroupsBaseDeps {
  displayControlService: DisplayControlService;
}
