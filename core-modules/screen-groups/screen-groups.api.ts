// The screen groups module's public face.
import type { GroupsRepository } from './groups.repository.js';

export type { MembershipGuard, MembershipGuards } from './membership-guards.js';
export { groupNotFound } from './groups.service.js';

/** Groups as other modules read them (exported as `screenGroups`): schedules target them. */
export type GroupDirectory = Pick<GroupsRepository, 'existing' | 'namesOf' | 'membersOf' | 'groupsOf'>;
