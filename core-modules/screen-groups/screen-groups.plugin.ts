import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { DisplayControlService } from './display-control.service.js';
import { displayControlRoutes } from './display-control.routes.js';
import { groupSections } from './group-sections.js';
import { groupContentSource } from './group-content-source.js';
import { MembershipGuards } from './membership-guards.js';
import { panelFileJobs } from './panel-files.jobs.js';
import { PanelFilesRepository } from './panel-files.repository.js';
import { panelFileRoutes } from './panel-files.routes.js';
import { PanelFilesService } from './panel-files.service.js';
import { GroupsRepository } from './groups.repository.js';
import { groupsRoutes } from './groups.routes.js';
import { GroupsService } from './groups.service.js';
import { groupDirectory } from './group-directory.js';
import { groupMembershipGuardsRef, screenGroupsRef } from './screen-groups.api.js';
import { screenGroupsUses, type ScreenGroupsDeps } from './screen-groups-deps.js';
import { screenGroupsGraph } from './screen-groups-graph.js';
import { SpanRepository } from './span.repository.js';
import { spanRoutes } from './span.routes.js';
import { SpanService } from './span.service.js';

/** Screen groups (spec 4.9): membership, the group's playlist for its members, groups as targets, video walls. */
export const screenGroupsModule = definePlugin<ScreenGroupsDeps>({
  name: 'screen-groups',
  dependsOn: ['screens', 'media', 'playlists', 'player', 'dependency-graph'],
  uses: screenGroupsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      groupsRepository: asClass(GroupsRepository).singleton(),
      groupsService: asFunction((d: ScreenGroupsDeps) => new GroupsService(d)).singleton(),
      displayControlService: asFunction((d: ScreenGroupsDeps) => new DisplayControlService(d)).singleton(),
      spanRepository: asClass(SpanRepository).singleton(),
      spanService: asFunction((d: ScreenGroupsDeps) => new SpanService(d)).singleton(),
      panelFilesRepository: asClass(PanelFilesRepository).singleton(),
      panelFilesService: asFunction((d: ScreenGroupsDeps) => new PanelFilesService(d)).singleton(),
    });
    // Schedules target groups, normalise a grouped screen to its group, and say who may join one.
    r.export(screenGroupsRef, asFunction(groupDirectory).singleton());
    r.export(groupMembershipGuardsRef, asClass(MembershipGuards).singleton());
    r.routes([...groupsRoutes, ...spanRoutes, ...panelFileRoutes, ...displayControlRoutes]);
    r.jobs(panelFileJobs);
    r.onStart((d) => {
      for (const section of groupSections) d.manifestSections.register(section);
      d.contentSources.register(groupContentSource(d));
      // A group's playlist changed (edited, or its media did): its members' manifests follow.
      d.playlistLibrary.onChange(async (playlistIds, trx) => {
        const groups = await d.groupsRepository.using('playlist', playlistIds, trx);
        await d.groupsService.contentChanged(
          groups.map((g) => g.id),
          trx,
        );
      });
      // A group's content, of any kind, cannot be deleted while the group plays it.
      d.contentKinds.registerUse(async (ref, trx) =>
        (await d.groupsRepository.using(ref.contentType, [ref.contentId], trx)).map((g) => ({ kind: 'screen_group', id: g.id, name: g.name })),
      );
      // Plugin instances (and later alert rules) targeting `sync_groups` reach the members.
      d.screenTargets.registerSyncGroups({
        existing: (ids) => d.groupsRepository.existing(ids),
        screensOf: async (ids) => [...(await d.groupsRepository.membersOf(ids)).values()].flat(),
        groupsOf: (screenIds) => d.groupsRepository.groupsOf(screenIds),
      });
      d.dependencyGraph.register(screenGroupsGraph(d));
    });
  },
});
