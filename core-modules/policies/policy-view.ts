import { Stamp } from '../../kernel/http/wire.js';
import { Type } from '@sinclair/typebox';
import type { PolicyRow } from './policies.models.js';

export const POLICY_SCHEMA_VERSION = 1;

export const PolicyDocumentSchema = Type.Object({
  schemaVersion: Type.Literal(POLICY_SCHEMA_VERSION),
  /** 0 while there is none: send it back to create one. */
  revision: Type.Integer({ minimum: 0 }),
  priority: Type.Optional(Type.Integer()),
  values: Type.Record(Type.String(), Type.Unknown()),
  updatedAt: Type.Optional(Stamp),
});

export const PolicyBodySchema = Type.Object({
  revision: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'The revision read (0 when there is no policy yet).' }),
  priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
  values: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 200 }),
});

const SOURCES = ['screen', 'group', 'organization', 'built_in'] as const;
export type PolicySource = (typeof SOURCES)[number];

export const EffectivePolicySchema = Type.Object({
  values: Type.Record(
    Type.String(),
    Type.Object({
      value: Type.Unknown(),
      source: Type.Union(
        SOURCES.map((s) => Type.Literal(s)),
        { description: 'Where the value comes from: the screen’s policy, its group’s, the organization’s settings, or the built-in default.' },
      ),
      sourceId: Type.Optional(Type.String({ format: 'uuid' })),
      sourceName: Type.Optional(Type.String()),
    }),
  ),
  organizationRevision: Type.Integer(),
  groupRevisions: Type.Record(Type.String(), Type.Integer()),
  screenRevision: Type.Integer({ description: '0 when the screen has no policy.' }),
  configRevision: Type.Integer({ description: 'The revision of the configuration the screen is given (0 before its first).' }),
});

export const policyDocument = (row: PolicyRow | undefined) =>
  row
    ? {
        schemaVersion: POLICY_SCHEMA_VERSION,
        revision: row.revision,
        ...(row.priority ? { priority: row.priority } : {}),
        values: row.values,
        updatedAt: row.updated_at.toISOString(),
      }
    : { schemaVersion: POLICY_SCHEMA_VERSION, revision: 0, values: {} };
