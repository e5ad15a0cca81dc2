// The screen groups module's public face.
import { exportRef } from '../../kernel/export-ref.js';
import type { BuildMemo } from '../player/player.api.js';
import type { MembershipGuard } from './membership-guards.js';

export type { MembershipGuard } from './membership-guards.js';
export { groupNotFound } from './group-errors.js';

/** Groups as other modules read them: schedules and policies target them and find a screen's group. */
export interface GroupDirectory {
  /** Which of these groups exist. */
  existing(groupIds: string[]): Promise<string[]>;
  /** Each existing group's name. */
  namesOf(groupIds: string[]): Promise<Map<string, string>>;
  /** Each group's member screens, in the order they joined (every id asked for has an entry). */
  membersOf(groupIds: string[]): Promise<Map<string, string[]>>;
  /**
   * The group of each of these screens that is in one. Given a manifest build pass's memo, it is
   * read once in that pass with what the group's content source reads for the same screens.
   */
  groupsOf(screenIds: string[], memo?: BuildMemo): Promise<Map<string, string>>;
}

/** Where modules that give groups something a member must be able to take say who may join one. */
export interface MembershipGuardRegistry {
  register(guard: MembershipGuard): void;
}

export const screenGroupsRef = exportRef<GroupDirectory>('screen-groups', 'screenGroups');
export const groupMembershipGuardsRef = exportRef<MembershipGuardRegistry>('screen-groups', 'groupMembershipGuards');
