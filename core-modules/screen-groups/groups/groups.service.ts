import type { LibrarySort } from '../../../kernel/http/wire.js';
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { conflict, notFound } from '../../../kernel/errors.js';
import type { ContentRef } from '../../player/player.api.js';
import { refKey, wireField } from '../../player/player.api.js';
import { groupNotFound } from '../group-errors.js';
import { groupContent } from '../groups.repository.js';
import type { ScreenGroupsBaseDeps } from '../screen-groups-base-deps.js';
import type { GroupRow } from '../screen-groups.models.js';
import { type GroupView, groupView } from './group-view.js';

type Deps = Pick<
  ScreenGroupsBaseDeps,
  | 'db'
  | 'groupsRepository'
  | 'groupMembershipGuards'
  | 'screensService'
  | 'screenPlaces'
  | 'screenTargets'
  | 'playlistLibrary'
  | 'contentSources'
  | 'contentKinds'
  | 'auditLog'
>;

// As for groupNotFound, the reference answers with its scheduling codes; the console relies on them.
const alreadyGrouped = () => conflict('schedule_conflict', 'That screen already belongs to another screen group; remove it there first.');
const notMember = () => notFound('schedule_not_found', 'That screen is not in this screen group.');
const gatewayNotMember = () => conflict('schedule_conflict', 'The presentation gateway must be a member of the screen group.');

/**
 * Screen groups: a screen is in at most one; a member with no content of its own plays the group's
 * (a playlist or another kind; the group's content source ranks below the screen's own assignment),
 * and a screen that leaves a group, or whose group is deleted, keeps the group's content as its own.
 */
export class GroupsService {
  constructor(private readonly d: Deps) {}

  async list(page: number, pageSize: number, search?: string, sort: LibrarySort = 'name') {
    const { rows, total } = await this.d.groupsRepository.page(page, pageSize, search?.trim() || undefined, sort);
    return { items: await this.views(rows), total, page, pageSize };
  }

  async get(id: string): Promise<GroupView> {
    const row = await this.d.groupsRepository.byId(id);
    if (!row) throw groupNotFound();
    return (await this.views([row]))[0]!;
  }

  async create(actor: ConsolePrincipal, values: { name: string; description: string }, ip: string): Promise<GroupView> {
    const id = await this.d.groupsRepository.insert(values);
    await this.audit('created', actor, ip, id, { name: values.name });
    return this.get(id);
  }

  /** `gateway`: a member screen to prefer as the presentation gateway, or null to prefer none (undefined: unchanged). */
  async update(actor: ConsolePrincipal, id: string, values: { name?: string; description?: string; gateway?: string | null }, ip: string): Promise<GroupView> {
    const { gateway, ...named } = values;
    await this.d.db.transaction(async (trx) => {
      await this.locked(id, trx);
      if (gateway && (await this.d.groupsRepository.groupsOf([gateway], trx)).get(gateway) !== id) throw gatewayNotMember();
      await this.d.groupsRepository.update(id, { ...named, ...(gateway === undefined ? {} : { presentation_gateway_screen_id: gateway }) }, trx);
    });
    await this.audit('updated', actor, ip, id, values);
    return this.get(id);
  }

  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    const members = await this.d.db.transaction(async (trx) => {
      const group = await this.locked(id, trx);
      const memberIds = (await this.d.groupsRepository.membersOf([id], trx)).get(id)!;
      const content = groupContent(group);
      if (content) await this.d.playlistLibrary.keepAsAssignment(memberIds, content, trx);
      await this.d.groupsRepository.delete(id, trx);
      await this.d.contentSources.changed(memberIds, trx);
      await this.moved(memberIds, trx);
      return memberIds;
    });
    await this.audit('deleted', actor, ip, id, { members: members.length });
  }

  async addMember(actor: ConsolePrincipal, id: string, screenId: string, ip: string): Promise<GroupView> {
    await this.d.screensService.get(screenId); // 404 screen_not_found
    const added = await this.d.db.transaction(async (trx) => {
      await this.locked(id, trx);
      await this.d.groupMembershipGuards.check(id, screenId, trx);
      if (await this.d.groupsRepository.addMember(id, screenId, trx)) {
        await this.d.contentSources.changed([screenId], trx);
        await this.moved([screenId], trx);
        return true;
      }
      if ((await this.d.groupsRepository.groupsOf([screenId], trx)).get(screenId) !== id) throw alreadyGrouped();
      return false;
    });
    if (added) await this.audit('member_added', actor, ip, id, { screenId });
    return this.get(id);
  }

  async removeMember(actor: ConsolePrincipal, id: string, screenId: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const group = await this.locked(id, trx);
      if (!(await this.d.groupsRepository.removeMember(id, screenId, trx))) throw notMember();
      if (group.presentation_gateway_screen_id === screenId) await this.d.groupsRepository.update(id, { presentation_gateway_screen_id: null }, trx);
      const content = groupContent(group);
      if (content) await this.d.playlistLibrary.keepAsAssignment([screenId], content, trx);
      await this.d.contentSources.changed([screenId], trx);
      await this.moved([screenId], trx);
    });
    await this.audit('member_removed', actor, ip, id, { screenId });
  }

  async assign(actor: ConsolePrincipal, id: string, ref: ContentRef, ip: string): Promise<GroupView> {
    await this.d.db.transaction(async (trx) => {
      await this.locked(id, trx);
      // Checked and held until commit: the content's delete waits, then sees this group using it.
      await this.d.contentKinds.check([ref], trx);
      await this.d.groupsRepository.setContent(id, ref, trx);
      await this.contentChanged([id], trx);
    });
    await this.audit('playlist_assigned', actor, ip, id, { ...wireField(ref) });
    return this.get(id);
  }

  async unassign(actor: ConsolePrincipal, id: string, ip: string): Promise<GroupView> {
    const group = await this.d.db.transaction(async (trx) => {
      const locked = await this.locked(id, trx);
      if (groupContent(locked)) {
        await this.d.groupsRepository.setContent(id, null, trx);
        await this.contentChanged([id], trx);
      }
      return locked;
    });
    if (groupContent(group)) await this.audit('playlist_unassigned', actor, ip, id, {});
    return this.get(id);
  }

  /**
   * A change to what these groups play: their members' manifests are rebuilt. Inside the change's
   * transaction, with it (the rebuild is then carried by the commit); else after the commit.
   */
  async contentChanged(groupIds: string[], trx?: Knex.Transaction): Promise<void> {
    const members = await this.d.groupsRepository.membersOf(groupIds, trx);
    await this.d.contentSources.changed([...members.values()].flat(), trx);
  }

  private async locked(id: string, trx: Knex.Transaction): Promise<GroupRow> {
    const group = await this.d.groupsRepository.lock(id, trx);
    if (!group) throw groupNotFound();
    return group;
  }

  // A screen that joins or leaves a group (in the change's transaction): the targets reaching it may differ.
  private async moved(screenIds: string[], trx: Knex.Transaction): Promise<void> {
    await this.d.screenTargets.moved.emit(screenIds, trx);
  }

  private async views(rows: GroupRow[]): Promise<GroupView[]> {
    const members = await this.d.groupsRepository.membersOf(rows.map((r) => r.id));
    const screenIds = [...members.values()].flat();
    const [names, places, contentNames] = await Promise.all([
      this.d.screensService.namesOf(screenIds),
      this.d.screenPlaces.labels(screenIds),
      this.d.contentKinds.names(rows.flatMap((r) => groupContent(r) ?? [])),
    ]);
    return rows.map((row) => {
      const content = groupContent(row);
      return groupView(
        row,
        members.get(row.id)!.map((id) => ({ id, name: names.get(id) ?? '', location: places.get(id) ?? '' })),
        content ? contentNames.get(refKey(content)) : undefined,
      );
    });
  }

  private audit(what: string, actor: ConsolePrincipal, ip: string, id: string, metadata: Record<string, unknown>) {
    return this.d.auditLog.record({ action: `screen_group.${what}`, actor, ip, resourceType: 'screen_group', resourceId: id, metadata });
  }
}
