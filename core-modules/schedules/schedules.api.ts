// The schedules module's public face: what a campaign needs to turn its releases into ordinary schedules.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { ScheduleInput } from './schedule-rules.js';

export type { ScheduleInput } from './schedule-rules.js';

/** One schedule a campaign release writes: a block's timing and content on the campaign's destinations. */
export interface CampaignSchedule {
  blockId: string;
  input: ScheduleInput;
}

/** A problem of one block's schedule, in words a person reads. */
export interface CampaignScheduleIssue {
  blockId: string;
  message: string;
}

/**
 * Campaign releases as ordinary schedules, tagged with the campaign, the release and the block.
 * People cannot change or delete them through `/schedules` (409 `schedule_managed_by_campaign`);
 * players see them as any schedule.
 */
export interface CampaignSchedules {
  /** What is wrong with the schedules as any schedule is checked (timing, zone, targets that exist, limits, content kind); no writes. */
  issues(schedules: CampaignSchedule[]): Promise<CampaignScheduleIssue[]>;
  /**
   * Replaces the campaign's schedules with these in `trx` (checked first: 422 as a schedule's
   * create, nothing written), holds their content, and has the screens reached before and after
   * rebuilt from the commit. Answers those screens.
   */
  replace(campaignId: string, releaseId: string, schedules: CampaignSchedule[], createdBy: string | null, trx: Knex.Transaction): Promise<string[]>;
  /** Deletes the campaign's schedules in `trx`; answers the screens they reached (rebuilt from the commit). */
  withdraw(campaignId: string, trx: Knex.Transaction): Promise<string[]>;
}

export const campaignSchedulesRef = exportRef<CampaignSchedules>('schedules', 'campaignSchedules');
