import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { forbidden } from '../../../kernel/errors.js';
import type { SessionsRepository } from '../sessions.repository.js';

/**
 * How long a sign-in (with any method) or a re-authentication lets a session add a factor or change
 * its user's password. Long enough to set up an authenticator app or a passkey right after signing
 * in, as the reference's console does without asking again (it matches the 10-minute sign-in
 * challenge); short enough that a session left open or stolen later cannot.
 */
export const RECENT_PROOF_SECONDS = 10 * 60;

/** The code a stale session gets: re-authenticate (`POST /api/v1/me/security/reauthenticate`) or sign in again. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

export async function requireRecentProof(sessions: SessionsRepository, me: ConsolePrincipal): Promise<void> {
  if (!(await sessions.authenticatedWithin(me.sessionId, RECENT_PROOF_SECONDS))) {
    throw forbidden(
      REAUTHENTICATION_REQUIRED,
      `Confirm your password (or sign in again) first: changing how you sign in needs a sign-in from the last ${RECENT_PROOF_SECONDS / 60} minutes.`,
    );
  }
}
