import type { BuildMemo } from '../player/player.api.js';
import type { GroupsRepository } from './groups.repository.js';

/**
 * The group of each of these screens with what it gives its members, read once per build pass:
 * the group source and the schedules (through `groupsOf`) both need it for the same screens.
 */
export const memberGroupsIn = (memo: BuildMemo, groups: GroupsRepository, screenIds: string[]) =>
  memo.once(`screen-groups.members:${screenIds.join(',')}`, () => groups.memberGroups(screenIds));
