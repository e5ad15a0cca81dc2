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

/** Lock-out recovery on the server itself, for when no Owner can sign in. */
export const authCommands: CommandDef<AuthDeps>[] = [
  {
    name: 'user reset-password',
    usage: 'user reset-password <username>',
    summary: 'Set a new random password (printed once) and end the user\u2019s sessions',
    async run(args, deps, out) {
      const user = await userNamed(deps, args);
      const password = randomToken(15);
      await deps.db.transaction(async (trx) => {
        await deps.usersRepository.update(user.id, { password_hash: await hashPassword(password), active: true }, trx);
        await deps.sessionsRepository.deleteForUser(user.id, trx);
        await deps.auditLog.record({ action: 'user.password_reset_cli', resourceType: 'user', resourceId: user.id }, trx);
      });
      out(`New password for ${user.username}: ${password}`);
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
