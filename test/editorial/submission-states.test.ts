import { expect } from 'chai';
import {
  nextState,
  SUBMISSION_ACTIONS,
  SUBMISSION_STATES,
  type SubmissionAction,
  type SubmissionState,
} from '../../core-modules/editorial/submission-states.js';
import { AppError } from '../../kernel/errors.js';

// The whole table, written out: every move the workflow allows. Anything absent must be refused.
const ALLOWED: Record<string, SubmissionState> = {
  'new submit': 'in_review',
  'in_review approve': 'approved',
  'in_review request-changes': 'changes_requested',
  'in_review supersede': 'superseded',
  'changes_requested supersede': 'superseded',
  'approved publish': 'published',
  'approved schedule': 'scheduled',
  'approved supersede': 'superseded',
  'scheduled publish': 'published',
  'scheduled cancel-schedule': 'approved',
  'scheduled supersede': 'superseded',
  'scheduled fail': 'publication_failed',
};

describe('the submission state machine', () => {
  const states: (SubmissionState | 'new')[] = ['new', ...SUBMISSION_STATES];

  for (const state of states) {
    for (const action of SUBMISSION_ACTIONS) {
      const expected = ALLOWED[`${state} ${action}`];
      it(`${state} × ${action}: ${expected ? `→ ${expected}` : '409 editorial_conflict'}`, () => {
        if (expected) {
          expect(nextState(state, action)).to.equal(expected);
          return;
        }
        let refused: unknown;
        try {
          nextState(state, action as SubmissionAction);
        } catch (err) {
          refused = err;
        }
        expect(refused).to.be.instanceOf(AppError);
        expect((refused as AppError).status).to.equal(409);
        expect((refused as AppError).code).to.equal('editorial_conflict');
      });
    }
  }

  it('leaves published, superseded, failed and cancelled submissions as history: nothing moves them', () => {
    for (const state of ['published', 'superseded', 'publication_failed', 'cancelled'] as const) {
      expect(SUBMISSION_ACTIONS.filter((a) => ALLOWED[`${state} ${a}`])).to.deep.equal([]);
    }
  });
});
