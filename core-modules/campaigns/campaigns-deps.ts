import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { userDirectoryRef } from '../auth/auth.api.js';
import { editorialRef, publishableKindsRef } from '../editorial/editorial.api.js';
import { contentKindsRef } from '../player/player.api.js';
import { campaignSchedulesRef } from '../schedules/schedules.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { screenDirectoryRef, screenTargetsRef } from '../screens/screens.api.js';
import type { CampaignPreflight } from './campaign-preflight.js';
import type { CampaignPublisher } from './campaign-publisher.js';
import type { CampaignsRepository } from './campaigns.repository.js';
import type { CampaignsService } from './campaigns.service.js';

export const campaignsUses = {
  publishableKinds: publishableKindsRef,
  editorial: editorialRef,
  campaignSchedules: campaignSchedulesRef,
  contentKinds: contentKindsRef,
  screenGroups: screenGroupsRef,
  screenDirectory: screenDirectoryRef,
  screenTargets: screenTargetsRef,
  userDirectory: userDirectoryRef,
};

/** What the campaigns module's parts build on: its tables and what it uses of other modules. */
export interface CampaignsBaseDeps extends KernelDeps, UsedDeps<typeof campaignsUses> {
  campaignsRepository: CampaignsRepository;
}

/** The whole campaigns module's container. */
export interface CampaignsDeps extends CampaignsBaseDeps {
  campaignPublisher: CampaignPublisher;
  campaignPreflight: CampaignPreflight;
  campaignsService: CampaignsService;
}
