import { Type, type Static } from '@sinclair/typebox';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';
import type { IntegrationTokenRow } from '../auth.models.js';

/** The closed set of integration capabilities. Routes name one; a token carries one or both. */
export const INTEGRATION_SCOPES = ['data_source:write', 'activity:read'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const ScopeSchema = Type.Union(INTEGRATION_SCOPES.map((s) => Type.Literal(s)));

const Timestamp = Stamp;

/**
 * A token as the API shows it: never the secret or its hash. A moment or creator it does not have is
 * left out, not null, as the reference answers it (its console types these fields `string | undefined`).
 */
export const IntegrationTokenSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  publicId: Type.String(),
  scopes: Type.Array(ScopeSchema),
  dataSourceIds: Type.Array(Uuid, { description: 'Empty: every manual-table source (write scope only).' }),
  createdAt: Timestamp,
  createdBy: Type.Optional(Uuid),
  expiresAt: Type.Optional(Timestamp),
  lastUsedAt: Type.Optional(Timestamp),
  revokedAt: Type.Optional(Timestamp),
});
export type IntegrationTokenView = Static<typeof IntegrationTokenSchema>;

export function tokenView(t: IntegrationTokenRow): IntegrationTokenView {
  return {
    id: t.id,
    name: t.name,
    publicId: t.public_id,
    scopes: t.scopes as IntegrationScope[],
    dataSourceIds: t.data_source_ids,
    createdAt: t.created_at.toISOString(),
    ...(t.created_by && { createdBy: t.created_by }),
    ...(t.expires_at && { expiresAt: t.expires_at.toISOString() }),
    ...(t.last_used_at && { lastUsedAt: t.last_used_at.toISOString() }),
    ...(t.revoked_at && { revokedAt: t.revoked_at.toISOString() }),
  };
}
