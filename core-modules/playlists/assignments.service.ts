import type { AuditLog } from '../../kernel/audit-log.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { ScreenDirectory } from '../screens/screens.api.js';
import type { AssignmentRow, AssignmentsRepository } from './assignments.repository.js';
import type { PlaylistEvents } from './playlist-events.js';
import { playlistNotFound } from './playlist-reader.js';
import type { AssignmentView } from './playlist-schemas.js';

interface Deps {
  assignmentsRepository: AssignmentsRepository;
  screensService: ScreenDirectory;
  playlistEvents: PlaylistEvents;
  auditLog: AuditLog;
}

const view = (screenId: string, row: AssignmentRow | undefined): AssignmentView => ({
  screenId,
  playlistId: row?.playlist_id ?? null,
  assignedAt: row?.assigned_at.toISOString() ?? null,
});

/** Which playlist a screen plays when nothing else (schedules, takeovers, later) says otherwise. */
export class AssignmentsService {
  constructor(private readonly d: Deps) {}

  async get(screenId: string): Promise<AssignmentView> {
    await this.d.screensService.get(screenId); // 404 screen_not_found
    return view(screenId, await this.d.assignmentsRepository.byScreen(screenId));
  }

  async assign(actor: ConsolePrincipal, screenId: string, playlistId: string, ip: string): Promise<AssignmentView> {
    await this.d.screensService.get(screenId);
    const row = await this.d.assignmentsRepository.assign(screenId, playlistId, playlistNotFound);
    await this.d.auditLog.record({ action: 'screen.playlist_assigned', actor, ip, resourceType: 'screen', resourceId: screenId, metadata: { playlistId } });
    await this.d.playlistEvents.emit({ reason: 'assignment.changed', playlistId, revision: null, screenIds: [screenId] });
    return view(screenId, row);
  }

  async unassign(actor: ConsolePrincipal, screenId: string, ip: string): Promise<void> {
    await this.d.screensService.get(screenId);
    if (!(await this.d.assignmentsRepository.unassign(screenId))) return; // already unassigned: nothing changed
    await this.d.auditLog.record({ action: 'screen.playlist_unassigned', actor, ip, resourceType: 'screen', resourceId: screenId });
    await this.d.playlistEvents.emit({ reason: 'assignment.changed', playlistId: null, revision: null, screenIds: [screenId] });
  }
}
