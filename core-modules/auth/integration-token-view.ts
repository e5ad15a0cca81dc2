import { Type, type Static } from '@sinclair/typebox';
import type { IntegrationTokenRow } from './integration-tokens.repository.js';

/** The closed set of integration capabilities. Routes name one; a token carries one or both. */
export const INTEGRATION_SCOPES = ['data_source:write', 'activity:read'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const ScopeSchema = Type.Union(INTEGRATION_SCOPES.map((s) => Type.Literal(s)));

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** A token as the API shows it: never the secret or its hash. */
export const IntegrationTokenSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  publicId: Type.String(),
  scopes: Type.Array(ScopeSchema),
  dataSourceIds: Type.Array(Type.String({ format: 'uuid' }), { description: 'Empty: every manual-table source (write scope only).' }),
  createdAt: Timestamp,
  createdBy: Nullable(Type.String({ format: 'uuid' })),
  expiresAt: Nullable(Timestamp),
  lastUsedAt: Nullable(Timestamp),
  revokedAt: Nullable(Timestamp),
});
export type IntegrationTokenView = Static<typeof IntegrationTokenSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function tokenView(t: IntegrationTokenRow): IntegrationTokenView {
  return {
    id: t.id,
    name: t.name,
    publicId: t.public_id,
    scopes: t.scopes as IntegrationScope[],
    dataSourceIds: t.data_source_ids,
    createdAt: t.created_at.toISOString(),
    createdBy: t.created_by,
    expiresAt: iso(t.expires_at),
    lastUsedAt: iso(t.last_used_at),
    revokedAt: iso(t.revoked_at),
  };
}
