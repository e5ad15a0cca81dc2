// Pure rules of the review inbox and the publish controls (no imports: unit tests load this file alone).

/** The inbox's tabs: one per state a reviewer works through, then everything. */
export const REVIEW_TABS = ['in_review', 'approved', 'changes_requested', 'scheduled', 'published', 'all'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export const reviewTab = (value: string | null): ReviewTab =>
  ((REVIEW_TABS as readonly string[]).find((t) => t === value) as ReviewTab | undefined) ?? 'in_review';

export type ReviewAction = 'approve' | 'requestChanges' | 'publish' | 'schedule' | 'cancelSchedule';

interface SubmissionFacts {
  status: string;
  contentType: string;
  submittedBy?: string;
  allowSelfApproval: boolean;
}

/** Who looks at the inbox: their user id and what their role reaches (editors and above manage; campaigns are published by administrators). */
export interface Reviewer {
  userId?: string;
  manager: boolean;
  administrator: boolean;
}

/**
 * What the reviewer may do with a submission now, as the server would allow it, so that the inbox
 * never offers a move it would refuse: deciding while in review (not one's own when self-approval is
 * off), publishing or scheduling once approved, publishing or cancelling once scheduled. Pure.
 */
export function reviewActions(s: SubmissionFacts, who: Reviewer): ReviewAction[] {
  if (!who.manager) return [];
  const publisher = s.contentType !== 'campaign' || who.administrator;
  switch (s.status) {
    case 'in_review': {
      const own = s.submittedBy !== undefined && s.submittedBy === who.userId;
      return own && !s.allowSelfApproval ? ['requestChanges'] : ['approve', 'requestChanges'];
    }
    case 'approved':
      return publisher ? ['publish', 'schedule'] : [];
    case 'scheduled':
      return publisher ? ['publish', 'cancelSchedule'] : [];
    default:
      return [];
  }
}

/** The first characters of a snapshot's SHA-256: enough for a person to tell two snapshots apart. */
export const shortDigest = (sha256: string) => sha256.slice(0, 12);

/** A submission that still waits on someone (the content's current one): shown on the content's page. */
export const OPEN_STATES: readonly string[] = ['in_review', 'changes_requested', 'approved', 'scheduled', 'publication_failed'];
