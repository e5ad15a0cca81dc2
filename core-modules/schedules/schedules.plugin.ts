import { asClass, asFunction } from 'awilix';
import { invalidInput } from '../../kernel/errors.js';
import { definePlugin } from '../../kernel/plugin.js';
import { CampaignScheduleWriter } from './campaign-schedules.js';
import { scheduleContentSource } from './schedule-content-source.js';
import { campaignSchedulesRef } from './schedules.api.js';
import { SchedulePreview } from './schedule-preview.js';
import { schedulesSection } from './schedules.section.js';
import { schedulesUses } from './schedules-base-deps.js';
import type { SchedulesDeps } from './schedules-deps.js';
import { schedulesGraph } from './schedules-graph.js';
import { schedulesJobs } from './schedules.jobs.js';
import { SchedulesRepository } from './schedules.repository.js';
import { schedulesRoutes } from './schedules.routes.js';
import { DEFAULT_TIMEZONE_KEY, SchedulesService } from './schedules.service.js';

/** Schedules (spec 4.11): playlists on screens and groups at times, resolved by players offline. */
export const schedulesModule = definePlugin<SchedulesDeps>({
  name: 'schedules',
  dependsOn: ['settings', 'screens', 'screen-groups', 'playlists', 'player', 'dependency-graph'],
  uses: schedulesUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      schedulesRepository: asClass(SchedulesRepository).singleton(),
      schedulesService: asFunction((d: SchedulesDeps) => new SchedulesService(d)).singleton(),
      schedulePreview: asFunction((d: SchedulesDeps) => new SchedulePreview(d)).singleton(),
    });
    r.export(campaignSchedulesRef, asFunction((d: SchedulesDeps) => new CampaignScheduleWriter(d)).singleton());
    r.routes(schedulesRoutes);
    r.jobs(schedulesJobs);
    r.onStart((d) => {
      d.settingsService.define([
        {
          key: DEFAULT_TIMEZONE_KEY,
          category: 'scheduling',
          type: 'timezone',
          title: 'Default schedule time zone',
          description: 'The zone a new schedule takes when none is given.',
          default: 'UTC',
        },
      ]);
      d.manifestSections.register(schedulesSection);
      d.contentSources.register(scheduleContentSource(d));
      // A schedule gives its content to the screens it targets.
      d.contentKinds.registerScreensGiven((refs, trx) => d.schedulesService.screensGiven(refs, trx));
      // Scheduled content, of any kind, cannot be deleted while a schedule plays it.
      d.contentKinds.registerUse(async (ref, trx) =>
        (await d.schedulesRepository.using(ref.contentType, [ref.contentId], trx)).map((s) => ({ kind: 'schedule', id: s.id, name: s.name })),
      );
      d.dependencyGraph.register(schedulesGraph(d));
      // A group that display-control schedules target takes Linux players only.
      d.groupMembershipGuards.register(async (groupId, screenId, trx) => {
        if (!(await d.schedulesRepository.groupHasDisplayAction(groupId, trx))) return;
        if ((await d.screensService.platformsOf([screenId])).get(screenId) !== 'linux') {
          throw invalidInput('display_control_unsupported', 'Display-control schedules target this group, and only Linux players run them.', 'body/screenId');
        }
      });
    });
  },
});
