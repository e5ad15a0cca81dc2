import type { LibrarySort } from '../../kernel/http/wire.js';
import type { Static } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, invalidInput } from '../../kernel/errors.js';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { PlaylistLibraryDeps } from './playlist-library-deps.js';
import { playlistNotFound, summaryView } from './playlist-reader.js';
import { MAX_NAME, type NewPlaylist, type PlaylistInput, type PlaylistDetail, type TagRuleSchema } from './playlist-schemas.js';
import type { TagRule } from './playlists.models.js';
import { itemValues, storedValues } from './items/item-rules.js';
import type { DraftsRepository } from './drafts/drafts.repository.js';

type Deps = Pick<
  PlaylistLibraryDeps,
  | 'db'
  | 'playlistsRepository'
  | 'playlistItemsRepository'
  | 'draftsRepository'
  | 'draftItemsRepository'
  | 'mediaLibrary'
  | 'playlistReader'
  | 'contentKinds'
  | 'auditLog'
>;

// A tag playlist as the console creates it, before any tag is chosen (the reference's defaults).
const NEW_TAG_RULE = { enabled: true, match: 'any', imageDurationMs: 10_000, tagIds: [] } as const satisfies TagRule;

/** 409 for a person's change to a playlist another module keeps. */
export const managedPlaylist = (owner: string) =>
  conflict('managed_resource', `This playlist is kept by the ${owner} plugin: it cannot be changed, duplicated or deleted by hand.`, { managedBy: owner });

function values(input: PlaylistInput) {
  const name = input.name?.trim();
  if (name !== undefined && name.length === 0) throw invalidInput('validation_failed', 'A playlist needs a name.', 'body/name');
  return Object.fromEntries(Object.entries({ name, description: input.description?.trim() }).filter(([, v]) => v !== undefined));
}

/**
 * Playlists themselves: name, description, tag rule. People's changes go to the working draft and
 * reach no screen until it is published (PlaylistPublisher); items live in PlaylistItemsService.
 */
export class PlaylistsService {
  constructor(private readonly d: Deps) {}

  async list(q: { search?: string; sort?: LibrarySort; page: number; pageSize: number }) {
    const { page, pageSize } = q;
    const { rows, total } = await this.d.draftsRepository.list({ search: q.search?.trim() || undefined, sort: q.sort ?? 'name', page, pageSize });
    return { items: rows.map(summaryView), total, page, pageSize };
  }

  /** A playlist, and what plays it now. */
  async get(id: string): Promise<PlaylistDetail> {
    const [playlist, uses] = await Promise.all([this.d.playlistReader.get(id), this.d.contentKinds.usesOf({ contentType: 'playlist', contentId: id })]);
    const of = (kind: string) => uses.filter((u) => u.kind === kind).map(({ id, name }) => ({ id, name }));
    return { ...playlist, usage: { screens: of('screen'), screenGroups: of('screen_group'), schedules: of('schedule'), campaigns: of('campaign') } };
  }

  /** A new playlist, published empty (as the reference starts one): a screen given it plays nothing until its draft is published. */
  async create(actor: ConsolePrincipal, input: NewPlaylist, ip: string): Promise<PlaylistDetail> {
    const fields = { name: '', description: '', ...values(input), tag_rule: input.sourceType === 'tag' ? NEW_TAG_RULE : null };
    const id = await this.d.db.transaction(async (trx) => {
      const created = await this.d.playlistsRepository.insert(fields, trx);
      await this.d.draftsRepository.insert(created, fields, { revision: 1, published: 1 }, actor.userId, trx);
      return created;
    });
    await this.d.auditLog.record({
      action: 'playlist.created',
      actor,
      ip,
      resourceType: 'playlist',
      resourceId: id,
      metadata: { name: input.name?.trim(), sourceType: input.sourceType ?? 'static' },
    });
    return this.get(id);
  }

  /**
   * Makes a playlist of these widgets (or other ready assets) that the module `owner` keeps, in its
   * transaction: left out of the list, and refused to people's edits. It is the module's content,
   * not people's: written published and as its draft at once, with no review. Answers its id.
   */
  async createManaged(
    input: { owner: string; name: string; description: string; items: { assetId: string; durationMs: number }[] },
    trx: Knex.Transaction,
  ): Promise<string> {
    const fields = { name: input.name, description: input.description, tag_rule: null };
    const id = await this.d.playlistsRepository.insert({ ...fields, managed_by: input.owner }, trx);
    await this.d.draftsRepository.insert(id, fields, { revision: 1, published: 1 }, null, trx);
    const items = input.items.map((i) => ({
      id: randomUUID(),
      ...itemValues(
        { id: i.assetId, type: 'widget', status: 'ready' },
        { durationMs: i.durationMs, audioEnabled: false, deliveryPolicy: 'stream' },
        undefined,
        'items',
        0,
      ),
    }));
    await this.d.playlistItemsRepository.replaceAll(id, items, trx);
    await this.d.draftItemsRepository.replaceAll(id, items, trx);
    return id;
  }

  /** Deletes a playlist made by createManaged, in the owner's transaction: 409 playlist_conflict while a person's content still plays it. */
  async removeManaged(id: string, trx: Knex.Transaction): Promise<void> {
    const row = await this.d.playlistsRepository.byId(id, trx);
    if (!row?.managed_by || !(await this.d.playlistsRepository.lock(id, trx))) return;
    await this.d.contentKinds.assertUnused({ contentType: 'playlist', contentId: id }, trx);
    await this.d.playlistsRepository.delete(id, trx);
  }

  async update(actor: ConsolePrincipal, id: string, input: PlaylistInput, ip: string): Promise<PlaylistDetail> {
    const changes = values(input);
    await this.changing(actor, id, changes);
    await this.d.auditLog.record({
      action: 'playlist.updated',
      actor,
      ip,
      resourceType: 'playlist',
      resourceId: id,
      metadata: { fields: Object.keys(changes) },
    });
    return this.get(id);
  }

  async setTagRule(actor: ConsolePrincipal, id: string, rule: Static<typeof TagRuleSchema>, ip: string): Promise<PlaylistDetail> {
    const known = new Set((await this.d.mediaLibrary.tags(rule.tagIds)).map((t) => t.id));
    const unknown = rule.tagIds.findIndex((t) => !known.has(t));
    if (unknown >= 0) throw invalidInput('tag_not_found', 'No such tag.', `body/tagIds/${unknown}`);
    await this.changing(actor, id, { tag_rule: rule });
    await this.d.auditLog.record({
      action: 'playlist.tag_rule_set',
      actor,
      ip,
      resourceType: 'playlist',
      resourceId: id,
      metadata: { enabled: rule.enabled, match: rule.match, tags: rule.tagIds.length },
    });
    return this.get(id);
  }

  /**
   * A copy (“<name> copy”, as the reference names it) of the draft, its items and tag rule: as the
   * reference makes it, a new playlist published empty whose draft (revision 2) holds the copy, unpublished.
   */
  async duplicate(actor: ConsolePrincipal, id: string, ip: string): Promise<PlaylistDetail> {
    const copyId = await this.d.db.transaction(async (trx) => {
      const source = await this.d.draftsRepository.byId(id, trx);
      if (!source) throw playlistNotFound();
      if (source.managed_by) throw managedPlaylist(source.managed_by);
      const name = `${source.name} copy`.slice(0, MAX_NAME);
      const created = await this.d.playlistsRepository.insert({ name, description: source.description, tag_rule: null }, trx);
      const draft = { name, description: source.description, tag_rule: source.tag_rule };
      await this.d.draftsRepository.insert(created, draft, { revision: 2, published: 1 }, actor.userId, trx);
      const items = await this.d.draftItemsRepository.list(id, trx);
      await this.d.draftItemsRepository.replaceAll(created, items.map(storedValues), trx);
      return created;
    });
    await this.d.auditLog.record({ action: 'playlist.duplicated', actor, ip, resourceType: 'playlist', resourceId: copyId, metadata: { from: id } });
    return this.get(copyId);
  }

  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    const row = await this.d.playlistsRepository.byId(id);
    if (!row) throw playlistNotFound();
    if (row.managed_by) throw managedPlaylist(row.managed_by);
    await this.d.db.transaction(async (trx) => {
      // Whoever stores a ref to the playlist (a screen, a group, a schedule) holds its row shared while
      // writing (contentKinds.check): locked for update here, a use and this delete take turns, so
      // the uses asked for next include every committed one and none can be added before this commits.
      if (!(await this.d.playlistsRepository.lock(id, trx))) throw playlistNotFound();
      await this.d.contentKinds.assertUnused({ contentType: 'playlist', contentId: id }, trx); // 409 playlist_conflict
      if (!(await this.d.playlistsRepository.delete(id, trx))) throw playlistNotFound();
    });
    await this.d.auditLog.record({ action: 'playlist.deleted', actor, ip, resourceType: 'playlist', resourceId: id, metadata: { name: row.name } });
  }

  // A change to the draft, as its next revision, under the playlist's lock (edits and publications take turns). No screen sees it.
  private async changing(actor: ConsolePrincipal, id: string, changes: Parameters<DraftsRepository['change']>[1]): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.playlistsRepository.lock(id, trx))) throw playlistNotFound();
      const row = await this.d.playlistsRepository.byId(id, trx);
      if (row?.managed_by) throw managedPlaylist(row.managed_by);
      if ((await this.d.draftsRepository.change(id, changes, actor.userId, trx)) === undefined) throw playlistNotFound();
    });
  }
}
