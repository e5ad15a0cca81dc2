import { Type } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import { REVIEW_POLICIES } from './review-policy.js';
import { ContentSubmissionSchema } from './submission-view.js';
import { SUBMISSION_STATES } from './submission-states.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
const MAX_NOTE = 4000;

export const CONTENT_TYPES = ['playlist', 'layout', 'campaign'] as const;
const ContentType = Type.Union(
  CONTENT_TYPES.map((t) => Type.Literal(t)),
  { description: 'Answered 404 `content_type_unsupported` while the module owning it is not running.' },
);
export const ContentParams = Type.Object({ type: ContentType, id: Uuid });
export const PublicationParams = Type.Object({ type: ContentType, id: Uuid, publicationId: Uuid });
export const SubmissionsQuery = Type.Object({
  state: Opt(Type.Union(SUBMISSION_STATES.map((s) => Type.Literal(s)))),
  contentId: Opt({ ...Uuid, description: 'Only the submissions of this playlist, layout or campaign.' }),
});
export const CompareQuery = Type.Object({ fromPublicationId: Uuid, toPublicationId: Uuid });

export const SubmitBody = Type.Object({
  expectedRevision: Opt(Type.Integer({ minimum: 1, description: 'The draft revision the submitter saw: 409 `editorial_conflict` when the draft moved on.' })),
  requestedPublicationAt: Opt(Stamp),
});
export const ApproveBody = Type.Object({ note: Opt(Type.String({ maxLength: MAX_NOTE })) });
export const ChangesBody = Type.Object({ note: Type.String({ minLength: 1, maxLength: MAX_NOTE, description: 'Why it is sent back: required.' }) });
export const PublishBody = Type.Object({
  method: Opt(Type.Literal('manual', { description: 'What the reference’s console sends: a person publishes manually.' })),
});
export const ScheduleBody = Type.Object({ requestedPublicationAt: Stamp });

export const SubmissionListSchema = Type.Object({
  policy: Type.Union(REVIEW_POLICIES.map((p) => Type.Literal(p))),
  allowSelfApproval: Type.Boolean(),
  autoPublishOnApproval: Type.Boolean(),
  items: Type.Array(ContentSubmissionSchema, { description: 'Newest first, at most 200.' }),
});

export const PublicationSchema = Type.Object({
  id: Uuid,
  revision: Type.Integer({ minimum: 1 }),
  nativeRevisionId: Opt(Uuid),
  submissionId: Opt(Uuid),
  campaignReleaseId: Opt(Uuid),
  publishedBy: Opt(Uuid),
  publisherName: Type.String(),
  publishedAt: Stamp,
  supersedesPublicationId: Opt(Uuid),
  method: Type.Union(['manual', 'automatic_after_approval', 'scheduled', 'rollback', 'migration', 'backfill'].map((m) => Type.Literal(m))),
  affectedScreenCount: Type.Integer({ minimum: 0 }),
  snapshotSha256: Opt(Type.String()),
});

export const OutcomeSchema = Type.Object({
  submission: ContentSubmissionSchema,
  published: Opt(PublicationSchema),
});

export const ComparisonSchema = Type.Object({
  fromPublicationId: Uuid,
  toPublicationId: Uuid,
  changed: Type.Boolean(),
  changes: Type.Array(
    Type.Object({
      kind: Type.String({ description: '`added`, `removed`, `moved` or `changed`.' }),
      path: Type.String({ description: 'Where: `placements/<id>`, `canvas/width`, `items/3`.' }),
      description: Type.String(),
    }),
  ),
});

export const RestoredSchema = Type.Object({
  contentType: Type.String(),
  contentId: Uuid,
  workingRevision: Type.Integer({ description: 'The new draft revision.' }),
});
