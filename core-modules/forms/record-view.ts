import type { RecordDetailRow } from './forms.repository.js';
import type { RecordRow, RevisionRow } from './forms.models.js';

export const revisionView = (r: RevisionRow) => ({
  id: r.id,
  dataSourceId: r.source_id,
  revisionNumber: r.number,
  title: r.schema.title ?? '',
  description: r.schema.description ?? '',
  schema: r.schema,
  publishedAt: r.published_at.toISOString(),
});

/** A record as the API answers it. */
export const recordView = (r: RecordRow) => ({
  id: r.id,
  dataSourceId: r.source_id,
  revisionId: r.revision_id,
  state: r.state,
  values: r.values,
  ...(r.submitted_by ? { submittedBy: r.submitted_by } : {}),
  submitterName: r.submitter_name,
  displayTitle: r.display_title,
  priority: r.priority,
  displayAt: r.display_at?.toISOString() ?? null,
  expiresAt: r.expires_at?.toISOString() ?? null,
  eligible: r.eligible,
  version: r.version,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export interface Abilities {
  canEdit: boolean;
  canComment: boolean;
  canDelete: boolean;
  availableTransitions: { to: string; toLabel: string; label: string; requiredCapability: string; requiresNote: boolean }[];
}

/** A record with its revision, history (newest first), comments and images, and what the caller may do. */
export const recordDetailView = (r: RecordDetailRow, revision: RevisionRow, abilities: Abilities) => ({
  ...recordView(r),
  revision: revisionView(revision),
  events: r.events.map((e) => ({
    id: e.id,
    eventType: e.event_type,
    ...(e.from_state ? { fromState: e.from_state } : {}),
    ...(e.to_state ? { toState: e.to_state } : {}),
    ...(e.actor_name ? { actorName: e.actor_name } : {}),
    ...(e.note ? { note: e.note } : {}),
    createdAt: e.created_at.toISOString(),
  })),
  comments: r.comments.map((c) => ({ id: c.id, authorName: c.author_name, body: c.body, createdAt: c.created_at.toISOString() })),
  attachments: r.attachments.map((a) => ({
    id: a.id,
    fieldKey: a.field_key,
    fileName: a.file_name,
    mimeType: a.mime_type,
    size: Number(a.size),
    createdAt: a.created_at.toISOString(),
  })),
  ...abilities,
});
