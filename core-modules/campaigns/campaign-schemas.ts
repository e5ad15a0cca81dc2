import { type Static, Type } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import { MAX_NAME } from './campaign-document.js';

const Opt = Type.Optional;
const Zone = Type.String({ minLength: 1, maxLength: 64 });
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const Day = Type.String({ format: 'date' });

export const DestinationSchema = Type.Object({ type: Type.Union([Type.Literal('screen'), Type.Literal('group')]), id: Uuid }, { additionalProperties: false });

export const BlockSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String({ maxLength: MAX_NAME }),
    contentType: Type.Union([Type.Literal('playlist'), Type.Literal('layout')]),
    contentId: Uuid,
    contentRevision: Opt(Type.Integer({ minimum: 1 })),
    priority: Type.Integer({ minimum: 0, maximum: 999 }),
    type: Type.Union([Type.Literal('one_time'), Type.Literal('weekly')]),
    timezone: Zone,
    startDate: Opt(Day),
    endDate: Opt(Day),
    oneTimeStart: Opt(Stamp),
    oneTimeEnd: Opt(Stamp),
    dailyStart: Opt(Clock),
    dailyEnd: Opt(Clock),
    daysOfWeek: Opt(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const SnapshotSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_NAME }),
    description: Type.String({ maxLength: 2000 }),
    ownerId: Opt(Uuid),
    timezone: Zone,
    campaignStart: Opt(Stamp),
    campaignEnd: Opt(Stamp),
    destinations: Type.Array(DestinationSchema, { maxItems: 250 }),
    blocks: Type.Array(BlockSchema, { maxItems: 200 }),
  },
  { additionalProperties: false },
);

export const DetailsRequestSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: MAX_NAME }), description: Opt(Type.String({ maxLength: 2000 })), timezone: Opt(Zone) },
  { additionalProperties: false },
);

export const DraftRequestSchema = Type.Object({ expectedDraftRevision: Type.Integer({ minimum: 1 }), draft: SnapshotSchema }, { additionalProperties: false });
export const PublishRequestSchema = Type.Object({ expectedDraftRevision: Type.Integer({ minimum: 1 }) });

export const CampaignSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  ownerId: Opt(Uuid),
  timezone: Type.String(),
  campaignStart: Opt(Stamp),
  campaignEnd: Opt(Stamp),
  destinations: Type.Array(DestinationSchema),
  draft: SnapshotSchema,
  draftRevision: Type.Integer({ minimum: 1 }),
  publishedRevision: Opt(Type.Integer({ minimum: 1, description: 'The live release’s number; absent until first published.' })),
  hasUnpublishedChanges: Type.Boolean({ description: 'Published, and the draft differs from the live release.' }),
  status: Type.String({ description: '`Draft`, `Scheduled`, `Live`, `Ended` or `Archived`.' }),
  createdAt: Stamp,
  updatedAt: Stamp,
});

export const RELEASE_STATUSES = [
  'in_review',
  'changes_requested',
  'approved',
  'scheduled',
  'published',
  'superseded',
  'cancelled',
  'publication_failed',
] as const;

export const ReleaseSchema = Type.Object({
  id: Uuid,
  campaignId: Uuid,
  releaseNumber: Type.Integer({ minimum: 1 }),
  submissionId: Opt(Uuid),
  snapshot: SnapshotSchema,
  snapshotSha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  status: Type.Union(RELEASE_STATUSES.map((s) => Type.Literal(s))),
  basedReleaseId: Opt(Uuid),
  publishedBy: Opt(Uuid),
  publisherName: Opt(Type.String({ description: 'The name of the user who published it, while that user exists.' })),
  publishedAt: Opt(Stamp),
  requestedPublicationAt: Opt(Stamp),
  failureReason: Opt(Type.String()),
  createdAt: Stamp,
});

export const PreflightSchema = Type.Object({
  valid: Type.Boolean(),
  issues: Type.Array(
    Type.Object({
      severity: Type.Union([Type.Literal('warning'), Type.Literal('error')]),
      code: Type.String({ description: '`content_reference`, `invalid`, `destination`, `schedule_preview`, `schedule_overlap`, `schedule_preview_sampled`.' }),
      message: Type.String(),
      blockId: Opt(Uuid),
    }),
  ),
  blockCount: Type.Integer({ minimum: 0 }),
  destinationCount: Type.Integer({ minimum: 0 }),
  screenCount: Type.Integer({ minimum: 0 }),
  locationCount: Type.Integer({ minimum: 0 }),
  previewedScreenCount: Type.Integer({ minimum: 0 }),
  previewScreenLimit: Type.Integer({ minimum: 1, description: 'The most target screens the overlap preview looks at.' }),
});

export type CampaignView = Static<typeof CampaignSchema>;
export type ReleaseView = Static<typeof ReleaseSchema>;
export type Preflight = Static<typeof PreflightSchema>;
export type PreflightIssue = Preflight['issues'][number];
