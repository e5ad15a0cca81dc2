import type { Knex } from 'knex';
import { canonicalHash } from '../../kernel/canonical-json.js';
import { AppError } from '../../kernel/errors.js';
import type { DraftSnapshot, PublishableKind, PublishedRevision } from '../editorial/editorial.api.js';
import { compareCampaigns } from './campaign-compare.js';
import { type CampaignDocument, normalised, scheduleOf, shapeProblems } from './campaign-document.js';
import { campaignInvalid, campaignNotFound } from './campaign-errors.js';
import { destinationReach, missingDestinations } from './campaign-reach.js';
import type { CampaignsBaseDeps } from './campaigns-deps.js';

type Deps = Pick<CampaignsBaseDeps, 'campaignsRepository' | 'campaignSchedules' | 'contentKinds' | 'screenGroups' | 'screenDirectory' | 'screenTargets'>;

// A rejection by another module (the content's kind, the schedules' rules) read as the campaign's own 422.
async function asInvalid<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && (error.kind === 'validation' || error.kind === 'not_found')) throw campaignInvalid([error.message]);
    throw error;
  }
}

/**
 * Campaigns as the editorial module publishes them: the draft is what a submission freezes;
 * publishing one records a numbered release (the frozen document and its SHA-256) and replaces
 * the previous release's schedules with ordinary schedules, one per block, in the same
 * transaction, so the screens reached before and after are rebuilt from the commit.
 */
export class CampaignPublisher {
  constructor(private readonly d: Deps) {}

  kind(): PublishableKind {
    return {
      type: 'campaign',
      plugin: 'campaigns',
      publishers: 'administrators',
      snapshot: (id, trx) => this.snapshot(id, trx),
      publish: (id, document, publishedBy, trx) => this.publish(id, document as unknown as CampaignDocument, publishedBy, trx),
      restoreDraft: (id, document, actor, trx) => this.restoreDraft(id, document as unknown as CampaignDocument, actor.userId, trx),
      compare: (from, to) => compareCampaigns(from as unknown as CampaignDocument, to as unknown as CampaignDocument),
      reach: (id) => this.reach(id),
    };
  }

  private async snapshot(id: string, trx: Knex.Transaction): Promise<DraftSnapshot> {
    const row = await this.d.campaignsRepository.lock(id, trx);
    if (!row) throw campaignNotFound();
    const live = await this.d.campaignsRepository.liveRelease(id, trx);
    return {
      workingRevision: row.draft_revision,
      publishedRevision: live?.release_number ?? null,
      document: normalised(row.draft) as unknown as Record<string, unknown>,
      name: row.name,
    };
  }

  /** Checks the frozen document against what exists now (422 `campaign_invalid`, nothing written), then makes it the live release. */
  private async publish(id: string, document: CampaignDocument, publishedBy: string | null, trx: Knex.Transaction): Promise<PublishedRevision> {
    if (!(await this.d.campaignsRepository.lock(id, trx))) throw campaignNotFound();
    const doc = normalised(document);
    const problems = shapeProblems(doc);
    if (!doc.blocks.length) problems.push('The campaign needs at least one content block.');
    if (!doc.destinations.length) problems.push('The campaign needs at least one destination.');
    const missing = await missingDestinations(this.d, doc.destinations);
    if (missing.length) problems.push(`No such ${missing.slice(0, 10).join(', ')}.`);
    if (problems.length) throw campaignInvalid(problems);
    const based = await this.d.campaignsRepository.liveRelease(id, trx);
    const release = await this.d.campaignsRepository.publishRelease(
      {
        campaign_id: id,
        snapshot: doc,
        snapshot_sha256: canonicalHash(doc),
        based_release_id: based?.id ?? null,
        submission_id: null,
        published_by: publishedBy,
      },
      trx,
    );
    // Checks every block as a schedule and holds its content until the commit.
    const screens = await asInvalid(() =>
      this.d.campaignSchedules.replace(
        id,
        release.id,
        doc.blocks.map((b) => scheduleOf(doc, b)),
        publishedBy,
        trx,
      ),
    );
    return { revision: release.release_number, nativeRevisionId: release.id, affectedScreens: screens.length };
  }

  /** The document becomes the draft's next revision; screens keep what they play. */
  async restoreDraft(id: string, document: CampaignDocument, by: string, trx: Knex.Transaction): Promise<number> {
    const row = await this.d.campaignsRepository.lock(id, trx);
    if (!row) throw campaignNotFound();
    const doc = normalised(document);
    const problems = shapeProblems(doc);
    if (problems.length) throw campaignInvalid(problems);
    await this.d.campaignsRepository.saveDraft(id, undefined, doc, by, trx);
    return row.draft_revision + 1;
  }

  private async reach(id: string): Promise<{ screens: number; locations: number }> {
    const row = await this.d.campaignsRepository.byId(id);
    if (!row) throw campaignNotFound();
    const { screens, locations } = await destinationReach(this.d, row.draft.destinations);
    return { screens: screens.length, locations };
  }
}
