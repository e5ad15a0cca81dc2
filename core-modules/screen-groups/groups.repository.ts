import { libraryOrder } from '../../kernel/db/library-order.js';
import type { LibrarySort } from '../../kernel/http/wire.js';
import type { Knex } from 'knex';
import { containsPattern } from '../../kernel/db/like.js';
import { fn } from 'objection';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { ContentRef } from '../player/player.api.js';
import { GroupModel, type GroupRow, MemberModel, type MemberRow } from './screen-groups.models.js';

export type GroupValues = Partial<Pick<GroupRow, 'name' | 'description' | 'presentation_gateway_screen_id'>>;

/** The content a group gives its members, if any. */
export const groupContent = (row: Pick<GroupRow, 'content_type' | 'content_id'>): ContentRef | null =>
  row.content_type && row.content_id ? { contentType: row.content_type, contentId: row.content_id } : null;

/** The screen_groups and screen_group_members tables. The only place that queries them. */
export class GroupsRepository {
  private readonly groups: typeof GroupModel;
  private readonly members: typeof MemberModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.groups = GroupModel.bindKnex(db);
    this.members = MemberModel.bindKnex(db);
  }

  /** A page by name; `search` matches the name literally (LIKE wildcards typed by the user match only themselves). */
  async page(page: number, pageSize: number, search: string | undefined, sort: LibrarySort): Promise<{ rows: GroupRow[]; total: number }> {
    const query = this.groups.query();
    if (search) query.where('name', 'ilike', containsPattern(search));
    const { results, total } = await query.orderByRaw(libraryOrder(sort, 'screen_groups')).page(page - 1, pageSize);
    return { rows: results, total };
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<GroupRow | undefined> {
    return this.groups.query(trx).findById(id);
  }

  /** Locks the group for the rest of `trx`: membership and assignment changes of one group take turns. */
  async lock(id: string, trx: Knex.Transaction): Promise<GroupRow | undefined> {
    return this.groups.query(trx).findById(id).forUpdate();
  }

  async existing(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    return (await this.groups.query().findByIds(ids).select('id')).map((g) => g.id);
  }

  async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    return new Map((await this.groups.query().findByIds(ids).select('id', 'name')).map((g) => [g.id, g.name]));
  }

  async insert(values: Required<Pick<GroupValues, 'name' | 'description'>>): Promise<string> {
    return (await this.groups.query().insert(values).returning('id')).id;
  }

  async update(id: string, values: GroupValues, trx?: Knex.Transaction): Promise<boolean> {
    return (
      (await this.groups
        .query(trx)
        .findById(id)
        .patch({ ...values, updated_at: fn.now() })) > 0
    );
  }

  /** Sets what the members play (null: nothing); they start it together from now on. */
  async setContent(id: string, ref: ContentRef | null, trx: Knex.Transaction): Promise<void> {
    await this.groups
      .query(trx)
      .findById(id)
      .patch({ content_type: ref?.contentType ?? null, content_id: ref?.contentId ?? null, playback_epoch: fn.now(), updated_at: fn.now() });
  }

  async delete(id: string, trx: Knex.Transaction): Promise<boolean> {
    return (await this.groups.query(trx).deleteById(id)) > 0;
  }

  /** Member screen ids of each group, in the order they joined. */
  async membersOf(groupIds: string[], trx?: Knex.Transaction): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    if (!groupIds.length) return result;
    const rows = await this.members.query(trx).whereIn('group_id', groupIds).orderBy(['added_at', 'screen_id']);
    for (const r of rows) result.get(r.group_id)?.push(r.screen_id);
    return result;
  }

  /** The group of each of `screenIds` that has one. */
  async groupsOf(screenIds: string[], trx?: Knex.Transaction): Promise<Map<string, string>> {
    if (!screenIds.length) return new Map();
    const rows = await this.members.query(trx).whereRaw('screen_id = ANY(?::uuid[])', [screenIds]);
    return new Map(rows.map((r) => [r.screen_id, r.group_id]));
  }

  /** The group of each of `screenIds` that is in one, with what the group gives its members. */
  async memberGroups(screenIds: string[]): Promise<Map<string, Pick<GroupRow, 'id' | 'content_type' | 'content_id' | 'playback_epoch' | 'display_mode'>>> {
    if (!screenIds.length) return new Map();
    const rows = await this.members
      .query()
      .alias('m')
      .join('screen_groups as g', 'g.id', 'm.group_id')
      .whereRaw('m.screen_id = ANY(?::uuid[])', [screenIds])
      .select('m.screen_id', 'g.id', 'g.content_type', 'g.content_id', 'g.playback_epoch', 'g.display_mode')
      .castTo<(Pick<GroupRow, 'id' | 'content_type' | 'content_id' | 'playback_epoch' | 'display_mode'> & { screen_id: string })[]>();
    return new Map(rows.map(({ screen_id, ...group }) => [screen_id, group]));
  }

  async setDisplayMode(id: string, mode: GroupRow['display_mode'], trx: Knex.Transaction): Promise<void> {
    await this.groups.query(trx).findById(id).patch({ display_mode: mode, playback_epoch: fn.now(), updated_at: fn.now() });
  }

  /** Adds the screen; false when it already belongs to a group (the primary key decides). */
  async addMember(groupId: string, screenId: string, trx: Knex.Transaction): Promise<boolean> {
    // knex, not the model: "nothing inserted" must read as nothing (objection would echo the row).
    const rows = await trx('screen_group_members').insert({ group_id: groupId, screen_id: screenId }).onConflict('screen_id').ignore().returning('screen_id');
    return rows.length === 1;
  }

  async removeMember(groupId: string, screenId: string, trx: Knex.Transaction): Promise<boolean> {
    return (await this.members.query(trx).where({ group_id: groupId, screen_id: screenId }).delete()) > 0;
  }

  /** Groups giving their members content of `contentType` among `contentIds`, with their names (for a delete check, or to follow changes). */
  async using(contentType: string, contentIds: string[], trx?: Knex.Transaction): Promise<{ id: string; name: string }[]> {
    if (!contentIds.length) return [];
    return this.groups.query(trx).where({ content_type: contentType }).whereIn('content_id', contentIds).select('id', 'name');
  }

  /** Every group and its content, for the dependency graph. */
  async all(): Promise<Pick<GroupRow, 'id' | 'name' | 'content_type' | 'content_id'>[]> {
    return this.groups.query().select('id', 'name', 'content_type', 'content_id').orderBy('id');
  }

  /** Every membership, for the dependency graph. */
  async allMembers(): Promise<MemberRow[]> {
    return this.members.query().select('*').orderBy(['group_id', 'screen_id']);
  }
}
