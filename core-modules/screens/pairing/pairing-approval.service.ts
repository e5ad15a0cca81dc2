import type { Knex } from 'knex';
import { ACCESS } from '../../../kernel/auth/access.js';
import type { ConsolePrincipal, Role } from '../../../kernel/auth/principal.js';
import { AppError, conflict, invalidInput, notFound } from '../../../kernel/errors.js';
import { normalizePairingCode } from '../credentials/device-secrets.js';
import { sha256 } from '../../../kernel/secrets.js';
import type { PairingSessionFacts } from './pairing-sessions.repository.js';
import { ENROLL_WINDOW_SECONDS, pairingNotFound } from './pairing.service.js';
import { deviceColumns, pairingRequestView, type PairingRequest } from './pairing-view.js';
import type { ScreenView } from '../screen-view.js';
import type { ScreensServiceDeps } from '../screens-service-deps.js';

type Deps = Pick<ScreensServiceDeps, 'db' | 'pairingSessionsRepository' | 'screensRepository' | 'locationsRepository' | 'screensService' | 'auditLog'>;

export interface ApprovalInput {
  name?: string;
  locationId?: string | null;
  roomName?: string;
  roomNumber?: string;
  description?: string;
  replaceExistingCredential?: boolean;
  replaceHardware?: boolean;
  replacementScreenId?: string;
}

export const PENDING_LIMIT = 100;

const pairingExpired = () => new AppError('gone', 'pairing_expired', 'The pairing session has expired; the screen shows a new code.');
const stateConflict = (message: string) => conflict('state_conflict', message);

/**
 * Pairing, the console's side: find a request by its code, approve it (a new screen, the repair of
 * the screen this player installation already has, or a screen moving onto new hardware), or reject it.
 */
export class PairingApprovalService {
  constructor(private readonly d: Deps) {}

  /**
   * The console finds a request by the code on the screen (any case, dashes and spaces ignored).
   * Anyone signed in may look; the player's address is for those who may pair it.
   */
  async resolve(actor: ConsolePrincipal, code: string): Promise<PairingRequest> {
    const normalized = normalizePairingCode(code);
    if (!normalized) throw invalidInput('invalid_pairing_code', 'A pairing code is the 6 letters and digits shown on the screen.', 'body/code');
    const s = await this.d.pairingSessionsRepository.latestByCode(sha256(normalized));
    if (!s) throw pairingNotFound();
    if (s.expired && (s.status === 'pending' || s.status === 'approved')) {
      await this.d.pairingSessionsRepository.expire(s.id);
      throw pairingExpired();
    }
    return pairingRequestView(s, await this.existingScreen(s), (ACCESS.administrators as readonly Role[]).includes(actor.role));
  }

  /** The requests waiting for an administrator (the console's badge), newest first; at most PENDING_LIMIT. */
  async pending(): Promise<{ items: PairingRequest[]; total: number }> {
    const sessions = await this.d.pairingSessionsRepository.live(PENDING_LIMIT);
    const existing = await Promise.all(sessions.map((s) => this.existingScreen(s)));
    const items = sessions.map((s, i) => pairingRequestView(s, existing[i], true));
    return { items, total: items.length };
  }

  async approve(actor: ConsolePrincipal, id: string, input: ApprovalInput, ip: string): Promise<ScreenView> {
    const fields = {
      name: input.name?.trim() ?? '',
      description: input.description?.trim() ?? '',
      room_name: input.roomName?.trim() ?? '',
      room_number: input.roomNumber?.trim() ?? '',
      location_id: input.locationId ?? null,
    };
    if (input.replaceHardware && input.replaceExistingCredential) throw stateConflict('Hardware replacement and credential repair exclude each other.');
    if (input.replaceHardware && !input.replacementScreenId)
      throw invalidInput('validation_failed', 'Name the screen whose hardware is replaced.', 'body/replacementScreenId');
    if (!input.replaceHardware && (fields.name.length < 2 || fields.name.length > 120))
      throw invalidInput('validation_failed', 'A screen name has 2 to 120 characters.', 'body/name');

    const screenId = await this.d.db.transaction(async (trx) => {
      if (fields.location_id && !(await this.d.locationsRepository.exists(fields.location_id, trx))) {
        throw invalidInput('location_not_found', 'No such location.', 'body/locationId');
      }
      const s = await this.d.pairingSessionsRepository.lock(id, trx, ENROLL_WINDOW_SECONDS);
      if (!s) throw pairingNotFound();
      // Not marked expired here: the rollback would undo it. The player's next poll does that.
      if (s.expired) throw pairingExpired();
      // A repeated approval (double click, retried request) answers with the screen it made.
      if (s.status === 'approved' && s.resulting_screen_id) return s.resulting_screen_id;
      if (s.status !== 'pending') throw stateConflict(`This pairing request is ${s.status}.`);
      const { screenId, mode, replacing } = await this.placeScreen(s, fields, input, trx);
      await this.d.pairingSessionsRepository.update(
        id,
        {
          status: 'approved',
          approved_at: trx.fn.now(),
          approved_by: actor.userId,
          resulting_screen_id: screenId,
          pairing_mode: mode,
          replace_existing_credential: replacing,
        },
        trx,
      );
      await this.d.auditLog.record(
        {
          action: 'screen.pairing.approved',
          actor,
          ip,
          resourceType: 'screen',
          resourceId: screenId,
          metadata: { pairingSessionId: id, mode, name: fields.name || undefined },
        },
        trx,
      );
      return screenId;
    });
    return this.d.screensService.get(screenId);
  }

  /** Creates the screen, repairs the one this installation already has, or targets a replacement. */
  private async placeScreen(s: PairingSessionFacts, fields: Record<string, string | null>, input: ApprovalInput, trx: Knex.Transaction) {
    const m = s.metadata;
    const existing = await this.d.screensRepository.lockByInstallation(s.player_installation_id, trx);
    if (input.replaceHardware) {
      const target = await this.d.screensRepository.lock(input.replacementScreenId!, trx);
      if (!target) throw notFound('screen_not_found', 'No such screen to replace the hardware of.');
      if (target.player_installation_id === s.player_installation_id)
        throw stateConflict('This player already serves that screen; approve a credential repair instead.');
      if (existing) throw stateConflict('This player is paired to another screen; revoke and remove it there first.');
      // The screen takes on the new hardware at enrollment, not before: until then the old player keeps working.
      return { screenId: target.id, mode: 'hardware_replacement' as const, replacing: true };
    }
    const device = deviceColumns(m);
    if (existing) {
      if (existing.has_active_credential && !input.replaceExistingCredential) {
        throw conflict(
          'pairing_recovery_required',
          'This player is already paired and its credential still works. Approve again with replaceExistingCredential to repair it.',
          {
            existingScreenId: existing.id,
          },
        );
      }
      await this.d.screensRepository.update(existing.id, { ...fields, ...device }, trx);
      return { screenId: existing.id, mode: 'credential_repair' as const, replacing: existing.has_active_credential };
    }
    const screenId = await this.d.screensRepository.insert({ ...fields, ...device, name: fields.name!, player_installation_id: s.player_installation_id }, trx);
    return { screenId, mode: 'new_screen' as const, replacing: false };
  }

  async reject(actor: ConsolePrincipal, id: string, reason: string | undefined, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const s = await this.d.pairingSessionsRepository.lock(id, trx, ENROLL_WINDOW_SECONDS);
      if (!s) throw pairingNotFound();
      if (s.expired && s.status === 'pending') throw pairingExpired();
      if (s.status !== 'pending') throw stateConflict(`This pairing request is ${s.status}.`);
      await this.d.pairingSessionsRepository.update(
        id,
        { status: 'rejected', rejected_at: trx.fn.now(), approved_by: actor.userId, failure_reason: reason?.trim() || 'rejected' },
        trx,
      );
      await this.d.auditLog.record({ action: 'screen.pairing.rejected', actor, ip, resourceType: 'pairing_session', resourceId: id }, trx);
    });
  }

  private existingScreen(s: PairingSessionFacts) {
    return this.d.screensRepository.summaryByInstallation(s.player_installation_id);
  }
}
