import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput, unavailable } from '../../kernel/errors.js';
import { checkTool } from '../../kernel/media-tools.js';
import type { SystemDeps } from './system-deps.js';

type Deps = Pick<SystemDeps, 'jobs' | 'storage' | 'mediaTools' | 'auditLog' | 'logger' | 'mediaUpkeep' | 'screenCommands' | 'playerConfig'>;

/** The reference's actions, by their path names. Each runs as the job of the module that owns the data, except validate-media, which answers now. */
export const MAINTENANCE_ACTIONS = ['expired-upload-cleanup', 'completed-command-cleanup', 'retention-cleanup', 'reconcile-config', 'validate-media'] as const;
export type MaintenanceAction = (typeof MAINTENANCE_ACTIONS)[number];

const isAction = (action: string): action is MaintenanceAction => (MAINTENANCE_ACTIONS as readonly string[]).includes(action);

/** Maintenance an operator asks for from the console's system page. */
export class MaintenanceService {
  constructor(private readonly d: Deps) {}

  async request(actor: ConsolePrincipal, action: string, ip: string): Promise<{ action: MaintenanceAction; status: 'accepted' }> {
    if (!isAction(action)) throw invalidInput('maintenance_action_invalid', `There is no maintenance action "${action}".`, 'params/action');
    await this.run(action);
    await this.d.auditLog.record({ action: 'system.maintenance_requested', actor, ip, resourceType: 'system', resourceId: action });
    return { action, status: 'accepted' };
  }

  private async run(action: MaintenanceAction): Promise<void> {
    switch (action) {
      case 'expired-upload-cleanup':
        return this.d.mediaUpkeep.requestExpiredUploadCleanup();
      case 'completed-command-cleanup':
        return this.d.screenCommands.requestFinishedPurge();
      case 'retention-cleanup':
        // Every module's retention job (expired pairing sessions, old commands, audit entries, …), now rather than at its hour.
        for (const name of this.d.jobs.retentionNames) await this.d.jobs.send(name, {});
        return;
      case 'reconcile-config':
        return this.d.playerConfig.requestResend();
      case 'validate-media':
        return this.validateMedia();
    }
  }

  /** Media can be stored and processed: storage takes a write, ffmpeg and ffprobe run. */
  private async validateMedia(): Promise<void> {
    const { storage, mediaTools } = this.d;
    const results = await Promise.allSettled([storage.checkWritable(), checkTool(mediaTools.ffmpegPath), checkTool(mediaTools.ffprobePath)]);
    const problems = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    if (!problems.length) return;
    this.d.logger.warn({ problems }, 'media validation failed');
    throw unavailable('media_validation_failed', `Media cannot be stored or processed: ${problems.join('; ')}.`, { problems });
  }
}
