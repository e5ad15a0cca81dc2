import { randomBytes } from 'node:crypto';
import type { ConsolePrincipal, IntegrationPrincipal } from '../../../kernel/auth/principal.js';
import { invalidInput, notFound, unauthenticated } from '../../../kernel/errors.js';
import { tokenView, type IntegrationScope, type IntegrationTokenView } from './integration-token-view.js';
import { randomToken, safeEqual, sha256 } from '../../../kernel/secrets.js';
import type { IntegrationTokensBaseDeps } from './integration-tokens-base-deps.js';

type Deps = Pick<IntegrationTokensBaseDeps, 'db' | 'integrationTokensRepository' | 'auditLog' | 'logger'>;

export interface NewTokenInput {
  name: string;
  scopes: IntegrationScope[];
  dataSourceIds?: string[];
  expiresAt?: string;
}

export interface CreatedToken {
  token: IntegrationTokenView;
  secret: string;
  notice: string;
}

const PREFIX = 'svci_';
// 12 random bytes as hex, then 32 random bytes as base64url (unpadded: 43 characters).
const TOKEN_FORMAT = /^svci_([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;
// Compared against when the public id is unknown, so that path does the same work as a wrong secret.
const NO_SUCH_HASH = sha256('no such integration token');

const invalidToken = () => unauthenticated('invalid_token', 'The integration token is unknown, revoked or expired.');

/** Splits `svci_<publicId>.<secret>`; undefined when the string is not shaped like a token. */
export function parseIntegrationToken(value: string): { publicId: string; secret: string } | undefined {
  const match = TOKEN_FORMAT.exec(value);
  return match ? { publicId: match[1]!, secret: match[2]! } : undefined;
}

/**
 * Owner-issued bearer tokens for machine clients. The full token is shown once at creation; only
 * the SHA-256 of its secret part is stored, and the public id lets a lookup avoid scanning hashes.
 */
export class IntegrationTokensService {
  constructor(private readonly d: Deps) {}

  async list(): Promise<IntegrationTokenView[]> {
    return (await this.d.integrationTokensRepository.list()).map(tokenView);
  }

  async create(actor: ConsolePrincipal, input: NewTokenInput, ip: string): Promise<CreatedToken> {
    const name = input.name.trim();
    if (!name) throw invalidInput('token_invalid', 'A token needs a name.', 'body/name');
    const dataSourceIds = input.dataSourceIds ?? [];
    // An empty list on a write token means every manual-table source; a list on a read-only token
    // would suggest a restriction that nothing enforces.
    if (dataSourceIds.length > 0 && !input.scopes.includes('data_source:write')) {
      throw invalidInput('token_invalid', 'dataSourceIds only apply together with the data_source:write scope.', 'body/dataSourceIds');
    }
    const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw invalidInput('token_invalid', 'The expiry must be in the future.', 'body/expiresAt');
    }

    const publicId = randomBytes(12).toString('hex');
    const secret = randomToken(32);
    const row = await this.d.db.transaction(async (trx) => {
      const created = await this.d.integrationTokensRepository.insert(
        {
          name,
          public_id: publicId,
          secret_hash: sha256(secret),
          scopes: input.scopes,
          data_source_ids: dataSourceIds,
          created_by: actor.userId,
          expires_at: expiresAt,
        },
        trx,
      );
      await this.d.auditLog.record(
        {
          action: 'integration_token.created',
          actor,
          ip,
          resourceType: 'integration_token',
          resourceId: created.id,
          metadata: { name, publicId, scopes: input.scopes, dataSourceIds, expiresAt: expiresAt?.toISOString() ?? null },
        },
        trx,
      );
      return created;
    });
    return {
      token: tokenView(row),
      secret: `${PREFIX}${publicId}.${secret}`,
      notice: 'Copy this token now: it is shown only once and cannot be recovered.',
    };
  }

  async revoke(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const row = await this.d.integrationTokensRepository.revoke(id, trx);
      if (!row) throw notFound('not_found', 'No such active integration token.');
      await this.d.auditLog.record(
        {
          action: 'integration_token.revoked',
          actor,
          ip,
          resourceType: 'integration_token',
          resourceId: id,
          metadata: { name: row.name, publicId: row.public_id },
        },
        trx,
      );
    });
  }

  /** Checks a presented token; every failure looks the same to the caller (401 invalid_token). */
  async authenticate(presented: string | undefined): Promise<IntegrationPrincipal> {
    const parsed = presented === undefined ? undefined : parseIntegrationToken(presented);
    if (!parsed) throw invalidToken();
    const token = await this.d.integrationTokensRepository.byPublicIdForAuth(parsed.publicId);
    const secretMatches = safeEqual(sha256(parsed.secret), token?.secret_hash ?? NO_SUCH_HASH);
    // created_by becomes NULL when the creator is deleted; a deactivated creator takes their tokens along.
    if (!token || !secretMatches || token.revoked_at || token.expired || token.creator_authorized !== true) throw invalidToken();
    if (!token.recently_used) {
      // Bookkeeping only: a failed write must not turn a valid request away.
      await this.d.integrationTokensRepository
        .touchLastUsed(token.id)
        .catch((err) => this.d.logger.warn({ err, tokenId: token.id }, 'could not record integration token use'));
    }
    return { kind: 'integration', tokenId: token.id, capabilities: token.scopes, scope: { dataSourceIds: token.data_source_ids } };
  }
}
