import { memberGroupsIn } from './member-groups.js';
import type { GroupDirectory } from './screen-groups.api.js';
import type { ScreenGroupsBaseDeps } from './screen-groups-base-deps.js';

/** The groups' reads other modules may make, and nothing else of the repository (no writes, no rows). */
export function groupDirectory({ groupsRepository: groups }: Pick<ScreenGroupsBaseDeps, 'groupsRepository'>): GroupDirectory {
  return {
    existing: (groupIds) => groups.existing(groupIds),
    namesOf: (groupIds) => groups.namesOf(groupIds),
    membersOf: (groupIds) => groups.membersOf(groupIds),
    groupsOf: async (screenIds, memo) =>
      memo ? new Map([...(await memberGroupsIn(memo, groups, screenIds))].map(([screenId, group]) => [screenId, group.id])) : groups.groupsOf(screenIds),
  };
}
