import type { AuthRequest, Authenticator, IntegrationPrincipal, RouteAuth } from '../../kernel/auth/principal.js';
import { forbidden } from '../../kernel/errors.js';
import type { IntegrationTokensService } from './integration-tokens.service.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** `Authorization: Bearer svci_…` for integration routes; no session, so no CSRF either. */
export class IntegrationAuthenticator implements Authenticator<'integration'> {
  constructor(private readonly tokens: IntegrationTokensService) {}

  async authenticate(req: AuthRequest, auth: Extract<RouteAuth, { kind: 'integration' }>): Promise<IntegrationPrincipal> {
    const header = req.headers.authorization;
    const principal = await this.tokens.authenticate(typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined);
    if (!principal.capabilities.includes(auth.capability)) {
      throw forbidden('insufficient_scope', `This token does not carry the ${auth.capability} scope.`, { requiredScope: auth.capability });
    }
    return principal;
  }
}
