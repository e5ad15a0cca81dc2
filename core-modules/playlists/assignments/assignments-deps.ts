import type { PlaylistsBaseDeps } from '../playlists-base-deps.js';
import type { AssignmentsService } from './assignments.service.js';

export interface AssignmentsDeps extends PlaylistsBaseDeps {
  assignmentsService: AssignmentsService;
}
