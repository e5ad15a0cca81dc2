import { conflict, forbidden, notFound, unauthenticated } from '../../../kernel/errors.js';
import { newPairingCode } from '../credentials/device-secrets.js';
import { randomToken, safeEqual, sha256 } from '../../../kernel/secrets.js';
import { METADATA_FIELDS, type DeviceMetadata, type PollResult } from './pairing-view.js';
import type { ScreensBaseDeps } from '../screens-base-deps.js';

type Deps = Pick<ScreensBaseDeps, 'db' | 'config' | 'organization' | 'pairingSessionsRepository'>;

export const PAIRING_LIFETIME_SECONDS = 10 * 60;
/** How long a player has, after it received its enrollment token, to enroll with it. */
export const ENROLL_WINDOW_SECONDS = 10 * 60;
const POLLING_INTERVAL_SECONDS = 3;
const CODE_ATTEMPTS = 8;
const PAIRING_SCHEME = /^Pairing[ \t]+(\S+)[ \t]*$/i;

export const pairingNotFound = () => notFound('pairing_not_found', 'No such pairing session.');

/**
 * Pairing, the player's side: it asks with its metadata and shows a code; a console user finds the
 * request by that code and approves it (PairingApprovalService); the player's next poll collects a
 * one-time enrollment token, and enrollment (EnrollmentService) turns that into a credential.
 * Codes, poll secrets and tokens are stored only as SHA-256.
 */
export class PairingService {
  constructor(private readonly d: Deps) {}

  async create(installationId: string, metadata: DeviceMetadata, ip: string) {
    const org = await this.d.organization.get();
    if (!org.pairingEnabled) throw forbidden('pairing_disabled', 'Pairing new screens is turned off on this server.');
    // The player checked /system/identity first; a mismatch means it is talking to another server.
    if (installationId !== org.installationId) throw conflict('installation_identity_mismatch', 'This is not the server the player was set up for.');
    const stored = Object.fromEntries(METADATA_FIELDS.map((k) => [k, metadata[k]])) as DeviceMetadata;
    const pollSecret = randomToken(32);
    const expiresAt = new Date(Date.now() + PAIRING_LIFETIME_SECONDS * 1000);
    const { id, code } = await this.d.db.transaction(async (trx) => {
      await this.d.pairingSessionsRepository.supersede(metadata.playerInstallationId, trx);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = newPairingCode();
        const id = await this.d.pairingSessionsRepository.insert(
          {
            code_hash: sha256(code),
            poll_secret_hash: sha256(pollSecret),
            player_installation_id: metadata.playerInstallationId,
            metadata: stored,
            approximate_address: ip || null,
            expires_at: expiresAt,
          },
          trx,
        );
        if (id) return { id, code };
      }
      throw new Error('could not draw an unused pairing code');
    });
    return {
      id,
      code,
      pollSecret,
      expiresAt: expiresAt.toISOString(),
      serverTime: new Date().toISOString(),
      pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
      approvalUrl: `${this.d.config.publicUrl.origin}/screens/pair/${code}`,
      organizationName: org.name ?? '',
    };
  }

  /** The player's poll. The first poll after approval claims the session and carries the enrollment token, once. */
  async poll(id: string, authorization: string | undefined): Promise<PollResult> {
    const secret = authorization ? PAIRING_SCHEME.exec(authorization)?.[1] : undefined;
    if (!secret) throw unauthenticated('pairing_secret_required', 'Poll with Authorization: Pairing <pollSecret>.');
    return this.d.db.transaction(async (trx) => {
      const s = await this.d.pairingSessionsRepository.lock(id, trx, ENROLL_WINDOW_SECONDS);
      if (!s) throw pairingNotFound();
      if (!safeEqual(sha256(secret), s.poll_secret_hash)) throw unauthenticated('device_credential_invalid', 'The pairing secret is wrong.');
      if (s.expired && (s.status === 'pending' || s.status === 'approved')) {
        await this.d.pairingSessionsRepository.expire(id, trx);
        return { status: 'expired', expiresAt: s.expires_at.toISOString(), failureReason: 'expired' };
      }
      const base = {
        expiresAt: s.expires_at.toISOString(),
        ...(s.resulting_screen_id ? { screenId: s.resulting_screen_id } : {}),
        ...(s.failure_reason ? { failureReason: s.failure_reason } : {}),
      };
      if (s.status !== 'approved') return { status: s.status, ...base };
      const enrollmentToken = randomToken(32);
      await this.d.pairingSessionsRepository.update(id, { status: 'claimed', claimed_at: trx.fn.now(), enrollment_token_hash: sha256(enrollmentToken) }, trx);
      return { status: 'claimed', ...base, enrollmentToken };
    });
  }
}
