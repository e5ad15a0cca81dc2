import { Type } from '@sinclair/typebox';
import { Nullable, Uuid, Stamp } from '../../kernel/http/wire.js';
import { FormSchemaSchema } from './form-schema.js';
import { FormViewSchema } from './form-output.js';
import { CapabilitySchema, WorkflowInputSchema } from './workflow.js';

// The forms API's request and response shapes.

const Capabilities = Type.Array(CapabilitySchema);

export const RevisionSchema = Type.Object({
  id: Uuid,
  dataSourceId: Uuid,
  revisionNumber: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  description: Type.String(),
  schema: FormSchemaSchema,
  publishedAt: Stamp,
});

const OutputField = Type.Object({ key: Type.String(), label: Type.String(), type: Type.String() });

export const FormSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  // Absent rather than null (a creator removed; nothing published yet): the reference console's type has no null.
  createdBy: Type.Optional(Uuid),
  createdAt: Stamp,
  updatedAt: Stamp,
  draftSchema: FormSchemaSchema,
  publishedRevision: Type.Optional(RevisionSchema),
  workflow: Type.Object({
    states: Type.Array(
      Type.Object({
        key: Type.String(),
        label: Type.String(),
        eligibleForOutput: Type.Boolean(),
        initial: Type.Boolean(),
        terminal: Type.Boolean(),
        position: Type.Integer(),
        recordCount: Type.Integer({ minimum: 0 }),
        removable: Type.Boolean(),
      }),
    ),
    transitions: Type.Array(
      Type.Object({ from: Type.String(), to: Type.String(), label: Type.String(), requiredCapability: Type.String(), position: Type.Integer() }),
    ),
  }),
  views: Type.Array(FormViewSchema),
  outputFields: Type.Array(OutputField, { description: 'What views (and screens) may show: the record’s own fields, then the form’s.' }),
  grantedCapabilities: Capabilities,
});

export const FormSummarySchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  publishedRevisionNumber: Type.Optional(Type.Integer({ description: 'Absent before the first publication.' })),
  grantedCapabilities: Capabilities,
  submissionCounts: Type.Object(
    { draft: Type.Integer(), submitted: Type.Integer(), changesRequested: Type.Integer(), total: Type.Integer() },
    { description: 'The caller’s own records.' },
  ),
});

export const RecordSchema = Type.Object({
  id: Uuid,
  dataSourceId: Uuid,
  revisionId: Uuid,
  state: Type.String(),
  values: Type.Record(Type.String(), Type.Unknown(), { description: 'By field key; an image field holds its attachment id.' }),
  submittedBy: Type.Optional({ ...Uuid, description: 'Absent once the submitter’s account is gone.' }),
  submitterName: Type.String(),
  displayTitle: Type.String(),
  priority: Type.Integer(),
  displayAt: Nullable(Stamp),
  expiresAt: Nullable(Stamp),
  eligible: Type.Boolean({ description: 'In a state that puts it on air.' }),
  version: Type.Integer({ minimum: 1 }),
  createdAt: Stamp,
  updatedAt: Stamp,
});

export const CommentSchema = Type.Object({ id: Uuid, authorName: Type.String(), body: Type.String(), createdAt: Stamp });

export const RecordDetailSchema = Type.Object({
  ...RecordSchema.properties,
  revision: RevisionSchema,
  events: Type.Array(
    Type.Object({
      id: Uuid,
      eventType: Type.String(),
      // Absent where the event has none (the reference console's type has no null).
      fromState: Type.Optional(Type.String()),
      toState: Type.Optional(Type.String()),
      actorName: Type.Optional(Type.String()),
      note: Type.Optional(Type.String()),
      createdAt: Stamp,
    }),
  ),
  comments: Type.Array(CommentSchema),
  attachments: Type.Array(
    Type.Object({ id: Uuid, fieldKey: Type.String(), fileName: Type.String(), mimeType: Type.String(), size: Type.Integer(), createdAt: Stamp }),
  ),
  canEdit: Type.Boolean(),
  canComment: Type.Boolean(),
  canDelete: Type.Boolean(),
  availableTransitions: Type.Array(
    Type.Object({ to: Type.String(), toLabel: Type.String(), label: Type.String(), requiredCapability: Type.String(), requiresNote: Type.Boolean() }),
  ),
});

const Text = (max: number) => Type.String({ maxLength: max });
const DateTime = Stamp;
export const RecordInputSchema = {
  values: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 100 })),
  displayTitle: Type.Optional(Nullable(Text(240))),
  priority: Type.Optional(Nullable(Type.Integer({ minimum: -1000, maximum: 1000 }))),
  displayAt: Type.Optional(Nullable(DateTime)),
  expiresAt: Type.Optional(Nullable(DateTime)),
};

export const AccessEntriesSchema = Type.Object({
  entries: Type.Array(
    Type.Object({
      userId: Uuid,
      name: Type.String(),
      username: Type.String(),
      role: Type.String(),
      capabilities: Capabilities,
      isCreator: Type.Boolean(),
      isGlobalOwner: Type.Boolean({ description: 'An owner: manages every form (as administrators do), whatever the list says.' }),
    }),
  ),
});

export const ApprovalSchema = Type.Object({
  recordId: Uuid,
  dataSourceId: Uuid,
  formName: Type.String(),
  title: Type.String(),
  submitterName: Type.String(),
  state: Type.String(),
  stateLabel: Type.String(),
  displayAt: Nullable(Stamp),
  expiresAt: Nullable(Stamp),
  submittedAt: Stamp,
});

export { CapabilitySchema, WorkflowInputSchema };
