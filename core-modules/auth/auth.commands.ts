import type { CommandDef } from '../../kernel/plugin.js';
import type { AuthDeps } from './auth-deps.js';
import { hashPassword } from './passwords.js';
import { randomToken } from '../../kernel/secrets.js';

async function userNamed(deps: AuthDeps, args: string[]) {
  const username = args[0];
  if (!username) throw new Error('name the user: <username>');
  const user = await deps.usersRepository.byUsername(username.toLowerCase());
  if (!user) throw new Error(`no user "${username}"`);
  return user;
}

/** A name the user chose, quoted, with control and format characters (terminal escapes) replaced. */
const printable = (name: string) => `"${name.replace(/\p{C}/gu, '\uFFFD')}"`;

/** Lock-out recovery on the server itself, for when no Owner can sign in. */
export const authCommands: CommandDef<AuthDeps>[] = [
  {
    name: 'user reset-password',
    usage: 'user reset-password <username>',
    summary: 'Set a new random password (printed once), end the user\u2019s sessions and remove their passkeys',
    async run(args, deps, out) {
      const user = await userNamed(deps, args);
      const password = randomToken(15);
      const passwordHash = await hashPassword(password);
      const removed = await deps.db.transaction(async (trx) => {
        await deps.usersRepository.update(user.id, { password_hash: passwordHash, active: true }, trx);
        await deps.auditLog.record({ action: 'user.password_reset_cli', resourceType: 'user', resourceId: user.id }, trx);
        return deps.usersService.revokeSignIns(user.id, trx, { via: 'cli' });
      });
      out(`New password for ${user.username}: ${password}`);
      // A passkey signs in without the password: one planted by whoever took the account must go too.
      out(removed.length ? `Passkeys removed: ${removed.map((p) => printable(p.name)).join(', ')}` : 'No passkeys to remove.');
      out('The account is active again and its sessions have ended. Change the password after signing in.');
    },
  },
  {
    name: 'user reset-factors',
    usage: 'user reset-factors <username>',
    summary: 'Remove the user\u2019s second factors (lost phone or key) and end their sessions',
    async run(args, deps, out) {
      const user = await userNamed(deps, args);
      await deps.db.transaction(async (trx) => {
        await deps.factorsRepository.removeAll(user.id, trx);
        await deps.sessionsRepository.deleteForUser(user.id, trx);
        await deps.auditLog.record({ action: 'auth.mfa.reset', resourceType: 'user', resourceId: user.id, metadata: { via: 'cli' } }, trx);
      });
      out(`Second factors of ${user.username} removed; they can sign in with their password.`);
    },
  },
];
