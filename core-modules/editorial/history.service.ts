import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { Editorial, SemanticChange } from './editorial.api.js';
import type { EditorialBaseDeps } from './editorial-deps.js';
import { publicationNotFound, roleRefused } from './editorial-errors.js';
import type { Publishing } from './publishing.js';
import type { ReviewOutcome } from './review.service.js';
import { mayPublish, reviewRequired } from './review-policy.js';
import type { SubmissionViews } from './submission-views.js';

type Deps = Pick<EditorialBaseDeps, 'db' | 'publishableKinds' | 'reviewPolicy' | 'publicationsRepository' | 'submissionsRepository'> & {
  publishing: Publishing;
  submissionViews: SubmissionViews;
  editorial: Editorial;
};

export interface Comparison {
  fromPublicationId: string;
  toPublicationId: string;
  changed: boolean;
  changes: SemanticChange[];
}

/** What an item published, compared, copied back to its draft or rolled back: `/content-history`. */
export class HistoryService {
  constructor(private readonly d: Deps) {}

  async publications(type: string, id: string) {
    return { items: await this.d.editorial.publications(type, id) };
  }

  /** The structured difference between two of the item's publications (404 when either is not one of its own). */
  async compare(type: string, id: string, fromId: string, toId: string): Promise<Comparison> {
    const kind = this.d.publishableKinds.get(type);
    const [from, to] = await Promise.all([this.d.publicationsRepository.one(type, id, fromId), this.d.publicationsRepository.one(type, id, toId)]);
    if (!from || !to) throw publicationNotFound();
    const changes = kind.compare(from.snapshot, to.snapshot);
    return { fromPublicationId: fromId, toPublicationId: toId, changed: changes.length > 0, changes };
  }

  async restoreDraft(actor: ConsolePrincipal, ip: string, type: string, id: string, publicationId: string) {
    const workingRevision = await this.d.editorial.restoreDraft(type, id, publicationId, actor, ip);
    return { contentType: type, contentId: id, workingRevision };
  }

  /**
   * Publishes an earlier publication's document again, as a new revision (never by moving a
   * pointer back): at once, or as a submission in review when the policy asks review of this
   * person, so a rollback is never a way around review. The working draft is left as it is.
   */
  async rollback(actor: ConsolePrincipal, ip: string, type: string, id: string, publicationId: string): Promise<ReviewOutcome & { inReview: boolean }> {
    const kind = this.d.publishableKinds.get(type);
    if (!mayPublish(kind.publishers, actor.role)) throw roleRefused(`roll back this ${type}`);
    const policy = await this.d.reviewPolicy.now();
    const review = reviewRequired(policy.policy, actor.role);
    const by = { actor, ip };
    const { submission, published } = await this.d.db.transaction(async (trx) => {
      const current = await kind.snapshot(id, trx);
      const source = await this.d.publicationsRepository.one(type, id, publicationId, trx);
      if (!source) throw publicationNotFound();
      const row = await this.d.publishing.submit(
        kind,
        {
          snapshot: { ...current, document: source.snapshot },
          contentId: id,
          by,
          reviewRequired: review,
          allowSelfApproval: policy.allowSelfApproval,
          note: `Rollback to publication ${publicationId} (revision ${source.revision}).`,
        },
        trx,
      );
      if (review) return { submission: row };
      const publication = await this.d.publishing.publish(kind, row, 'rollback', by, trx, { sourcePublicationId: publicationId });
      return { submission: (await this.d.submissionsRepository.byId(row.id, trx))!, published: publication };
    });
    const view = await this.d.submissionViews.one(submission);
    if (!published) return { submission: view, inReview: true };
    const [summary] = await this.d.submissionViews.publications([published]);
    return { submission: view, published: summary!, inReview: false };
  }
}
