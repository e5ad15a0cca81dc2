import type { ScreenGroupsBaseDeps } from '../screen-groups-base-deps.js';
import type { GroupsService } from './groups.service.js';

export interface GroupsDeps extends ScreenGroupsBaseDeps {
  /** Walls and panel files rebuild their members' manifests through it. */
  groupsService: GroupsService;
}
