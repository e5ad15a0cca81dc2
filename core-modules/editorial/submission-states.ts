import { conflict } from '../../kernel/errors.js';

/** Where a submission stands, as the reference names it. */
export const SUBMISSION_STATES = [
  'in_review',
  'changes_requested',
  'approved',
  'scheduled',
  'published',
  'superseded',
  'publication_failed',
  'cancelled',
] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** What can happen to one. `submit` makes it (from `new`); the others move it. */
export const SUBMISSION_ACTIONS = ['submit', 'approve', 'request-changes', 'publish', 'schedule', 'cancel-schedule', 'supersede', 'fail'] as const;
export type SubmissionAction = (typeof SUBMISSION_ACTIONS)[number];

/** The states that hold a content item's one active submission (a unique index keeps it one). */
export const ACTIVE_STATES: readonly SubmissionState[] = ['in_review', 'approved', 'scheduled'];

// Every allowed move; anything else is a conflict. Published, superseded, failed and cancelled
// submissions are history: a failed one is corrected by submitting again. `cancelled` is the
// reference's word, kept on the wire; cancelling a schedule returns the submission to `approved`.
const MOVES: Record<SubmissionState | 'new', Partial<Record<SubmissionAction, SubmissionState>>> = {
  new: { submit: 'in_review' },
  in_review: { approve: 'approved', 'request-changes': 'changes_requested', supersede: 'superseded' },
  changes_requested: { supersede: 'superseded' },
  approved: { publish: 'published', schedule: 'scheduled', supersede: 'superseded' },
  scheduled: { publish: 'published', 'cancel-schedule': 'approved', supersede: 'superseded', fail: 'publication_failed' },
  published: {},
  superseded: {},
  publication_failed: {},
  cancelled: {},
};

const WHY: Partial<Record<SubmissionAction, string>> = {
  approve: 'The submission is no longer awaiting a decision.',
  'request-changes': 'The submission is no longer awaiting a decision.',
  publish: 'Only an approved or scheduled submission can be published.',
  schedule: 'Only an approved submission can be scheduled.',
  'cancel-schedule': 'The submission is not scheduled.',
};

/** The state `action` leads to from `state`; 409 `editorial_conflict` when it is not allowed there. Pure. */
export function nextState(state: SubmissionState | 'new', action: SubmissionAction): SubmissionState {
  const next = MOVES[state][action];
  if (!next)
    throw conflict('editorial_conflict', WHY[action] ?? `A submission that is ${state.replace(/_/g, ' ')} cannot ${action.replace(/-/g, ' ')}.`, {
      status: state,
      action,
    });
  return next;
}
