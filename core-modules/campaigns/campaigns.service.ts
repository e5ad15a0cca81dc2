import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { LibrarySort } from '../../kernel/http/wire.js';
import { canonicalHash } from '../../kernel/canonical-json.js';
import type { PublicationSummary, SubmissionView } from '../editorial/editorial.api.js';
import { type CampaignDocument, lifecycle, normalised, shapeProblems } from './campaign-document.js';
import { campaignInvalid, campaignNotFound, draftConflict, releaseNotFound } from './campaign-errors.js';
import type { CampaignPublisher } from './campaign-publisher.js';
import type { CampaignView, ReleaseView } from './campaign-schemas.js';
import type { CampaignsBaseDeps } from './campaigns-deps.js';
import type { CampaignWithLive } from './campaigns.repository.js';
import type { ReleaseRow } from './campaigns.models.js';

type Deps = Pick<CampaignsBaseDeps, 'db' | 'campaignsRepository' | 'campaignSchedules' | 'contentKinds' | 'editorial' | 'auditLog' | 'userDirectory'> & {
  campaignPublisher: CampaignPublisher;
};

/** What a publish did: the publication and its submission (as playlists answer), or a submission for review. */
export type CampaignPublishOutcome = { published: { submission: SubmissionView; published: PublicationSummary } } | { submitted: SubmissionView };

function campaignView(row: CampaignWithLive): CampaignView {
  const draft = normalised(row.draft);
  return {
    id: row.id,
    name: draft.name,
    description: draft.description,
    ...(draft.ownerId ? { ownerId: draft.ownerId } : {}),
    timezone: draft.timezone,
    ...(draft.campaignStart ? { campaignStart: draft.campaignStart } : {}),
    ...(draft.campaignEnd ? { campaignEnd: draft.campaignEnd } : {}),
    destinations: draft.destinations,
    draft,
    draftRevision: row.draft_revision,
    ...(row.live_number !== null ? { publishedRevision: row.live_number } : {}),
    hasUnpublishedChanges: row.live !== null && canonicalHash(draft) !== canonicalHash(normalised(row.live)),
    status: lifecycle(row.archived_at !== null, row.live ?? undefined),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function releaseView(r: ReleaseRow, names: ReadonlyMap<string, string>): ReleaseView {
  const optional = {
    submissionId: r.submission_id ?? undefined,
    basedReleaseId: r.based_release_id ?? undefined,
    publishedBy: r.published_by ?? undefined,
    publisherName: r.published_by ? names.get(r.published_by) : undefined,
    publishedAt: r.published_at?.toISOString(),
    requestedPublicationAt: r.requested_publication_at?.toISOString(),
    failureReason: r.failure_reason ?? undefined,
  };
  return {
    id: r.id,
    campaignId: r.campaign_id,
    releaseNumber: r.release_number,
    snapshot: r.snapshot,
    snapshotSha256: r.snapshot_sha256,
    status: r.status as ReleaseView['status'],
    createdAt: r.created_at.toISOString(),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

/** Campaigns: their library, drafts, releases, publication (through the editorial workflow) and archiving. */
export class CampaignsService {
  constructor(private readonly d: Deps) {}

  async list(q: { search?: string; sort?: LibrarySort; page: number; pageSize: number }) {
    const { rows, total } = await this.d.campaignsRepository.page({ ...q, search: q.search?.trim() || undefined, sort: q.sort ?? 'updated' });
    return { items: rows.map(campaignView), total, page: q.page, pageSize: q.pageSize };
  }

  async get(id: string): Promise<CampaignView> {
    const row = await this.d.campaignsRepository.byId(id);
    if (!row) throw campaignNotFound();
    return campaignView(row);
  }

  async create(actor: ConsolePrincipal, input: { name: string; description?: string; timezone?: string }, ip: string): Promise<CampaignView> {
    const draft = this.checked({
      name: input.name,
      description: input.description ?? '',
      ownerId: actor.userId,
      timezone: input.timezone ?? '',
      destinations: [],
      blocks: [],
    });
    const id = await this.d.campaignsRepository.insert(draft, actor.userId);
    await this.audit('created', actor, ip, id, { name: draft.name });
    return this.get(id);
  }

  /** Replaces the draft when it is still at `expected` (409 `campaign_conflict` otherwise). */
  async updateDraft(actor: ConsolePrincipal, id: string, expected: number, input: CampaignDocument, ip: string): Promise<CampaignView> {
    const draft = this.checked(input);
    for (const block of draft.blocks) this.d.contentKinds.kind(block.contentType); // 422 content_type_unsupported (a layout, with no layouts module)
    if (!(await this.d.campaignsRepository.saveDraft(id, expected, draft, actor.userId))) {
      const row = await this.d.campaignsRepository.byId(id);
      throw !row || row.archived_at ? campaignNotFound() : draftConflict();
    }
    await this.audit('draft_updated', actor, ip, id, { draftRevision: expected + 1 });
    return this.get(id);
  }

  async releases(id: string): Promise<{ items: ReleaseView[] }> {
    if (!(await this.d.campaignsRepository.byId(id))) throw campaignNotFound();
    const rows = await this.d.campaignsRepository.releasesOf(id);
    const publishers = [...new Set(rows.flatMap((r) => (r.published_by ? [r.published_by] : [])))];
    const names = new Map((publishers.length ? await this.d.userDirectory.byIds(publishers) : []).map((u) => [u.id, u.name]));
    return { items: rows.map((r) => releaseView(r, names)) };
  }

  /** Copies a release's frozen document into the draft as its next revision; screens keep what they play. */
  async restoreRelease(actor: ConsolePrincipal, id: string, releaseId: string, ip: string): Promise<CampaignView> {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.campaignsRepository.lock(id, trx))) throw campaignNotFound();
      const release = await this.d.campaignsRepository.release(id, releaseId, trx);
      if (!release) throw releaseNotFound();
      await this.d.campaignPublisher.restoreDraft(id, release.snapshot, actor.userId, trx);
    });
    await this.audit('version_restored_to_draft', actor, ip, id, { releaseId });
    return this.get(id);
  }

  async publish(actor: ConsolePrincipal, id: string, expected: number, ip: string): Promise<CampaignPublishOutcome> {
    const outcome = await this.d.editorial.publishDraft('campaign', id, expected, actor, ip);
    if (outcome.outcome === 'submitted') return { submitted: await this.d.editorial.submission(outcome.submissionId) };
    return { published: { submission: await this.d.editorial.submission(outcome.publication.submissionId!), published: outcome.publication } };
  }

  /** Archives the campaign and withdraws its schedules in one transaction; its screens are rebuilt from the commit. */
  async archive(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.campaignsRepository.lock(id, trx))) throw campaignNotFound();
      await this.d.campaignsRepository.archive(id, actor.userId, trx);
      await this.d.campaignSchedules.withdraw(id, trx);
    });
    await this.audit('archived', actor, ip, id, {});
  }

  private checked(input: CampaignDocument): CampaignDocument {
    const draft = normalised(input);
    const problems = shapeProblems(draft);
    if (problems.length) throw campaignInvalid(problems);
    return draft;
  }

  private audit(what: string, actor: ConsolePrincipal, ip: string, id: string, metadata: Record<string, unknown>) {
    return this.d.auditLog.record({ action: `campaign.${what}`, actor, ip, resourceType: 'campaign', resourceId: id, metadata });
  }
}
