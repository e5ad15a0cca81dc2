import { conflict, forbidden } from '../../../kernel/errors.js';
import type { SignIn } from './sign-in-result.js';
import { hashPassword } from '../passwords.js';
import type { PasswordSignInDeps } from './password-sign-in-deps.js';

type Deps = Pick<PasswordSignInDeps, 'db' | 'organizationRepository' | 'usersRepository' | 'authService' | 'auditLog' | 'secretBox' | 'logger'>;

export interface SetupInput {
  organizationName: string;
  ownerName: string;
  username: string;
  password: string;
  setupToken?: string;
}

const TOKEN_PURPOSE = 'auth.setup-token';

/**
 * First-run setup. From the server's own machine it is one call; from anywhere else (a server
 * listening on all interfaces is reachable by whoever finds it first) it needs the setup token the
 * server logs at start. The token is derived from the server key and the installation id, so every
 * process prints the same one and nothing about it is stored.
 */
export class SetupService {
  constructor(private readonly d: Deps) {}

  async isSetUp(): Promise<boolean> {
    return Boolean((await this.d.organizationRepository.get()).setup_completed_at);
  }

  private async token(): Promise<{ installationId: string; token: string }> {
    const installationId = (await this.d.organizationRepository.get()).installation_id;
    return { installationId, token: this.d.secretBox.sign(TOKEN_PURPOSE, installationId) };
  }

  /** At start, while the server is not set up: one clear log line with the token. */
  async announce(): Promise<void> {
    if (await this.isSetUp()) return;
    const { token } = await this.token();
    this.d.logger.info(`Not set up yet. To set it up from another machine, give this setup token: ${token} (from this machine none is needed)`);
  }

  private async checkToken(given: string | undefined): Promise<void> {
    if (!given) throw forbidden('setup_token_required', 'Setting up from another machine needs the setup token printed in the server log.');
    const { installationId } = await this.token();
    if (!this.d.secretBox.verify(TOKEN_PURPOSE, installationId, given.trim()))
      throw forbidden('setup_token_invalid', 'That setup token is wrong; copy it from the server log.');
  }

  /** Creates the organization and its first Owner, exactly once even under concurrent calls. */
  async setup(input: SetupInput, caller: { ip: string; local: boolean }): Promise<SignIn> {
    if (!caller.local) await this.checkToken(input.setupToken);
    const passwordHash = await hashPassword(input.password);
    const user = await this.d.db.transaction(async (trx) => {
      const org = await this.d.organizationRepository.lock(trx);
      if (org.setup_completed_at) throw conflict('setup_complete', 'This server is already set up; sign in instead.');
      await this.d.organizationRepository.completeSetup(input.organizationName.trim(), trx);
      const owner = await this.d.usersRepository.insert(
        { name: input.ownerName.trim(), username: input.username.trim().toLowerCase(), password_hash: passwordHash, role: 'owner', active: true },
        trx,
      );
      await this.d.auditLog.record({ action: 'auth.setup', actor: { kind: 'system' }, resourceType: 'user', resourceId: owner.id, ip: caller.ip }, trx);
      return owner;
    });
    await this.d.usersRepository.touchLogin(user.id);
    return { user, authMethod: 'password', mfaEnrollmentPending: await this.d.authService.enrollmentPending(user) };
  }
}
