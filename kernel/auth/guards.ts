import { ACCESS } from './access.js';
import type { AuthRequest, Authenticator, CredentialKind, Principal, Role, RouteAuth } from './principal.js';
import { forbidden, unauthenticated } from '../errors.js';

// What a route answers when no module supplies that kind of credential check (or none was sent).
const MISSING: Record<CredentialKind, [code: string, message: string]> = {
  console: ['authentication_required', 'Sign in to continue.'],
  player: ['device_credential_required', 'A device credential is required.'],
  integration: ['invalid_token', 'A valid integration token is required.'],
};

export type AuthenticatorMap = Partial<Record<CredentialKind, Authenticator<any>>>;

/**
 * The kernel's auth hook, run before every handler and socket upgrade. It asks the authenticator of
 * the route's own kind only, so a credential of one kind is never accepted where another is required,
 * then checks the route's role (console) or capability (integration).
 */
export class Guards {
  constructor(private readonly authenticators: AuthenticatorMap) {}

  async check(auth: RouteAuth, req: AuthRequest): Promise<Principal | undefined> {
    if (auth.kind === 'public') return undefined;
    const authenticator = this.authenticators[auth.kind];
    if (!authenticator) throw unauthenticated(...MISSING[auth.kind]);
    const principal = (await authenticator.authenticate(req, auth as never)) as Principal;
    if (principal.kind !== auth.kind) throw new Error(`the ${auth.kind} authenticator returned a ${principal.kind} principal`);
    if (auth.kind === 'console' && principal.kind === 'console' && !(ACCESS[auth.access] as readonly Role[]).includes(principal.role)) {
      throw forbidden('insufficient_role', 'Your role does not allow this action.', { allowedRoles: ACCESS[auth.access] });
    }
    if (auth.kind === 'integration' && principal.kind === 'integration' && !principal.capabilities.includes(auth.capability)) {
      throw forbidden('insufficient_scope', `This token does not carry the ${auth.capability} scope.`, { requiredScope: auth.capability });
    }
    return principal;
  }
}
