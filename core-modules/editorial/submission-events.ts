import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';
import type { NotificationEvent } from '../notifications/notifications.api.js';
import type { SubmissionRow } from './editorial.models.js';
import type { SubmissionAction } from './submission-states.js';

const submissionChangedFields = { id: Uuid, status: Type.String(), contentType: Type.String(), contentId: Uuid };

/** A submission moved: reviewers see new work arrive, and everyone sees decisions, without polling. */
export const submissionChanged: ConsoleEventDef<typeof submissionChangedFields> = {
  type: 'content_submission.changed',
  module: 'editorial',
  fields: submissionChangedFields,
  description:
    'A content submission was made or changed state (approved, sent back, scheduled, published — by a person or the minute job —, superseded or failed): refetch GET /api/v1/content-submissions, the submission shown and the content’s history.',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'content_submission.changed': EventFields<typeof submissionChangedFields>;
  }
}

const HEADLINES: Record<SubmissionAction, string> = {
  submit: 'Submitted',
  approve: 'Approved',
  'request-changes': 'Changes requested',
  publish: 'Published',
  schedule: 'Publication scheduled',
  'cancel-schedule': 'Publication schedule cancelled',
  supersede: 'Submission superseded',
  fail: 'Publication failed',
};

/** The webhook event (category `review`) telling of one move; its key is unique to the move. */
export function submissionNotification(row: SubmissionRow, action: SubmissionAction): NotificationEvent {
  const what = `${row.content_type} “${row.content_name}”`;
  const waiting = row.status === 'in_review';
  return {
    key: `submission:${row.id}:${row.status}:${row.updated_at.toISOString()}`,
    category: 'review',
    severity: row.status === 'publication_failed' ? 'error' : 'info',
    title: `${waiting ? 'Waiting for review' : HEADLINES[action]} - ${row.content_name}`,
    message: row.publication_failure_reason
      ? `The scheduled publication of ${what} failed: ${row.publication_failure_reason}`
      : `${HEADLINES[action]}: ${what}, draft revision ${row.working_revision}.`,
    occurredAt: row.updated_at,
    data: {
      submissionId: row.id,
      status: row.status,
      contentType: row.content_type,
      contentId: row.content_id,
      workingRevision: row.working_revision,
      ...(row.review_note ? { note: row.review_note } : {}),
      consolePath: '/review',
    },
  };
}
