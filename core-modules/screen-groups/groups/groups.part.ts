import { asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { GroupsDeps } from './groups-deps.js';
import { groupsRoutes } from './groups.routes.js';
import { GroupsService } from './groups.service.js';

/** The groups themselves: create, rename, delete, members joining and leaving, and what the members play. */
export const groupsPart: ModulePart<GroupsDeps> = (r) => {
  r.provide({ groupsService: asFunction((d: GroupsDeps) => new GroupsService(d)).singleton() });
  r.routes(groupsRoutes);
  r.onStart((d) => {
    // A group gives its content to its members.
    d.contentKinds.registerScreensGiven(async (refs, trx) => {
      const groupIds: string[] = [];
      for (const ref of refs) groupIds.push(...(await d.groupsRepository.using(ref.contentType, [ref.contentId], trx)).map((g) => g.id));
      return [...(await d.groupsRepository.membersOf(groupIds, trx)).values()].flat();
    });
    // A group's content, of any kind, cannot be deleted while the group plays it.
    d.contentKinds.registerUse(async (ref, trx) =>
      (await d.groupsRepository.using(ref.contentType, [ref.contentId], trx)).map((g) => ({ kind: 'screen_group', id: g.id, name: g.name })),
    );
  });
};
