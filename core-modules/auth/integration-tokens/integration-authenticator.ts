import type { AuthRequest, Authenticator, IntegrationPrincipal } from '../../../kernel/auth/principal.js';
import type { IntegrationTokensService } from './integration-tokens.service.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** `Authorization: Bearer svci_…` for integration routes; no session, so no CSRF either. */
export class IntegrationAuthenticator implements Authenticator<'integration'> {
  constructor(private readonly tokens: IntegrationTokensService) {}

  async authenticate(req: AuthRequest): Promise<IntegrationPrincipal> {
    const header = req.headers.authorization;
    // The kernel's guard checks the route's capability against the returned principal.
    return this.tokens.authenticate(typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined);
  }
}
