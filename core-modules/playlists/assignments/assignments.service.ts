import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import type { ResourceUse } from '../../../kernel/usage-registry.js';
import type { ContentRef } from '../../player/player.api.js';
import { refKey, wireField, wireOf } from '../../player/player.api.js';
import { present } from '../../../kernel/http/wire.js';
import type { AssignmentView } from '../playlist-schemas.js';
import type { PlaylistsBaseDeps } from '../playlists-base-deps.js';
import type { AssignmentRow } from '../playlists.models.js';
import { refOf } from './assignments.repository.js';

type Deps = Pick<PlaylistsBaseDeps, 'db' | 'assignmentsRepository' | 'screensService' | 'contentKinds' | 'contentSources' | 'auditLog' | 'playbackStatus'>;

/** What a screen plays when nothing else (schedules, takeovers, later) says otherwise: a playlist or another kind of content. */
export class AssignmentsService {
  constructor(private readonly d: Deps) {}

  async get(screenId: string): Promise<AssignmentView> {
    await this.d.screensService.get(screenId); // 404 screen_not_found
    return this.view(screenId, await this.d.assignmentsRepository.byScreen(screenId));
  }

  async assign(actor: ConsolePrincipal, screenId: string, ref: ContentRef, ip: string): Promise<AssignmentView> {
    await this.d.screensService.get(screenId);
    // The kind checks the content and holds it until commit, so its delete cannot pass between.
    const row = await this.d.db.transaction(async (trx) => {
      await this.d.contentKinds.check([ref], trx);
      const assigned = await this.d.assignmentsRepository.assign(screenId, ref, trx);
      // Carried by the commit: the player hears of it even if this process dies right after.
      await this.d.contentSources.changed([screenId], trx);
      return assigned;
    });
    await this.d.auditLog.record({
      action: 'screen.playlist_assigned',
      actor,
      ip,
      resourceType: 'screen',
      resourceId: screenId,
      metadata: { ...wireField(ref) },
    });
    return this.view(screenId, row);
  }

  async unassign(actor: ConsolePrincipal, screenId: string, ip: string): Promise<void> {
    await this.d.screensService.get(screenId);
    const removed = await this.d.db.transaction(async (trx) => {
      if (!(await this.d.assignmentsRepository.unassign(screenId, trx))) return false; // already unassigned: nothing changed
      await this.d.contentSources.changed([screenId], trx);
      return true;
    });
    if (removed) await this.d.auditLog.record({ action: 'screen.playlist_unassigned', actor, ip, resourceType: 'screen', resourceId: screenId });
  }

  /** The screens assigned the content, as uses that keep it from being deleted (registered with contentKinds). */
  async usesOf(ref: ContentRef, trx: Knex.Transaction): Promise<ResourceUse[]> {
    const screenIds = await this.d.assignmentsRepository.screensGiven([ref], trx);
    if (!screenIds.length) return [];
    const names = await this.d.screensService.namesOf(screenIds);
    return screenIds.map((id) => ({ kind: 'screen', id, name: names.get(id) ?? id }));
  }

  /** The content (its name and kind too) and, beside it, the screen's playback status. */
  private async view(screenId: string, row: AssignmentRow | undefined): Promise<AssignmentView> {
    const ref = row && refOf(row);
    const [names, status] = await Promise.all([ref ? this.d.contentKinds.names([ref]) : new Map<string, string>(), this.d.playbackStatus(screenId)]);
    const name = ref && names.get(refKey(ref));
    return {
      screenId,
      ...present(wireOf(ref)),
      ...(name === undefined
        ? {}
        : ref?.contentType === 'layout'
          ? { layoutName: name, presentationType: 'layout' as const }
          : { playlistName: name, presentationType: 'playlist' as const }),
      assignedAt: row?.assigned_at.toISOString() ?? null,
      ...status,
    };
  }
}
