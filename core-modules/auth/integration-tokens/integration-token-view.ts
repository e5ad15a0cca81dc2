import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid, isoOrNull, Stamp } from '../../../kernel/http/wire.js';
import type { IntegrationTokenRow } from '../auth.models.js';

/** The closed set of integration capabilities. Routes name one; a token carries one or both. */
export const INTEGRATION_SCOPES = ['data_source:write', 'activity:read'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const ScopeSchema = Type.Union(INTEGRATION_SCOPES.map((s) => Type.Literal(s)));

const Timestamp = Stamp;

/** A token as the API shows it: never the secret or its hash. */
export const IntegrationTokenSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  publicId: Type.String(),
  scopes: Type.Array(ScopeSchema),
  dataSourceIds: Type.Array(Uuid, { description: 'Empty: every manual-table source (write scope only).' }),
  createdAt: Timestamp,
  createdBy: Nullable(Uuid),
  expiresAt: Nullable(Timestamp),
  lastUsedAt: Nullable(Timestamp),
  revokedAt: Nullable(Timestamp),
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
    createdBy: t.created_by,
    expiresAt: isoOrNull(t.expires_at),
    lastUsedAt: isoOrNull(t.last_used_at),
    revokedAt: isoOrNull(t.revoked_at),
  };
}
