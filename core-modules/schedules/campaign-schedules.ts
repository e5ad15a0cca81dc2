import type { Knex } from 'knex';
import { AppError, invalidInput } from '../../kernel/errors.js';
import { MAX_SCHEDULES } from './schedule-rules.js';
import type { CampaignSchedule, CampaignScheduleIssue, CampaignSchedules } from './schedules.api.js';
import { type ScheduleValues, scheduleContent, type Target } from './schedules.repository.js';
import type { SchedulesServiceDeps } from './schedules-service-deps.js';

type Deps = Pick<SchedulesServiceDeps, 'schedulesRepository' | 'schedulesService' | 'contentKinds'>;

/** The first message of a rejected schedule, for a preflight's list. */
const messageOf = (error: unknown): string => {
  if (!(error instanceof AppError)) throw error;
  const fields = (error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields;
  return fields?.length ? fields.map((f) => `${f.field.replace(/^body\//, '')}: ${f.message}`).join(' ') : error.message;
};

/** Writes and withdraws campaign releases' schedules with the same rules as people's schedules. */
export class CampaignScheduleWriter implements CampaignSchedules {
  constructor(private readonly d: Deps) {}

  async issues(schedules: CampaignSchedule[]): Promise<CampaignScheduleIssue[]> {
    const issues: CampaignScheduleIssue[] = [];
    const memo = new Map<string, Promise<Target[]>>();
    for (const s of schedules) {
      try {
        await this.d.schedulesService.checked(s.input, memo);
      } catch (error) {
        issues.push({ blockId: s.blockId, message: messageOf(error) });
      }
    }
    return issues;
  }

  async replace(campaignId: string, releaseId: string, schedules: CampaignSchedule[], createdBy: string | null, trx: Knex.Transaction): Promise<string[]> {
    const checked: { blockId: string; values: ScheduleValues; targets: Target[] }[] = [];
    const memo = new Map<string, Promise<Target[]>>();
    for (const s of schedules) {
      try {
        checked.push({ blockId: s.blockId, ...(await this.d.schedulesService.checked(s.input, memo)) });
      } catch (error) {
        // Named by its block, with each field's problem: the caller's person edits blocks, not schedules.
        throw new AppError('validation', (error as AppError).code, `Block ${s.blockId}: ${messageOf(error)}`, (error as AppError).details);
      }
    }
    const before = await this.targetsOfCampaign(campaignId, trx);
    await this.d.schedulesRepository.deleteOfCampaign(campaignId, trx);
    if ((await this.d.schedulesRepository.lockAndCount(trx)) + checked.length > MAX_SCHEDULES) {
      throw invalidInput('schedule_limit_exceeded', `Publishing this campaign would pass the ${MAX_SCHEDULES}-schedule limit.`, 'body/blocks');
    }
    // Held (shared) until the commit, all at once: the content cannot be deleted from under the schedules.
    await this.d.contentKinds.check(
      checked.flatMap((c) => scheduleContent(c.values) ?? []),
      trx,
    );
    await this.d.schedulesRepository.insertMany(
      checked.map(({ blockId, values, targets }) => ({
        values: { ...values, created_by: createdBy, campaign_id: campaignId, campaign_release_id: releaseId, campaign_block_id: blockId },
        targets,
      })),
      trx,
    );
    return this.d.schedulesService.reached([...before, ...checked.flatMap((c) => c.targets)], trx);
  }

  async withdraw(campaignId: string, trx: Knex.Transaction): Promise<string[]> {
    const before = await this.targetsOfCampaign(campaignId, trx);
    await this.d.schedulesRepository.deleteOfCampaign(campaignId, trx);
    return this.d.schedulesService.reached(before, trx);
  }

  private async targetsOfCampaign(campaignId: string, trx: Knex.Transaction): Promise<Target[]> {
    const ids = await this.d.schedulesRepository.ofCampaign(campaignId, trx);
    return [...(await this.d.schedulesRepository.targetsOf(ids, trx)).values()].flat();
  }
}
