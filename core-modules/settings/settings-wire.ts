import { Type } from '@sinclair/typebox';
import { Stamp } from '../../kernel/http/wire.js';
import type { SettingDefinition, SettingValue } from './setting-definition.js';

// The settings document as the console reads it, for organization settings and for each user's
// preferences alike. Type names and flags follow the reference's console, which picks a control by
// `type` (a switch for `bool`, a number field for `int`/`int64`/`float`) and notes `futureOnly`.

/** The largest value a PostgreSQL `integer` column holds: revisions are stored in one. */
export const INT4_MAX = 2_147_483_647;

const WIRE_TYPES = [
  'bool',
  'int',
  'int64',
  'float',
  'string',
  'enum',
  'color',
  'local_time',
  'timezone',
  'uuid_or_empty',
  'weekday_list',
  'package_list',
] as const;
type WireType = (typeof WIRE_TYPES)[number];

export const SettingValueSchema = Type.Union([Type.Boolean(), Type.Number(), Type.String(), Type.Array(Type.Integer()), Type.Array(Type.String())]);

const SettingDefinitionSchema = Type.Object({
  key: Type.String(),
  category: Type.String(),
  type: Type.Union(
    WIRE_TYPES.map((t) => Type.Literal(t)),
    { description: '`int64`: a whole number beyond 32 bits (byte sizes).' },
  ),
  title: Type.String(),
  description: Type.String(),
  default: SettingValueSchema,
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  maxLength: Type.Optional(Type.Integer()),
  allowed: Type.Optional(Type.Array(Type.String())),
  scope: Type.Union([Type.Literal('organization'), Type.Literal('policy'), Type.Literal('preference')], {
    description: "`policy`: screen groups and screens may set their own value (player policies); `preference`: each user's own.",
  }),
  sensitive: Type.Boolean({ description: 'The value is a secret: shown and exported only to those who may change it.' }),
  restartRequired: Type.Boolean({ description: 'Takes effect once the server restarts.' }),
  immediate: Type.Boolean({ description: 'Running screens and consoles apply a change at once, not at their next reload.' }),
  futureOnly: Type.Boolean({ description: 'Applies to work done after the change (new uploads, new processing); nothing done before is redone.' }),
});

export const SettingsDocumentSchema = Type.Object({
  schemaVersion: Type.Literal(1),
  revision: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  values: Type.Record(Type.String(), SettingValueSchema),
  definitions: Type.Array(SettingDefinitionSchema),
  updatedAt: Stamp,
});

/** `PATCH` of a settings document: the revision read, and the values to change (the console sends them all). */
export const SettingsChangeSchema = Type.Object({
  revision: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  values: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 200 }),
});

/** `POST /settings/reset`: the revision read and the category to put back (all when empty or absent). */
export const SettingsResetSchema = Type.Object({
  revision: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  category: Type.Optional(Type.String({ maxLength: 64 })),
});

export interface SettingsDocument {
  schemaVersion: 1;
  revision: number;
  values: Record<string, SettingValue>;
  definitions: WireDefinition[];
  updatedAt: string;
}

type WireDefinition = Omit<SettingDefinition, 'type' | 'scope'> & {
  type: WireType;
  scope: 'organization' | 'policy' | 'preference';
  sensitive: boolean;
  restartRequired: boolean;
  immediate: boolean;
  futureOnly: boolean;
};

function wireType(def: SettingDefinition): WireType {
  switch (def.type) {
    case 'boolean':
      return 'bool';
    case 'integer':
      return def.max > INT4_MAX ? 'int64' : 'int';
    case 'number':
      return 'float';
    default:
      return def.type;
  }
}

/** A definition as the document shows it: a new object (the registry's own is never handed out). */
export function wireDefinition(def: SettingDefinition): WireDefinition {
  return {
    ...def,
    type: wireType(def),
    scope: def.scope ?? 'organization',
    sensitive: def.sensitive ?? false,
    restartRequired: def.restartRequired ?? false,
    immediate: def.immediate ?? false,
    futureOnly: def.futureOnly ?? false,
  };
}
