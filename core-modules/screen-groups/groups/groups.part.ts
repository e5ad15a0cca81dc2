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
  });
};
