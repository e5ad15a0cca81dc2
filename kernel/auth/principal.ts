import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'koa';
import type { AccessLevel } from './access.js';

/** Console roles, most powerful first. Which role may do what: see ACCESS in access.ts. */
export const ROLES = ['owner', 'administrator', 'editor', 'contributor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a route accepts. The kernel refuses to register a route that does not say. */
export type RouteAuth =
  | { kind: 'public' }
  | {
      kind: 'console';
      access: AccessLevel;
      /** Reachable by a session that still owes a second-factor enrollment (sign-in and security pages). */
      allowPendingMfa?: boolean;
      /**
       * A POST that changes nothing, only computes (a schedule preview, finding a pairing request
       * by its code): taken without the CSRF header, as the reference's console sends none there.
       * A forged cross-site request gains nothing from it: it cannot read the answer.
       */
      computesOnly?: boolean;
    }
  | { kind: 'player' }
  | { kind: 'integration'; capability: string };

export type CredentialKind = Exclude<RouteAuth['kind'], 'public'>;

export interface ConsolePrincipal {
  kind: 'console';
  userId: string;
  role: Role;
  sessionId: string;
}
export interface PlayerPrincipal {
  kind: 'player';
  screenId: string;
  credentialId: string;
}
export interface IntegrationPrincipal {
  kind: 'integration';
  tokenId: string;
  capabilities: readonly string[];
  /** Capability-specific limits, e.g. the data sources a write token may touch. */
  scope?: Record<string, unknown>;
}
export type Principal = ConsolePrincipal | PlayerPrincipal | IntegrationPrincipal;

/** The transport-neutral view of a request that authenticators see (HTTP and WebSocket upgrades alike). */
export interface AuthRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  ip: string;
  /** The Koa context for HTTP requests (absent for socket upgrades). */
  ctx?: Context;
}

/**
 * Checks one kind of credential. Provided by the module that owns that credential (auth for console
 * sessions and integration tokens, player for device credentials). Throws an AppError
 * (unauthenticated / forbidden) when the request does not carry a valid credential of its kind.
 */
export interface Authenticator<K extends CredentialKind = CredentialKind> {
  authenticate(req: AuthRequest, auth: Extract<RouteAuth, { kind: K }>): Promise<Extract<Principal, { kind: K }>>;
}
