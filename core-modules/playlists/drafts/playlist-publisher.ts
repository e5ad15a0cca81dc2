import type { Knex } from 'knex';
import { canonicalHash } from '../../../kernel/canonical-json.js';
import { AppError, invalidInput } from '../../../kernel/errors.js';
import type { DraftSnapshot, PublishableKind, PublishedRevision } from '../../editorial/editorial.api.js';
import type { ContentRef } from '../../player/player.api.js';
import { playlistNotFound } from '../playlist-reader.js';
import type { PlaylistsBaseDeps } from '../playlists-base-deps.js';
import { managedPlaylist } from '../playlists.service.js';
import { absence, layoutRefusal } from './item-presence.js';
import { comparePlaylists } from './playlist-compare.js';
import { checkedDocument, documentOf, itemWrites, type PlaylistDocument, tagRuleOf } from './playlist-document.js';

type Deps = Pick<
  PlaylistsBaseDeps,
  | 'playlistsRepository'
  | 'playlistItemsRepository'
  | 'draftsRepository'
  | 'draftItemsRepository'
  | 'revisionsRepository'
  | 'mediaLibrary'
  | 'contentKinds'
  | 'screenTargets'
>;

const ref = (id: string): ContentRef => ({ contentType: 'playlist', contentId: id });

/**
 * Playlists as the editorial module publishes them: the draft (name, description, tag rule, items)
 * is what a submission freezes; publishing one writes the rows screens play from it, as the next
 * published revision, and every screen showing the playlist is rebuilt from the commit.
 */
export class PlaylistPublisher {
  constructor(private readonly d: Deps) {}

  kind(): PublishableKind {
    return {
      type: 'playlist',
      plugin: 'playlists',
      publishers: 'managers',
      snapshot: (id, trx) => this.snapshot(id, trx),
      publish: (id, document, publishedBy, trx) => this.publish(id, document, publishedBy, trx),
      restoreDraft: (id, document, actor, trx) => this.restoreDraft(id, document, actor.userId, trx),
      compare: (from, to) => comparePlaylists(checkedDocument(from), checkedDocument(to)),
      reach: (id) => this.reach(id),
    };
  }

  /** The draft as one document, read under the playlist's lock. */
  async draft(id: string, trx: Knex.Transaction): Promise<{ revision: number; name: string; document: PlaylistDocument }> {
    const [draft, items] = await Promise.all([this.d.draftsRepository.byId(id, trx), this.d.draftItemsRepository.list(id, trx)]);
    if (!draft) throw playlistNotFound();
    return { revision: draft.draft_revision, name: draft.name, document: documentOf(draft, items) };
  }

  private async snapshot(id: string, trx: Knex.Transaction): Promise<DraftSnapshot> {
    const { revision } = await this.lockOwn(id, trx);
    const draft = await this.draft(id, trx);
    return { workingRevision: draft.revision, publishedRevision: revision, document: draft.document, name: draft.name };
  }

  /**
   * Checks that everything the document names can be played now (422, nothing written), then makes
   * it the rows screens play, as the next revision.
   */
  private async publish(id: string, frozen: Record<string, unknown>, publishedBy: string | null, trx: Knex.Transaction): Promise<PublishedRevision> {
    const row = await this.lockOwn(id, trx);
    const document = checkedDocument(frozen);
    await this.assertPlayable(id, document, trx);
    const revision = row.revision + 1;
    await this.d.playlistsRepository.publish(id, { name: document.name, description: document.description, tag_rule: tagRuleOf(document), revision }, trx);
    await this.d.playlistItemsRepository.replaceAll(id, itemWrites(document.items), trx);
    const revisionId = await this.d.revisionsRepository.insert({ playlist_id: id, revision, document, published_by: publishedBy }, trx);
    // Published as the draft stands (not an older submission or a rollback): the draft has nothing unpublished.
    const draft = await this.draft(id, trx);
    if (canonicalHash(draft.document) === canonicalHash(document)) await this.d.draftsRepository.markPublished(id, draft.revision, trx);
    await this.d.contentKinds.changed([ref(id)], trx);
    const screens = await this.d.contentKinds.screensShowing([ref(id)], trx);
    return { revision, nativeRevisionId: revisionId, affectedScreens: screens.length };
  }

  /** The document becomes the draft's next revision, without what can no longer be played; screens keep what they play. */
  private async restoreDraft(id: string, frozen: Record<string, unknown>, userId: string, trx: Knex.Transaction): Promise<number> {
    await this.lockOwn(id, trx);
    const document = checkedDocument(frozen);
    const absent = await absence(this.d, document.items);
    const tags = new Set((await this.d.mediaLibrary.tags(document.tagIds)).map((t) => t.id));
    await this.d.draftItemsRepository.replaceAll(id, itemWrites(document.items.filter((i) => !absent(i))), trx);
    const rule = tagRuleOf({ ...document, tagIds: document.tagIds.filter((t) => tags.has(t)) });
    const revision = await this.d.draftsRepository.change(id, { name: document.name, description: document.description, tag_rule: rule }, userId, trx);
    if (revision === undefined) throw playlistNotFound();
    return revision;
  }

  private async reach(id: string): Promise<{ screens: number; locations: number }> {
    const screens = await this.d.contentKinds.screensShowing([ref(id)]);
    const placements = await this.d.screenTargets.placements(screens);
    const locations = new Set([...placements.values()].flatMap((p) => (p.locationId ? [p.locationId] : [])));
    return { screens: screens.length, locations: locations.size };
  }

  // Locks the playlist for the rest of `trx` (edits and publications take turns); a module's own is not people's to publish.
  private async lockOwn(id: string, trx: Knex.Transaction) {
    if (!(await this.d.playlistsRepository.lock(id, trx))) throw playlistNotFound();
    const row = (await this.d.playlistsRepository.byId(id, trx))!;
    if (row.managed_by) throw managedPlaylist(row.managed_by);
    return row;
  }

  // The reference's refusals: an asset no longer ready (or without a file a player can use), a layout
  // gone or unpublished, a layout that shows this playlist in a zone (it would contain itself).
  private async assertPlayable(id: string, document: PlaylistDocument, trx: Knex.Transaction): Promise<void> {
    const assetIds = document.items.flatMap((i) => (i.assetId ? [i.assetId] : []));
    const playable = await this.d.mediaLibrary.playable(assetIds);
    const gone = assetIds.find((a) => !playable.has(a));
    if (gone) {
      const name = (await this.d.mediaLibrary.summaries([gone])).get(gone)?.name ?? gone;
      throw invalidInput(
        'asset_not_ready',
        `Asset ${name} is no longer ready for playback: only ready assets with a playable file can be published.`,
        'document/items',
      );
    }
    const layoutIds = [...new Set(document.items.flatMap((i) => (i.layoutId ? [i.layoutId] : [])))];
    for (const layoutId of layoutIds) {
      const refusal = await layoutRefusal(this.d, layoutId, trx);
      if (refusal) throw new AppError('validation', 'presentation_not_ready', `Layout ${layoutId} cannot be played: ${refusal.message}`);
    }
    if (!layoutIds.length) return;
    const holding = await this.d.contentKinds.containersOf([ref(id)], trx);
    if (holding.some((r) => r.contentType === 'layout' && layoutIds.includes(r.contentId))) {
      throw invalidInput(
        'playlist_validation_failed',
        'A layout this playlist plays shows this playlist in a zone, so it would contain itself.',
        'document/items',
      );
    }
  }
}
