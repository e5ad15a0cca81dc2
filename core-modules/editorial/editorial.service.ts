import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { Editorial, PublicationSummary, PublishOutcome } from './editorial.api.js';
import type { EditorialBaseDeps } from './editorial-deps.js';
import { draftMoved, publicationNotFound, roleRefused, submissionNotFound } from './editorial-errors.js';
import type { Publishing } from './publishing.js';
import { mayPublish, maySubmit, reviewRequired } from './review-policy.js';
import type { SubmissionView } from './submission-view.js';
import type { SubmissionViews } from './submission-views.js';

type Deps = Pick<EditorialBaseDeps, 'db' | 'publishableKinds' | 'reviewPolicy' | 'submissionsRepository' | 'publicationsRepository' | 'auditLog'> & {
  publishing: Publishing;
  submissionViews: SubmissionViews;
};

/** Publishing as the kinds' own routes do it, and the history they show. */
export class EditorialService implements Editorial {
  constructor(private readonly d: Deps) {}

  async publishDraft(type: string, id: string, expectedRevision: number | undefined, actor: ConsolePrincipal, ip: string): Promise<PublishOutcome> {
    const kind = this.d.publishableKinds.get(type);
    const policy = await this.d.reviewPolicy.now();
    const review = reviewRequired(policy.policy, actor.role);
    if (review ? !maySubmit(kind.publishers, actor.role) : !mayPublish(kind.publishers, actor.role)) throw roleRefused(`publish this ${type}`);
    const by = { actor, ip };
    return this.d.db.transaction(async (trx): Promise<PublishOutcome> => {
      const snapshot = await kind.snapshot(id, trx);
      if (expectedRevision !== undefined && snapshot.workingRevision !== expectedRevision) throw draftMoved();
      const submission = await this.d.publishing.submit(
        kind,
        { snapshot, contentId: id, by, reviewRequired: review, allowSelfApproval: policy.allowSelfApproval },
        trx,
      );
      if (review) return { outcome: 'submitted', submissionId: submission.id };
      const publication = await this.d.publishing.publish(kind, submission, 'manual', by, trx);
      const [summary] = await this.d.submissionViews.publications([publication]);
      return { outcome: 'published', publication: summary! };
    });
  }

  async publications(type: string, id: string): Promise<PublicationSummary[]> {
    this.d.publishableKinds.get(type);
    return this.d.submissionViews.publications(await this.d.publicationsRepository.of(type, id));
  }

  async restoreDraft(type: string, id: string, publicationId: string, actor: ConsolePrincipal, ip: string): Promise<number> {
    const kind = this.d.publishableKinds.get(type);
    if (!maySubmit(kind.publishers, actor.role)) throw roleRefused(`restore this ${type}`);
    return this.d.db.transaction(async (trx) => {
      await kind.snapshot(id, trx);
      const publication = await this.d.publicationsRepository.one(type, id, publicationId, trx);
      if (!publication) throw publicationNotFound();
      const draftRevision = await kind.restoreDraft(id, publication.snapshot, actor, trx);
      await this.d.auditLog.record(
        {
          action: 'content.version_restored_to_draft',
          actor,
          ip,
          resourceType: type,
          resourceId: id,
          metadata: { publicationId, revision: publication.revision, draftRevision },
        },
        trx,
      );
      return draftRevision;
    });
  }

  async submission(id: string): Promise<SubmissionView> {
    const row = await this.d.submissionsRepository.byId(id);
    if (!row) throw submissionNotFound();
    return this.d.submissionViews.one(row);
  }
}
