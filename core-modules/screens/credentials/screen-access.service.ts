import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { screenNotFound } from '../screens.service.js';
import type { ScreensCacheDeps } from '../screens-cache-deps.js';

type Deps = Pick<
  ScreensCacheDeps,
  'db' | 'screensRepository' | 'credentialsRepository' | 'credentialCache' | 'screenNotifier' | 'auditLog' | 'screenStatusAnnouncer'
>;

/**
 * Whether a screen's player may talk to the server. Disable is reversible and keeps the credential
 * (the player sees 403 screen_disabled and keeps waiting); revoke is permanent (401
 * device_credential_revoked, the player forgets its credential and pairs again). Both close the
 * screen's socket at once, on whichever server process holds it.
 */
export class ScreenAccessService {
  constructor(private readonly d: Deps) {}

  async setEnabled(actor: ConsolePrincipal, id: string, enabled: boolean, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.screensRepository.update(id, { enabled }, trx))) throw screenNotFound();
      await this.d.auditLog.record({ action: enabled ? 'screen.enabled' : 'screen.disabled', actor, ip, resourceType: 'screen', resourceId: id }, trx);
    });
    this.d.credentialCache.forgetScreen(id);
    this.d.screenStatusAnnouncer.changed([id]);
    if (!enabled) await this.d.screenNotifier.closeSockets(id);
  }

  async revoke(actor: ConsolePrincipal, id: string, reason: string | undefined, ip: string): Promise<void> {
    const why = reason?.trim() || 'Revoked from the console';
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.screensRepository.lock(id, trx))) throw screenNotFound();
      const revoked = await this.d.credentialsRepository.revokeActive(id, why, trx);
      await this.d.auditLog.record(
        { action: 'screen.revoked', actor, ip, resourceType: 'screen', resourceId: id, metadata: { reason: why, revokedCount: revoked.length } },
        trx,
      );
    });
    this.d.credentialCache.forgetScreen(id);
    this.d.screenStatusAnnouncer.changed([id]);
    await this.d.screenNotifier.closeSockets(id);
  }
}
