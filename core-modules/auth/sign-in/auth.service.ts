import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { conflict, rateLimitedWithCode, unauthenticated } from '../../../kernel/errors.js';
import { CHALLENGE_MAX_FAILURES } from '../factors/challenges.repository.js';
import { MFA_SCOPE_KEY, mfaRequiredFor, type MfaScope } from '../mfa-policy.js';
import { verifyPassword } from '../passwords.js';
import { recoveryCodeMatches } from '../factors/recovery-codes.js';
import { matchingStep } from '../factors/totp.js';
import type { AuthMethod, UserRow } from '../auth.models.js';
import type { LoginMethod, LoginResult, SignIn } from './sign-in-result.js';
import type { SignInLimitsDeps } from './sign-in-limits-deps.js';

type Deps = Pick<
  SignInLimitsDeps,
  'usersRepository' | 'factorsRepository' | 'challengesRepository' | 'settingsService' | 'auditLog' | 'authConfig' | 'signInLimits'
>;

/**
 * Password login, the second-factor step and logout. Both steps count against the account's
 * sign-in limits (`deviceCookie`: the browser's known-device cookie, if any).
 */
export class AuthService {
  constructor(private readonly d: Deps) {}

  get passkeysAvailable(): { available: boolean; reason?: string } {
    const rp = this.d.authConfig.relyingParty;
    return 'unavailable' in rp ? { available: false, reason: rp.unavailable } : { available: true };
  }

  async login(username: string, password: string, ip: string, deviceCookie?: string): Promise<LoginResult> {
    const name = username.trim().toLowerCase();
    const user = await this.d.usersRepository.byUsername(name);
    const device = await this.d.signInLimits.attempt(name, user?.id, deviceCookie);
    const ok = await verifyPassword(user?.password_hash, password);
    if (!user || !ok || !user.active) {
      await this.d.auditLog.record({
        action: 'auth.login_failed',
        ip,
        resourceType: 'user',
        resourceId: user?.id,
        metadata: { reason: 'invalid_credentials' },
      });
      throw unauthenticated('invalid_credentials', 'The username or password is wrong.');
    }
    const factors = await this.d.factorsRepository.summary(user.id);
    if (factors.totp || factors.passkeys > 0) {
      const methods: LoginMethod[] = [];
      if (factors.totp) methods.push('totp');
      if (factors.passkeys > 0 && this.passkeysAvailable.available) methods.push('passkey');
      if (factors.recoveryCodes > 0) methods.push('recovery_code');
      if (methods.length === 0)
        throw conflict('no_usable_factor', 'None of your second factors can be used on this server; ask an administrator to reset them.');
      await this.d.signInLimits.refund(name, device);
      const challengeToken = await this.d.challengesRepository.create('login', user.id);
      return { kind: 'challenge', challengeToken, methods };
    }
    return { kind: 'session', ...(await this.signedIn(user, 'password', ip, device)) };
  }

  /**
   * The second step: a 6-digit code is checked as TOTP only; anything else as a recovery code.
   * Five wrong answers destroy the challenge.
   */
  async verifyMfa(challengeToken: string, code: string, ip: string, deviceCookie?: string): Promise<SignIn> {
    const challenge = await this.d.challengesRepository.find(challengeToken, 'login');
    const user = challenge?.user_id ? await this.d.usersRepository.byId(challenge.user_id) : undefined;
    if (!challenge || !user?.active) throw unauthenticated('challenge_expired', 'The sign-in step expired; sign in again.');
    // Knowing the password must not open unlimited code guessing: codes spend the account's budget too.
    const device = await this.d.signInLimits.attempt(user.username, user.id, deviceCookie);
    const method = /^\d{6}$/.test(code.trim()) ? 'totp' : 'recovery_code';
    const accepted = method === 'totp' ? await this.acceptTotp(user.id, code.trim()) : await this.acceptRecoveryCode(user.id, code);
    if (!accepted) {
      const failures = await this.d.challengesRepository.fail(challenge.id);
      await this.d.auditLog.record({ action: 'auth.mfa.failed', ip, resourceType: 'user', resourceId: user.id, metadata: { method, failures } });
      if (failures >= CHALLENGE_MAX_FAILURES) {
        await this.d.challengesRepository.consume(challenge.id);
        throw rateLimitedWithCode('challenge_exhausted', 'Too many wrong codes; sign in again.');
      }
      throw unauthenticated('invalid_code', 'That code is not valid.');
    }
    if (!(await this.d.challengesRepository.consume(challenge.id))) throw unauthenticated('challenge_expired', 'The sign-in step expired; sign in again.');
    return this.signedIn(user, method, ip, device);
  }

  private async acceptTotp(userId: string, code: string): Promise<boolean> {
    const totp = await this.d.factorsRepository.totp(userId);
    if (!totp?.confirmed_at) return false;
    const step = await matchingStep(totp.secret, code);
    return step !== undefined && (await this.d.factorsRepository.useTotpStep(userId, step));
  }

  private async acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    for (const row of await this.d.factorsRepository.unusedRecoveryCodes(userId)) {
      if (await recoveryCodeMatches(row.code_hash, code)) return this.d.factorsRepository.useRecoveryCode(row.id);
    }
    return false;
  }

  /**
   * Records a completed sign-in (any method), forgives the account's failed attempts (and those of
   * the known browser `device`), and works out whether the user still owes a factor.
   */
  async signedIn(user: UserRow, authMethod: AuthMethod, ip: string, device?: string): Promise<SignIn> {
    await this.d.signInLimits.succeeded(user.username, device);
    await this.d.usersRepository.touchLogin(user.id);
    await this.d.auditLog.record({ action: 'auth.login', ip, resourceType: 'user', resourceId: user.id, metadata: { authMethod } });
    return { user, authMethod, mfaEnrollmentPending: await this.enrollmentPending(user) };
  }

  /** In the policy's scope and without an authenticator app or passkey (recovery codes alone do not count). */
  async enrollmentPending(user: UserRow): Promise<boolean> {
    const scope = await this.d.settingsService.get<MfaScope>(MFA_SCOPE_KEY);
    if (!mfaRequiredFor(user.role, scope)) return false;
    const f = await this.d.factorsRepository.summary(user.id);
    return !f.totp && f.passkeys === 0;
  }

  async logout(principal: ConsolePrincipal, ip: string): Promise<void> {
    await this.d.auditLog.record({ action: 'auth.logout', actor: principal, ip, resourceType: 'user', resourceId: principal.userId });
  }
}
