import { Type, type Static } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import { LayoutDependencySchema, LayoutDocumentSchema } from './layout-document.js';
import type { LayoutListRow } from './layouts.repository.js';
import type { RevisionRow } from './layouts.models.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
export const MAX_NAME = 180;
export const MAX_DESCRIPTION = 2000;

export const NewLayoutSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_NAME }),
  description: Opt(Type.String({ maxLength: MAX_DESCRIPTION })),
  orientation: Type.Union([Type.Literal('landscape'), Type.Literal('portrait'), Type.Literal('custom')]),
  canvasWidth: Type.Integer({ minimum: 320, maximum: 7680 }),
  canvasHeight: Type.Integer({ minimum: 320, maximum: 7680 }),
});
export type NewLayout = Static<typeof NewLayoutSchema>;

export const LayoutPatchSchema = Type.Object({
  name: Opt(Type.String({ minLength: 1, maxLength: MAX_NAME })),
  description: Opt(Type.String({ maxLength: MAX_DESCRIPTION })),
});

export const DraftSchema = Type.Object({ expectedDraftRevision: Type.Integer({ minimum: 1 }), document: LayoutDocumentSchema });
export const ExpectedRevisionSchema = Type.Object({ expectedDraftRevision: Type.Integer({ minimum: 1 }) });

const SummaryFields = {
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  orientation: Type.String(),
  canvasWidth: Type.Integer(),
  canvasHeight: Type.Integer(),
  draftRevision: Type.Integer(),
  publishedRevision: Opt(Type.Integer({ description: 'Absent until first published.' })),
  publishedAt: Opt(Stamp),
  hasUnpublishedChanges: Type.Boolean({ description: 'Published, and the draft differs from the published document.' }),
  createdAt: Stamp,
  updatedAt: Stamp,
  previewImageUrl: Opt(Type.String({ description: 'Where the draft’s preview image is served; absent when it has none.' })),
};
export const LayoutSummarySchema = Type.Object(SummaryFields);

const Named = Type.Array(Type.Object({ id: Uuid, name: Type.String() }));
export const LayoutSchema = Type.Object({
  ...SummaryFields,
  draft: LayoutDocumentSchema,
  publishedRevisionId: Opt(Uuid),
  dependencies: Type.Array(LayoutDependencySchema, { description: 'What the draft names.' }),
  usage: Type.Object({ screens: Named, schedules: Named, campaigns: Named }),
});
export type LayoutView = Static<typeof LayoutSchema>;

export const LayoutRevisionSchema = Type.Object({
  id: Uuid,
  layoutId: Uuid,
  revision: Type.Integer(),
  document: LayoutDocumentSchema,
  documentSha256: Type.String({ description: 'SHA-256 (hex) of the document in canonical JSON (keys sorted).' }),
  publishedBy: Opt(Uuid),
  publishedAt: Stamp,
});

export type RevisionView = Static<typeof LayoutRevisionSchema>;

export const summaryView = (row: LayoutListRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  orientation: row.orientation,
  canvasWidth: row.canvas_width,
  canvasHeight: row.canvas_height,
  draftRevision: row.draft_revision,
  ...(row.published_revision !== null ? { publishedRevision: row.published_revision } : {}),
  ...(row.published_at ? { publishedAt: row.published_at.toISOString() } : {}),
  hasUnpublishedChanges: row.has_unpublished_changes,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  ...(row.preview_sha256 ? { previewImageUrl: `/api/v1/layouts/${row.id}/preview-image` } : {}),
});

export const revisionView = (row: RevisionRow): RevisionView => ({
  id: row.id,
  layoutId: row.layout_id,
  revision: row.revision,
  document: row.document,
  documentSha256: row.document_sha256,
  ...(row.published_by ? { publishedBy: row.published_by } : {}),
  publishedAt: row.published_at.toISOString(),
});
