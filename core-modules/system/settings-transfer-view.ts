import { Type } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import { SettingsDocumentSchema } from '../settings/settings.api.js';

export const TRANSFER_SCHEMA_VERSION = 1;

const Values = Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 500 });
const Revision = Type.Integer({ minimum: 0 });
const Priority = Type.Integer({ minimum: -1000, maximum: 1000 });
const MAX_POLICIES = 10_000;

/** What `GET /system/settings/export` answers. */
export const SettingsExportSchema = Type.Object({
  schemaVersion: Type.Literal(TRANSFER_SCHEMA_VERSION),
  exportedAt: Stamp,
  signageVersion: Type.String(),
  tilecastVersion: Type.String({ description: 'The same as `signageVersion`, under the name the reference console reads.' }),
  organization: Type.Object({
    schemaVersion: Type.Literal(1),
    revision: Revision,
    values: Values,
    updatedAt: Stamp,
  }),
  groupPolicies: Type.Array(Type.Object({ screenGroupId: Uuid, priority: Priority, revision: Revision, values: Values })),
  screenPolicies: Type.Array(Type.Object({ screenId: Uuid, priority: Priority, revision: Revision, values: Values })),
});

/** This server's revisions of what an import touches, as preview answers them and apply may be given them back. */
const CurrentRevisionsSchema = Type.Object({
  organization: Revision,
  groupPolicies: Type.Record(Uuid, Revision, { description: 'By screen group id; 0: the group has no policy yet.' }),
  screenPolicies: Type.Record(Uuid, Revision, { description: 'By screen id; 0: the screen has no policy yet.' }),
});

/**
 * A document as preview and apply take it: an export, from this server or another. Checked by the
 * service (400/422 `settings_import_invalid`, 422 `settings_import_version_unsupported`), not by the
 * route, so a bad document is answered with the import's own codes. Revisions in it are the
 * exporting server's and are not compared: `expectedRevisions` carries this server's.
 */
export const SettingsImportSchema = Type.Object({
  schemaVersion: Type.Integer(),
  exportedAt: Type.Optional(Type.String({ maxLength: 100 })),
  signageVersion: Type.Optional(Type.String({ maxLength: 100 })),
  /** A document the reference exported, or the reference console sends, names its release so. */
  tilecastVersion: Type.Optional(Type.String({ maxLength: 100 })),
  organization: Type.Object(
    {
      schemaVersion: Type.Optional(Type.Integer()),
      revision: Type.Optional(Type.Integer()),
      values: Values,
      updatedAt: Type.Optional(Type.String({ maxLength: 100 })),
    },
    { description: 'Values listed are set; settings left out keep their values here.' },
  ),
  groupPolicies: Type.Optional(
    Type.Array(Type.Object({ screenGroupId: Uuid, priority: Type.Optional(Priority), revision: Type.Optional(Type.Integer()), values: Values }), {
      maxItems: MAX_POLICIES,
      description: 'Each replaces the group’s policy here; groups’ policies left out stay.',
    }),
  ),
  screenPolicies: Type.Optional(
    Type.Array(Type.Object({ screenId: Uuid, priority: Type.Optional(Priority), revision: Type.Optional(Type.Integer()), values: Values }), {
      maxItems: MAX_POLICIES,
      description: 'Each replaces the screen’s policy here; screens’ policies left out stay.',
    }),
  ),
  expectedRevisions: Type.Optional(
    Type.Object(
      {
        organization: Revision,
        groupPolicies: Type.Optional(Type.Record(Uuid, Revision)),
        screenPolicies: Type.Optional(Type.Record(Uuid, Revision)),
      },
      {
        description:
          'Apply only: the `currentRevisions` a preview answered. When any differs from this server’s now, nothing is applied (409 `settings_revision_conflict`). Without it, the revisions read at the start of the apply are used.',
      },
    ),
  ),
});

/** The route's body: any JSON object, checked against SettingsImportSchema by the service. */
export const ImportBodySchema = Type.Object(
  {},
  { additionalProperties: true, description: 'A settings export (see `GET /api/v1/system/settings/export`), optionally with `expectedRevisions`.' },
);

const Change = Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('unchanged')]);

export const ImportPreviewSchema = Type.Object({
  valid: Type.Boolean({ description: 'False when a policy names a screen group or screen this server does not have: apply would refuse it.' }),
  changedKeys: Type.Array(Type.String(), { description: 'Organization settings whose value here would change.' }),
  groupPolicyCount: Type.Integer({ minimum: 0 }),
  screenPolicyCount: Type.Integer({ minimum: 0 }),
  requiresConfirmation: Type.Literal(true),
  organizationChanges: Type.Array(Type.Object({ key: Type.String(), before: Type.Unknown(), after: Type.Unknown() })),
  policyChanges: Type.Array(
    Type.Object({
      scope: Type.Union([Type.Literal('group'), Type.Literal('screen')]),
      targetId: Uuid,
      change: Change,
      changedKeys: Type.Array(Type.String(), { description: 'Keys set, changed or removed by the replacement.' }),
    }),
  ),
  missingScreenGroupIds: Type.Array(Uuid),
  missingScreenIds: Type.Array(Uuid),
  currentRevisions: CurrentRevisionsSchema,
});

export const ImportApplySchema = SettingsDocumentSchema;
