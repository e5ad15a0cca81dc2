import type { Knex } from 'knex';
import { raw } from 'objection';
import { libraryOrder } from '../../kernel/db/library-order.js';
import { containsPattern } from '../../kernel/db/like.js';
import type { LibrarySort } from '../../kernel/http/wire.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { ContentRef } from '../player/player.api.js';
import type { CampaignDocument } from './campaign-document.js';
import { CampaignModel, type CampaignRow, ReleaseModel, type ReleaseRow } from './campaigns.models.js';

/** A campaign with the document and number of its live release, if any. */
export type CampaignWithLive = CampaignRow & { live: CampaignDocument | null; live_number: number | null };

// The newest published release's document and number, beside each campaign row.
const newestPublished = (column: string, as: string) =>
  `(SELECT r.${column} FROM campaign_releases r WHERE r.campaign_id = campaigns.id AND r.status = 'published' ORDER BY r.release_number DESC LIMIT 1) AS ${as}`;
const LIVE = `${newestPublished('snapshot', 'live')}, ${newestPublished('release_number::int', 'live_number')}`;

/** The campaigns and campaign_releases tables. The only place that queries them. */
export class CampaignsRepository {
  private readonly campaigns: typeof CampaignModel;
  private readonly releases: typeof ReleaseModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.campaigns = CampaignModel.bindKnex(db);
    this.releases = ReleaseModel.bindKnex(db);
  }

  /** Campaigns not archived, in the library's `sort`; `search` matches the name literally. */
  async page(q: { search?: string; sort: LibrarySort; page: number; pageSize: number }): Promise<{ rows: CampaignWithLive[]; total: number }> {
    const query = this.campaigns.query().whereNull('archived_at');
    if (q.search) query.where('name', 'ilike', containsPattern(q.search));
    const { results, total } = await query
      .select('campaigns.*', raw(LIVE))
      .orderByRaw(libraryOrder(q.sort, 'campaigns'))
      .page(q.page - 1, q.pageSize);
    return { rows: results as unknown as CampaignWithLive[], total };
  }

  /** The campaign (archived ones too) with its live document. */
  async byId(id: string, trx?: Knex.Transaction): Promise<CampaignWithLive | undefined> {
    return (await this.campaigns.query(trx).findById(id).select('campaigns.*', raw(LIVE))) as unknown as CampaignWithLive | undefined;
  }

  /** Locks a campaign not archived until `trx` ends. */
  async lock(id: string, trx: Knex.Transaction): Promise<CampaignRow | undefined> {
    return this.campaigns.query(trx).findById(id).whereNull('archived_at').forUpdate().castTo<CampaignRow | undefined>();
  }

  async insert(draft: CampaignDocument, createdBy: string): Promise<string> {
    const { id } = await this.campaigns.query().insert({ name: draft.name, draft, created_by: createdBy, updated_by: createdBy }).returning('id');
    return id;
  }

  /** Replaces the draft when it is still at `expected` (any revision when undefined), moving the revision; false otherwise. */
  async saveDraft(id: string, expected: number | undefined, draft: CampaignDocument, by: string, trx?: Knex.Transaction): Promise<boolean> {
    const query = this.campaigns.query(trx).findById(id).whereNull('archived_at');
    if (expected !== undefined) query.where({ draft_revision: expected });
    return (await query.patch({ name: draft.name, draft, draft_revision: raw('draft_revision + 1'), updated_by: by, updated_at: new Date() } as never)) > 0;
  }

  async archive(id: string, by: string, trx: Knex.Transaction): Promise<void> {
    await this.campaigns.query(trx).findById(id).patch({ archived_at: new Date(), updated_by: by, updated_at: new Date() });
  }

  async releasesOf(campaignId: string): Promise<ReleaseRow[]> {
    return this.releases.query().where({ campaign_id: campaignId }).orderBy('release_number', 'desc');
  }

  async release(campaignId: string, releaseId: string, trx?: Knex.Transaction): Promise<ReleaseRow | undefined> {
    return this.releases.query(trx).findById(releaseId).where({ campaign_id: campaignId });
  }

  async liveRelease(campaignId: string, trx: Knex.Transaction): Promise<ReleaseRow | undefined> {
    return this.releases.query(trx).where({ campaign_id: campaignId, status: 'published' }).orderBy('release_number', 'desc').first();
  }

  /** Records a published release (the next number) and supersedes the one before it; answers it. */
  async publishRelease(
    values: Pick<ReleaseRow, 'campaign_id' | 'snapshot' | 'snapshot_sha256' | 'based_release_id' | 'submission_id' | 'published_by'>,
    trx: Knex.Transaction,
  ): Promise<ReleaseRow> {
    const [{ next }] = await trx('campaign_releases')
      .where({ campaign_id: values.campaign_id })
      .select(trx.raw('COALESCE(max(release_number), 0) + 1 AS next'));
    await this.releases.query(trx).where({ campaign_id: values.campaign_id, status: 'published' }).patch({ status: 'superseded' });
    return this.releases
      .query(trx)
      .insert({ ...values, release_number: next, status: 'published', published_at: new Date(), created_by: values.published_by })
      .returning('*')
      .castTo<ReleaseRow>();
  }

  /** Campaigns not archived whose draft or live release plays this content. */
  async using(ref: ContentRef, trx?: Knex.Transaction): Promise<Pick<CampaignRow, 'id' | 'name'>[]> {
    const block = JSON.stringify({ blocks: [{ contentType: ref.contentType, contentId: ref.contentId }] });
    return this.campaigns
      .query(trx)
      .whereNull('archived_at')
      .where((w) =>
        w
          .whereRaw('draft @> ?::jsonb', [block])
          .orWhereExists(
            this.releases
              .query(trx)
              .whereColumn('campaign_releases.campaign_id', 'campaigns.id')
              .where('status', 'published')
              .whereRaw('snapshot @> ?::jsonb', [block]),
          ),
      )
      .select('id', 'name')
      .orderBy('id');
  }
}
