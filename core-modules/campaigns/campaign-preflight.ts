import { AppError } from '../../kernel/errors.js';
import { normalised, scheduleOf, shapeProblems } from './campaign-document.js';
import { campaignNotFound } from './campaign-errors.js';
import { destinationReach, missingDestinations } from './campaign-reach.js';
import type { Preflight, PreflightIssue } from './campaign-schemas.js';
import type { CampaignsBaseDeps } from './campaigns-deps.js';

type Deps = Pick<CampaignsBaseDeps, 'campaignsRepository' | 'campaignSchedules' | 'contentKinds' | 'screenGroups' | 'screenDirectory' | 'screenTargets'>;

/** The most target screens an overlap preview would look at (the reference's limit). */
export const PREVIEW_SCREEN_LIMIT = 10;

/**
 * What publishing the draft now would meet, without publishing: its shape, content that is gone or
 * not ready, destinations that are gone, blocks whose schedules the scheduler would refuse, and the
 * screens and locations it would reach. Errors make it invalid; publishing checks them again.
 */
export class CampaignPreflight {
  constructor(private readonly d: Deps) {}

  async run(id: string): Promise<Preflight> {
    const row = await this.d.campaignsRepository.byId(id);
    if (!row || row.archived_at) throw campaignNotFound();
    const doc = normalised(row.draft);
    const issues: PreflightIssue[] = [];
    const error = (code: string, message: string, blockId?: string) => issues.push({ severity: 'error', code, message, ...(blockId ? { blockId } : {}) });
    for (const problem of shapeProblems(doc)) error('invalid', problem);
    if (!doc.blocks.length) error('invalid', 'The campaign needs at least one content block.');
    if (!doc.destinations.length) error('invalid', 'The campaign needs at least one destination.');
    for (const block of doc.blocks) {
      try {
        await this.d.contentKinds.check([{ contentType: block.contentType, contentId: block.contentId }]);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        error('content_reference', `Block “${block.name}”: ${e.message}`, block.id);
      }
    }
    const missing = await missingDestinations(this.d, doc.destinations);
    if (missing.length) error('destination', `No such ${missing.slice(0, 10).join(', ')}.`);
    else if (doc.destinations.length) {
      for (const issue of await this.d.campaignSchedules.issues(doc.blocks.map((b) => scheduleOf(doc, b)))) error('invalid', issue.message, issue.blockId);
    }
    const { screens, locations } = await destinationReach(this.d, doc.destinations);
    return {
      valid: !issues.some((i) => i.severity === 'error'),
      issues,
      blockCount: doc.blocks.length,
      destinationCount: doc.destinations.length,
      screenCount: screens.length,
      locationCount: locations,
      // Overlap previews against the screens' other schedules are not run yet.
      previewedScreenCount: 0,
      previewScreenLimit: PREVIEW_SCREEN_LIMIT,
    };
  }
}
