import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { CampaignPreflight } from './campaign-preflight.js';
import { CampaignPublisher } from './campaign-publisher.js';
import { type CampaignsDeps, campaignsUses } from './campaigns-deps.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { campaignsRoutes } from './campaigns.routes.js';
import { CampaignsService } from './campaigns.service.js';

/**
 * Campaigns (spec 4.15): coordinated deployments of several pieces of content to screens and
 * groups, edited as a draft and published as immutable releases that become ordinary schedules.
 * Players never see a campaign, only the schedules it wrote.
 */
export const campaignsModule = definePlugin<CampaignsDeps>({
  name: 'campaigns',
  dependsOn: ['auth', 'editorial', 'schedules', 'player', 'screens', 'screen-groups'],
  uses: campaignsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      campaignsRepository: asClass(CampaignsRepository).singleton(),
      campaignPublisher: asFunction((d: CampaignsDeps) => new CampaignPublisher(d)).singleton(),
      campaignPreflight: asFunction((d: CampaignsDeps) => new CampaignPreflight(d)).singleton(),
      campaignsService: asFunction((d: CampaignsDeps) => new CampaignsService(d)).singleton(),
    });
    r.routes(campaignsRoutes);
    r.onStart((d) => {
      // Published through the editorial workflow, by owners and administrators, or reviewed first.
      d.publishableKinds.register(d.campaignPublisher.kind());
      // Content a draft or the live release names cannot be deleted from under the campaign.
      d.contentKinds.registerUse(async (ref, trx) => (await d.campaignsRepository.using(ref, trx)).map((c) => ({ kind: 'campaign', id: c.id, name: c.name })));
    });
  },
});
