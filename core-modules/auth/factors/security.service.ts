import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { conflict, forbidden, notFound, unauthenticated } from '../../../kernel/errors.js';
import { MFA_SCOPE_KEY, mfaRequiredFor, type MfaScope } from '../mfa-policy.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { requireRecentProof } from '../sign-in/recent-proof.js';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.js';
import { matchingStep, newTotpSecret, provisioningUri } from './totp.js';
import { passkeyRejected, registrationOptions, relyingPartyOf, verifyRegistration } from './webauthn.js';
import type { AuthMethod, PasskeyRow, UserRow } from '../auth.models.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';

type Deps = Pick<
  AuthBaseDeps,
  'db' | 'usersRepository' | 'sessionsRepository' | 'factorsRepository' | 'challengesRepository' | 'settingsService' | 'auditLog' | 'authConfig'
>;

export const TOTP_ISSUER = 'signage-server';
export const DEFAULT_PASSKEY_NAME = 'Passkey';

export interface PasskeyView {
  id: string;
  name: string;
  credentialId: string;
  createdAt: string;
  lastUsedAt?: string;
}

export const passkeyView = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  credentialId: p.credential_id,
  createdAt: p.created_at.toISOString(),
  ...(p.last_used_at && { lastUsedAt: p.last_used_at.toISOString() }),
});

const passwordRequired = () => forbidden('password_required', 'Enter your current password to change how you sign in.');

/**
 * A signed-in user's own ways to sign in: password, authenticator app, recovery codes, passkeys.
 * Removing a factor, minting recovery codes or changing the password asks for the current password;
 * adding a factor needs a recent sign-in or re-authentication (recent-proof.ts). So a borrowed
 * session alone can neither weaken the account nor plant a way back into it.
 */
export class SecurityService {
  constructor(private readonly d: Deps) {}

  private async user(me: ConsolePrincipal): Promise<UserRow> {
    const user = await this.d.usersRepository.byId(me.userId);
    // The authenticator checked the user a moment ago; a vanished row means the session just ended.
    if (!user?.active) throw unauthenticated('authentication_required', 'Sign in to continue.');
    return user;
  }

  private async policy(): Promise<MfaScope> {
    return this.d.settingsService.get<MfaScope>(MFA_SCOPE_KEY);
  }

  private async requirePassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.password_hash, password))) throw passwordRequired();
  }

  /** Proves again who the session's user is, which lets it add factors for the next few minutes. */
  async reauthenticate(me: ConsolePrincipal, password: string, ip: string): Promise<void> {
    const user = await this.user(me);
    const ok = await verifyPassword(user.password_hash, password);
    const action = ok ? 'auth.reauthenticated' : 'auth.reauthentication_failed';
    await this.d.auditLog.record({ action, actor: me, ip, resourceType: 'user', resourceId: user.id });
    if (!ok) throw passwordRequired();
    await this.d.sessionsRepository.markAuthenticated(me.sessionId);
  }

  /** Anyone's own password, given the current one. Their other sessions end; this one goes on. */
  async changePassword(me: ConsolePrincipal, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
    const user = await this.user(me);
    await this.requirePassword(user, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await this.d.db.transaction(async (trx) => {
      await this.d.usersRepository.update(user.id, { password_hash: passwordHash }, trx);
      await this.d.sessionsRepository.deleteForUser(user.id, trx, me.sessionId);
      await this.d.auditLog.record({ action: 'user.password_changed', actor: me, ip, resourceType: 'user', resourceId: user.id }, trx);
    });
    await this.d.sessionsRepository.markAuthenticated(me.sessionId);
  }

  async overview(me: ConsolePrincipal, authMethod: AuthMethod) {
    const user = await this.user(me);
    const [totp, passkeys, summary, policy] = await Promise.all([
      this.d.factorsRepository.totp(user.id),
      this.d.factorsRepository.passkeys(user.id),
      this.d.factorsRepository.summary(user.id),
      this.policy(),
    ]);
    const rp = this.d.authConfig.relyingParty;
    const unavailable = 'unavailable' in rp ? rp.unavailable : undefined;
    // Absent moments are left out and unavailable passkeys read as empty strings, as the reference
    // answers: its console types none of these as null.
    return {
      relyingPartyId: 'id' in rp ? rp.id : '',
      userHandle: user.user_handle,
      totpEnrolled: Boolean(totp?.confirmed_at),
      ...(totp?.confirmed_at && { totpConfirmedAt: totp.confirmed_at.toISOString() }),
      passkeys: passkeys.map(passkeyView),
      recoveryCodesRemaining: summary.recoveryCodes,
      enrolled: summary.totp || summary.passkeys > 0,
      passkeysAvailable: !unavailable,
      passkeysUnavailableReason: unavailable ?? '',
      required: mfaRequiredFor(user.role, policy),
      policy,
      authMethod,
    };
  }

  /** A new pending secret; starting again before confirming replaces it. */
  async startTotp(me: ConsolePrincipal): Promise<{ provisioningUri: string; secret: string }> {
    await requireRecentProof(this.d.sessionsRepository, me);
    const user = await this.user(me);
    const secret = newTotpSecret();
    if (!(await this.d.factorsRepository.startTotp(user.id, secret))) {
      throw conflict('factor_exists', 'An authenticator app is already set up; remove it first to set up another.');
    }
    return { provisioningUri: provisioningUri(secret, TOTP_ISSUER, user.username), secret };
  }

  async confirmTotp(me: ConsolePrincipal, code: string, ip: string): Promise<void> {
    const totp = await this.d.factorsRepository.totp(me.userId);
    if (!totp || totp.confirmed_at) throw notFound('factor_not_found', 'Start setting up an authenticator app first.');
    const step = await matchingStep(totp.secret, code.trim());
    if (step === undefined) throw unauthenticated('invalid_code', 'That code is not valid.');
    if (!(await this.d.factorsRepository.confirmTotp(me.userId, step))) throw notFound('factor_not_found', 'Start setting up an authenticator app first.');
    await this.enrolled(me, 'auth.mfa.totp_enrolled', ip);
  }

  async removeTotp(me: ConsolePrincipal, password: string, ip: string): Promise<void> {
    const user = await this.user(me);
    await this.requirePassword(user, password);
    const policy = await this.policy();
    await this.d.factorsRepository.exclusive(user.id, async (trx) => {
      const totp = await this.d.factorsRepository.totp(user.id, trx);
      if (!totp) throw notFound('factor_not_found', 'No authenticator app is set up.');
      const f = await this.d.factorsRepository.summary(user.id, trx);
      if (totp.confirmed_at && f.passkeys === 0) this.assertNotLast(user, policy);
      await this.d.factorsRepository.removeTotp(user.id, trx);
    });
    await this.d.auditLog.record({ action: 'auth.mfa.totp_removed', actor: me, ip, resourceType: 'user', resourceId: user.id });
  }

  /** Ten new codes, shown once; only their hashes are kept and earlier codes stop working. */
  async newRecoveryCodes(me: ConsolePrincipal, password: string, ip: string): Promise<string[]> {
    const user = await this.user(me);
    await this.requirePassword(user, password);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.d.factorsRepository.replaceRecoveryCodes(user.id, await Promise.all(codes.map(hashRecoveryCode)));
    await this.d.auditLog.record({
      action: 'auth.mfa.recovery_codes_generated',
      actor: me,
      ip,
      resourceType: 'user',
      resourceId: user.id,
      metadata: { count: codes.length },
    });
    return codes;
  }

  async passkeyOptions(me: ConsolePrincipal) {
    const rp = relyingPartyOf(this.d.authConfig);
    await requireRecentProof(this.d.sessionsRepository, me);
    const user = await this.user(me);
    const options = await registrationOptions(rp, user, await this.d.factorsRepository.passkeys(user.id));
    const challengeToken = await this.d.challengesRepository.create('passkey_registration', user.id, options.challenge);
    return { challengeToken, options };
  }

  async addPasskey(me: ConsolePrincipal, input: { challengeToken: string; name?: string; credential: unknown }, ip: string): Promise<PasskeyView> {
    const rp = relyingPartyOf(this.d.authConfig);
    await requireRecentProof(this.d.sessionsRepository, me);
    const challenge = await this.d.challengesRepository.find(input.challengeToken, 'passkey_registration');
    // One ceremony, one answer: the challenge is spent before the attestation is even looked at.
    if (!challenge || challenge.user_id !== me.userId || !challenge.webauthn_challenge || !(await this.d.challengesRepository.consume(challenge.id))) {
      throw unauthenticated('challenge_expired', 'The passkey setup expired; start again.');
    }
    const verified = await verifyRegistration(rp, challenge.webauthn_challenge, input.credential);
    if (!verified) throw passkeyRejected();
    const row = await this.d.factorsRepository.addPasskey({ user_id: me.userId, name: input.name?.trim() || DEFAULT_PASSKEY_NAME, ...verified });
    await this.enrolled(me, 'auth.mfa.passkey_enrolled', ip, row.id);
    return passkeyView(row);
  }

  async renamePasskey(me: ConsolePrincipal, id: string, name: string): Promise<void> {
    if (!(await this.d.factorsRepository.renamePasskey(me.userId, id, name.trim()))) throw notFound('factor_not_found', 'No such passkey.');
  }

  async removePasskey(me: ConsolePrincipal, id: string, password: string, ip: string): Promise<void> {
    const user = await this.user(me);
    await this.requirePassword(user, password);
    const policy = await this.policy();
    await this.d.factorsRepository.exclusive(user.id, async (trx) => {
      if (!(await this.d.factorsRepository.passkey(user.id, id, trx))) throw notFound('factor_not_found', 'No such passkey.');
      const f = await this.d.factorsRepository.summary(user.id, trx);
      if (!f.totp && f.passkeys === 1) this.assertNotLast(user, policy);
      await this.d.factorsRepository.removePasskey(user.id, id, trx);
    });
    await this.d.auditLog.record({ action: 'auth.mfa.passkey_removed', actor: me, ip, resourceType: 'user', resourceId: user.id, metadata: { factorId: id } });
  }

  private assertNotLast(user: UserRow, policy: MfaScope): void {
    if (mfaRequiredFor(user.role, policy)) {
      throw conflict('last_factor', 'Your organization requires a second factor; add another authenticator app or passkey before removing this one.');
    }
  }

  /** A first real factor settles a pending enrollment on every session of the user, on every server process. */
  private async enrolled(me: ConsolePrincipal, action: string, ip: string, factorId?: string): Promise<void> {
    await this.d.sessionsRepository.clearEnrollmentPending(me.userId);
    await this.d.auditLog.record({ action, actor: me, ip, resourceType: 'user', resourceId: me.userId, metadata: factorId ? { factorId } : {} });
  }
}
