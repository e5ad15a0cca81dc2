import { notFound, rateLimitedWithCode, unauthenticated } from '../../../kernel/errors.js';
import type { SignIn } from '../sign-in/sign-in-result.js';
import { CHALLENGE_MAX_FAILURES } from './challenges.repository.js';
import { assertedCredentialId, authenticationOptions, passkeyRejected, relyingPartyOf, userHandleMatches, verifyAssertion } from './webauthn.js';
import type { ChallengeRow } from '../auth.models.js';
import type { PasswordSignInDeps } from '../sign-in/password-sign-in-deps.js';

type Deps = Pick<PasswordSignInDeps, 'usersRepository' | 'factorsRepository' | 'challengesRepository' | 'authService' | 'auditLog' | 'authConfig'>;

const expired = () => unauthenticated('challenge_expired', 'The sign-in step expired; sign in again.');

/**
 * Signing in with a passkey: either alone (a discoverable credential names its user) or as the
 * second step after a password, where it must belong to the user the password named.
 */
export class PasskeyLoginService {
  constructor(private readonly d: Deps) {}

  /** Options for the second step of a password sign-in; the WebAuthn challenge is kept on that login challenge. */
  async secondFactorOptions(challengeToken: string) {
    const rp = relyingPartyOf(this.d.authConfig);
    const challenge = await this.d.challengesRepository.find(challengeToken, 'login');
    const user = challenge?.user_id ? await this.d.usersRepository.byId(challenge.user_id) : undefined;
    if (!challenge || !user?.active) throw expired();
    const passkeys = await this.d.factorsRepository.passkeys(user.id);
    if (passkeys.length === 0) throw notFound('factor_not_found', 'You have no passkey; use another sign-in method.');
    const options = await authenticationOptions(rp, passkeys);
    await this.d.challengesRepository.setWebauthnChallenge(challenge.id, options.challenge);
    return { challengeToken, options };
  }

  /** Options for a passkey-only sign-in: no user is known yet, any of this server's passkeys may answer. */
  async discoverableOptions() {
    const rp = relyingPartyOf(this.d.authConfig);
    const options = await authenticationOptions(rp);
    const challengeToken = await this.d.challengesRepository.create('passkey_login', null, options.challenge);
    return { challengeToken, options };
  }

  async login(challengeToken: string, credential: unknown, ip: string): Promise<SignIn> {
    const rp = relyingPartyOf(this.d.authConfig);
    const discoverable = await this.d.challengesRepository.find(challengeToken, 'passkey_login');
    const challenge = discoverable ?? (await this.d.challengesRepository.find(challengeToken, 'login'));
    if (!challenge) throw expired();
    // A discoverable ceremony is answered once, right or wrong; a login challenge allows a few tries.
    if (discoverable && !(await this.d.challengesRepository.consume(discoverable.id))) throw expired();
    if (!challenge.webauthn_challenge) throw passkeyRejected();

    const passkey = await this.d.factorsRepository.passkeyByCredentialId(assertedCredentialId(credential));
    const user = passkey ? await this.d.usersRepository.byId(passkey.user_id) : undefined;
    const acceptable = passkey && user?.active && (discoverable || passkey.user_id === challenge.user_id) && userHandleMatches(credential, user);
    const counter = acceptable ? await verifyAssertion(rp, challenge.webauthn_challenge, credential, passkey) : undefined;
    if (!passkey || !user || counter === undefined) return this.rejected(challenge, discoverable !== undefined, ip);

    await this.d.factorsRepository.recordPasskeyUse(passkey.id, counter);
    if (!discoverable && !(await this.d.challengesRepository.consume(challenge.id))) throw expired();
    return this.d.authService.signedIn(user, 'passkey', ip);
  }

  private async rejected(challenge: ChallengeRow, discoverable: boolean, ip: string): Promise<never> {
    if (discoverable) {
      await this.d.auditLog.record({ action: 'auth.login_failed', ip, metadata: { reason: 'passkey_rejected' } });
      throw passkeyRejected();
    }
    // Same budget as wrong codes: five failed answers and the password step must be repeated.
    const failures = await this.d.challengesRepository.fail(challenge.id);
    await this.d.auditLog.record({
      action: 'auth.mfa.failed',
      ip,
      resourceType: 'user',
      resourceId: challenge.user_id ?? undefined,
      metadata: { method: 'passkey', failures },
    });
    if (failures >= CHALLENGE_MAX_FAILURES) {
      await this.d.challengesRepository.consume(challenge.id);
      throw rateLimitedWithCode('challenge_exhausted', 'Too many failed attempts; sign in again.');
    }
    throw passkeyRejected();
  }
}
