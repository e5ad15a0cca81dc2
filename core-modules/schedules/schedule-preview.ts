import { decide } from '../player/player.api.js';
import { screenNotFound } from '../screens/screens.api.js';
import { manifestSchedule, SCHEDULE_RANK, SCHEDULE_SOURCE } from './schedule-content-source.js';
import type { ScheduleInput } from './schedule-rules.js';
import type { ScheduleView } from './schedule-view.js';
import { scheduleClaims } from './schedules.section.js';
import type { ScheduleRow } from './schedules.repository.js';
import type { SchedulesServiceDeps } from './schedules-service-deps.js';

/** A schedule proposed to a preview: it needs no name. */
type ProposedSchedule = Omit<ScheduleInput, 'name'> & { name?: string };

/** The id a proposed schedule goes by in a preview: it has none yet. */
export const PROPOSED_ID = '00000000-0000-0000-0000-000000000000';

type Deps = Pick<SchedulesServiceDeps, 'contentSources' | 'screensService' | 'schedulesRepository' | 'schedulesService'>;

/**
 * What a screen plays at an instant, and why, decided by the same rule and from the same content as
 * its manifest; a proposed schedule can be added to see what it would change.
 */
export class SchedulePreview {
  constructor(private readonly d: Deps) {}

  async preview(screenId: string, timestamp: string | undefined, proposed: ProposedSchedule | undefined) {
    const at = timestamp ? Date.parse(timestamp) : Date.now();
    // Existence only (the screen's full view is not needed), checked while the claims are read.
    const [names, claims] = await Promise.all([this.d.screensService.namesOf([screenId]), this.d.contentSources.claims(screenId, at)]);
    if (!names.has(screenId)) throw screenNotFound();
    const proposedView = proposed ? await this.propose(screenId, proposed, at, claims) : undefined;
    const decision = decide(claims, at);
    const scheduled = decision.applicable.filter((h) => h.claim.source === SCHEDULE_SOURCE);
    const views = new Map(
      (await this.d.schedulesService.views(await this.d.schedulesRepository.byIds(scheduled.map((h) => h.claim.id)))).map((v) => [v.id, v]),
    );
    if (proposedView) views.set(PROPOSED_ID, proposedView);
    // How closely each names this screen (its own target, or its group's), as the reference's preview says.
    for (const [id, view] of views) views.set(id, { ...view, specificity: view.targets.some((t) => t.type === 'screen' && t.id === screenId) ? 1 : 0 });
    const applicable = scheduled.flatMap((h) => (views.has(h.claim.id) ? [views.get(h.claim.id)!] : []));
    const winner = decision.winner;
    // The fallback: what holds always below the schedules (a quick presentation until stopped holds always too, above them).
    const fallback = decision.applicable.find((h) => !h.claim.windows && h.claim.rank < SCHEDULE_RANK);
    return {
      screenId,
      at: new Date(at).toISOString(),
      ...(winner?.claim.source === SCHEDULE_SOURCE && views.has(winner.claim.id) ? { winningSchedule: views.get(winner.claim.id)! } : {}),
      ...(winner?.claim.content.playlistId ? { winningPlaylistId: winner.claim.content.playlistId } : {}),
      ...(fallback?.claim.content.playlistId ? { directFallbackPlaylistId: fallback.claim.content.playlistId } : {}),
      applicableSchedules: applicable,
      ...(decision.nextTransition === undefined ? {} : { nextTransition: new Date(decision.nextTransition).toISOString() }),
      holding: decision.applicable.map(({ claim }) => ({ source: claim.source, id: claim.id, ...claim.content })),
      conflicts: applicable.length > 1 ? [`${applicable.length} active schedules overlap; precedence selects “${applicable[0]!.name}”.`] : [],
    };
  }

  // Checked as a create would be; it joins the claims only when it would reach the screen.
  private async propose(screenId: string, input: ProposedSchedule, at: number, claims: Parameters<typeof decide>[0]): Promise<ScheduleView | undefined> {
    const { values, targets } = await this.d.schedulesService.checked({ ...input, name: input.name ?? '' });
    const specificity = await this.d.schedulesService.specificityFor(screenId, targets);
    const now = new Date(at);
    const row: ScheduleRow = {
      ...values,
      id: PROPOSED_ID,
      revision: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
      campaign_id: null,
      campaign_release_id: null,
      campaign_block_id: null,
    };
    // Claimed as the manifest's schedules are (a display-control one claims nothing to play).
    if (specificity !== undefined && values.enabled) {
      claims.push(...scheduleClaims([manifestSchedule(row, specificity)], { name: SCHEDULE_SOURCE, rank: SCHEDULE_RANK }, at));
    }
    return (await this.d.schedulesService.views([row], new Map([[PROPOSED_ID, targets]])))[0];
  }
}
