import { asClass, asFunction } from 'awilix';
import { definePlugin, type ModulePart } from '../../kernel/plugin.js';
import { displayControlPart } from './display-control/display-control.part.js';
import { groupContentSource } from './group-content-source.js';
import { groupDirectory } from './group-directory.js';
import { groupSections } from './group-sections.js';
import { groupsPart } from './groups/groups.part.js';
import { GroupsRepository } from './groups.repository.js';
import { MembershipGuards } from './membership-guards.js';
import { screenGroupsUses } from './screen-groups-base-deps.js';
import type { ScreenGroupsDeps } from './screen-groups-deps.js';
import { groupMembershipGuardsRef, screenGroupsRef } from './screen-groups.api.js';
import { screenGroupsGraph } from './screen-groups-graph.js';
import { spanPart } from './span/span.part.js';

// In this order, so the routes (and the OpenAPI document) keep theirs.
const parts = [groupsPart, spanPart, displayControlPart] as ModulePart<ScreenGroupsDeps>[];

/**
 * Screen groups (spec 4.9): membership, the group's playlist for its members, groups as targets,
 * video walls and display control, each a part in its own folder.
 */
export const screenGroupsModule = definePlugin<ScreenGroupsDeps>({
  name: 'screen-groups',
  dependsOn: ['screens', 'media', 'playlists', 'player', 'dependency-graph'],
  uses: screenGroupsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({ groupsRepository: asClass(GroupsRepository).singleton() });
    // Schedules target groups, normalise a grouped screen to its group, and say who may join one.
    r.export(screenGroupsRef, asFunction(groupDirectory).singleton());
    r.export(groupMembershipGuardsRef, asClass(MembershipGuards).singleton());
    for (const part of parts) part(r);
    r.onStart((d) => {
      for (const section of groupSections) d.manifestSections.register(section);
      d.contentSources.register(groupContentSource(d));
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
