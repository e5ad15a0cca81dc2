import type { Knex } from 'knex';
import type { ConsolePrincipal, Role } from '../../../kernel/auth/principal.js';
import { conflict, forbidden, notFound } from '../../../kernel/errors.js';
import { hashPassword } from '../passwords.js';
import { requireRecentProof } from '../sign-in/recent-proof.js';
import { type ManagedUserView, userView, type UserView } from '../user-view.js';
import { MFA_SCOPE_KEY, mfaRequiredFor, type MfaScope } from '../mfa-policy.js';
import type { PasskeyRow, UserRow } from '../auth.models.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';

type Deps = Pick<AuthBaseDeps, 'db' | 'usersRepository' | 'sessionsRepository' | 'factorsRepository' | 'auditLog' | 'settingsService'>;

export interface UserInput {
  name: string;
  username: string;
  password?: string;
  role: Role;
  active?: boolean;
}

const PRIVILEGED: readonly Role[] = ['owner', 'administrator'];

/**
 * User management with the role hierarchy: only an Owner manages Owners and Administrators; the
 * last active Owner stays; nobody deactivates or deletes themself. Changing one's own password or
 * resetting one's own factors here needs a recent sign-in (recent-proof.ts).
 */
export class UsersService {
  constructor(private readonly d: Deps) {}

  /** Every user, with whether they have a second factor and whether the organization requires one of them (the users page shows both). */
  async list(): Promise<{ items: ManagedUserView[]; total: number }> {
    const rows = await this.d.usersRepository.list();
    const [enrolled, policy] = await Promise.all([
      this.d.factorsRepository.enrolledAmong(rows.map((r) => r.id)),
      this.d.settingsService.get<MfaScope>(MFA_SCOPE_KEY),
    ]);
    return {
      items: rows.map((r) => ({ ...userView(r), mfaEnrolled: enrolled.has(r.id), mfaRequired: mfaRequiredFor(r.role, policy) })),
      total: rows.length,
    };
  }

  private assertMayManage(actor: ConsolePrincipal, ...roles: Role[]) {
    if (actor.role !== 'owner' && roles.some((r) => PRIVILEGED.includes(r))) {
      throw forbidden('insufficient_role', 'Only an Owner manages Owner and Administrator accounts.');
    }
  }

  private async target(id: string, trx?: Knex.Transaction): Promise<UserRow> {
    const user = await this.d.usersRepository.byId(id, trx);
    if (!user) throw notFound('user_not_found', 'No such user.');
    return user;
  }

  async create(actor: ConsolePrincipal, input: UserInput & { password: string }, ip: string): Promise<UserView> {
    this.assertMayManage(actor, input.role);
    const user = await this.d.usersRepository.insert({
      name: input.name.trim(),
      username: input.username.trim().toLowerCase(),
      password_hash: await hashPassword(input.password),
      role: input.role,
      active: input.active ?? true,
    });
    await this.d.auditLog.record({ action: 'user.created', actor, ip, resourceType: 'user', resourceId: user.id, metadata: { role: user.role } });
    return userView(user);
  }

  async update(actor: ConsolePrincipal, id: string, input: UserInput, ip: string): Promise<UserView> {
    const self = id === actor.userId;
    if (self && input.password) await requireRecentProof(this.d.sessionsRepository, actor);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const updated = await this.d.db.transaction(async (trx) => {
      const user = await this.target(id, trx);
      this.assertMayManage(actor, user.role, input.role);
      const active = input.active ?? user.active;
      if (self && !active) throw conflict('cannot_deactivate_self', 'You cannot deactivate your own account.');
      const losesOwner = user.role === 'owner' && user.active && (input.role !== 'owner' || !active);
      if (losesOwner && (await this.d.usersRepository.countActiveOwners(trx)) <= 1) {
        throw conflict('last_owner_required', 'The organization must keep at least one active Owner.');
      }
      const row = await this.d.usersRepository.update(
        id,
        {
          name: input.name.trim(),
          username: input.username.trim().toLowerCase(),
          role: input.role,
          active,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        },
        trx,
      );
      // A new password or a deactivation ends the sessions of that user, on every server process; my
      // own new password ends only my other sessions.
      if (passwordHash && !self) await this.revokeSignIns(id, trx, { actor, ip });
      else if (passwordHash) await this.d.sessionsRepository.deleteForUser(id, trx, actor.sessionId);
      else if (!active) await this.d.sessionsRepository.deleteForUser(id, trx);
      await this.d.auditLog.record(
        {
          action: 'user.updated',
          actor,
          ip,
          resourceType: 'user',
          resourceId: id,
          metadata: { role: input.role, active, passwordChanged: Boolean(passwordHash) },
        },
        trx,
      );
      return row!;
    });
    return userView(updated);
  }

  async deactivate(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const user = await this.target(id, trx);
      this.assertMayManage(actor, user.role);
      if (id === actor.userId) throw conflict('cannot_deactivate_self', 'You cannot deactivate your own account.');
      if (user.role === 'owner' && user.active && (await this.d.usersRepository.countActiveOwners(trx)) <= 1) {
        throw conflict('last_owner_required', 'The organization must keep at least one active Owner.');
      }
      await this.d.usersRepository.update(id, { active: false }, trx);
      await this.d.sessionsRepository.deleteForUser(id, trx);
      await this.d.auditLog.record({ action: 'user.deactivated', actor, ip, resourceType: 'user', resourceId: id }, trx);
    });
  }

  async deletePermanently(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const user = await this.target(id, trx);
      this.assertMayManage(actor, user.role);
      if (id === actor.userId) throw conflict('cannot_delete_self', 'You cannot delete your own account.');
      if (user.active) throw conflict('deactivate_user_first', 'Deactivate the user before deleting them permanently.');
      await this.d.usersRepository.delete(id, trx);
      await this.d.auditLog.record({ action: 'user.deleted', actor, ip, resourceType: 'user', resourceId: id, metadata: { username: user.username } }, trx);
    });
  }

  /**
   * What a password set by someone else (an administrator, or `cli user reset-password`) ends: every
   * session of the user and every passkey, since a passkey signs in without the password and may be
   * how someone else got in. An authenticator app stays: it never signs in alone.
   */
  async revokeSignIns(userId: string, trx: Knex.Transaction, by: { actor?: ConsolePrincipal; ip?: string; via?: 'cli' }): Promise<PasskeyRow[]> {
    await this.d.sessionsRepository.deleteForUser(userId, trx);
    const removed = await this.d.factorsRepository.removePasskeys(userId, trx);
    for (const passkey of removed) {
      await this.d.auditLog.record(
        {
          action: 'auth.mfa.passkey_removed',
          actor: by.actor,
          ip: by.ip,
          resourceType: 'user',
          resourceId: userId,
          metadata: { factorId: passkey.id, name: passkey.name, reason: 'password_reset', ...(by.via ? { via: by.via } : {}) },
        },
        trx,
      );
    }
    return removed;
  }

  /** Removes every second factor and session of a user who lost their device. */
  async resetSecurity(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const user = await this.target(id, trx);
      this.assertMayManage(actor, user.role);
      if (id === actor.userId) await requireRecentProof(this.d.sessionsRepository, actor);
      await this.d.factorsRepository.removeAll(id, trx);
      await this.d.sessionsRepository.deleteForUser(id, trx);
      await this.d.auditLog.record({ action: 'auth.mfa.reset', actor, ip, resourceType: 'user', resourceId: id }, trx);
    });
  }
}
