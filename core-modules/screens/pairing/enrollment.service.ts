import { deviceColumns } from './pairing-view.js';
import { AppError, conflict, notFound, unauthenticated } from '../../../kernel/errors.js';
import { formatCredential, newPublicId } from '../credentials/device-secrets.js';
import { randomToken, safeEqual, sha256 } from '../../../kernel/secrets.js';
import { ENROLL_WINDOW_SECONDS } from './pairing.service.js';
import type { ScreensCacheDeps } from '../screens-cache-deps.js';

type Deps = Pick<
  ScreensCacheDeps,
  | 'db'
  | 'pairingSessionsRepository'
  | 'screensRepository'
  | 'credentialsRepository'
  | 'credentialCache'
  | 'playerHistoryRepository'
  | 'screenNotifier'
  | 'auditLog'
>;

export interface Enrollment {
  screenId: string;
  screenName: string;
  /** `svc_device_<publicId>.<secret>`: returned this once, stored only as the secret's SHA-256. */
  deviceCredential: string;
}

const RETIRED_BECAUSE = {
  new_screen: 'Replaced by a new pairing',
  credential_repair: 'Credential replaced through approved pairing recovery',
  hardware_replacement: 'Hardware replaced',
} as const;

/**
 * Turns a claimed pairing session into a device credential. Everything happens in one
 * transaction: the new credential, revoking the screen's old ones, the player history row and the
 * session's one-time token being spent. Either the player ends up with exactly one working
 * credential, or nothing changed and it may try again.
 */
export class EnrollmentService {
  constructor(private readonly d: Deps) {}

  async enroll(pairingSessionId: string, enrollmentToken: string, ip: string): Promise<Enrollment> {
    const { enrollment, revoked } = await this.d.db.transaction(async (trx) => {
      const s = await this.d.pairingSessionsRepository.lock(pairingSessionId, trx, ENROLL_WINDOW_SECONDS);
      if (!s?.resulting_screen_id) throw notFound('pairing_not_found', 'No such approved pairing session.');
      if (s.status !== 'claimed' || s.enrolled_at || !s.enrollment_token_hash) {
        throw conflict('enrollment_already_used', 'This pairing session has already been used to enroll, or was never claimed.');
      }
      if (!safeEqual(sha256(enrollmentToken), s.enrollment_token_hash)) throw unauthenticated('device_credential_invalid', 'The enrollment token is wrong.');
      if (s.claim_expired) throw new AppError('gone', 'pairing_expired', 'The enrollment token has expired; pair the player again.');
      const screen = await this.d.screensRepository.lock(s.resulting_screen_id, trx);
      if (!screen) throw notFound('pairing_not_found', 'The screen of this pairing no longer exists.');

      const publicId = newPublicId();
      const secret = randomToken(32);
      const credentialId = await this.d.credentialsRepository.insert({ screen_id: screen.id, public_id: publicId, secret_hash: sha256(secret) }, trx);
      const mode = s.pairing_mode ?? 'new_screen';
      const revoked = await this.d.credentialsRepository.revokeActive(screen.id, RETIRED_BECAUSE[mode], trx, credentialId);
      const device = deviceColumns(s.metadata);
      await this.d.playerHistoryRepository.retireOpen(screen.id, RETIRED_BECAUSE[mode], trx);
      await this.d.playerHistoryRepository.insert(
        {
          screen_id: screen.id,
          credential_id: credentialId,
          pairing_session_id: s.id,
          pairing_mode: mode,
          player_installation_id: s.player_installation_id,
          ...device,
        },
        trx,
      );
      // Pairing is also how a disabled screen comes back; a replaced screen takes on the new hardware now.
      await this.d.screensRepository.update(
        screen.id,
        { enabled: true, paired_at: trx.fn.now(), ...(mode === 'hardware_replacement' ? { player_installation_id: s.player_installation_id, ...device } : {}) },
        trx,
      );
      await this.d.pairingSessionsRepository.update(s.id, { enrolled_at: trx.fn.now(), enrollment_token_hash: null }, trx);
      await this.d.auditLog.record(
        {
          action: 'screen.enrolled',
          actor: { kind: 'player', screenId: screen.id, credentialId },
          ip,
          resourceType: 'screen',
          resourceId: screen.id,
          metadata: { mode, publicId, revokedCount: revoked.length },
        },
        trx,
      );
      return { enrollment: { screenId: screen.id, screenName: screen.name, deviceCredential: formatCredential(publicId, secret) }, revoked };
    });
    // Sockets still open with a replaced credential are closed now, on whichever process holds them.
    if (revoked.length) {
      this.d.credentialCache.forgetScreen(enrollment.screenId);
      await this.d.screenNotifier.closeSockets(enrollment.screenId, revoked);
    }
    return enrollment;
  }
}
