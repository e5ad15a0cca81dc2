import type { AuthRequest, Authenticator, PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { forbidden, unauthenticated } from '../../../kernel/errors.js';
import { NO_SUCH_HASH, parseCredential } from './device-secrets.js';
import { safeEqual, sha256 } from '../../../kernel/secrets.js';
import type { ScreensCacheDeps } from '../screens-cache-deps.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

const required = () => unauthenticated('device_credential_required', 'A device credential is required.');
const invalid = () => unauthenticated('device_credential_invalid', 'The device credential is invalid.');

/**
 * `Authorization: Bearer svc_device_<publicId>.<secret>` on player routes and the player socket.
 * It reads only that header, so a console cookie never opens a player route; the kernel asks it only
 * for player routes, so a device credential never opens a console route. The order of the checks is
 * the player's contract: it clears its stored credential on `invalid` and `revoked` only, never on
 * `screen_disabled`.
 */
export class DeviceAuthenticator implements Authenticator<'player'> {
  constructor(private readonly d: Pick<ScreensCacheDeps, 'credentialCache' | 'credentialsRepository' | 'logger'>) {}

  async authenticate(req: AuthRequest): Promise<PlayerPrincipal> {
    const header = req.headers.authorization;
    const presented = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!presented) throw required();
    const parsed = parseCredential(presented);
    if (!parsed) throw invalid();
    const credential = await this.d.credentialCache.lookup(parsed.publicId);
    // The secret is checked before anything about the credential is revealed, revocation included.
    if (!safeEqual(sha256(parsed.secret), credential?.secret_hash ?? NO_SUCH_HASH) || !credential) throw invalid();
    if (credential.revoked_at) throw unauthenticated('device_credential_revoked', 'This device credential was revoked; pair the player again.');
    if (!credential.screen_enabled) throw forbidden('screen_disabled', 'This screen is disabled.');
    if (!credential.recently_used) {
      // Marked first (the object may be the cached one) so concurrent requests do not all write.
      credential.recently_used = true;
      // Bookkeeping only: a failed write must not turn a valid player away.
      await this.d.credentialsRepository.touchLastUsed(credential.id).catch((err) => {
        credential.recently_used = false;
        this.d.logger.warn({ err, credentialId: credential.id }, 'could not record device credential use');
      });
    }
    return { kind: 'player', screenId: credential.screen_id, credentialId: credential.id };
  }
}
