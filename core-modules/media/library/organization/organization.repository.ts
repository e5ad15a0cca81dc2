import type { Knex } from 'knex';
import { fn } from 'objection';
import type { TableModel } from '../../../../kernel/db/table-model.js';
import { mapUniqueViolation } from '../../../../kernel/db/database.js';
import { conflict } from '../../../../kernel/errors.js';
import type { KernelDeps } from '../../../../kernel/kernel.js';
import { CollectionModel, FolderModel, TagModel } from './organization.models.js';
import { HIDDEN_STATUSES } from '../assets-query.repository.js';

export type OrganizerKind = 'folder' | 'collection' | 'tag';

const MODEL = { folder: FolderModel, collection: CollectionModel, tag: TagModel };

/** 409 `name_taken` for every kind: folder names among siblings, collection and tag names overall. */
export const nameTaken = (kind: OrganizerKind) =>
  conflict('name_taken', `Another ${kind} already has this name (names are compared without regard to case).`, { resource: kind });

type Writable<R> = Partial<Omit<R, 'id' | 'asset_count' | 'created_at' | 'updated_at'>>;

/** Folders, collections and tags of the media library (the asset links are in bulk-organize). */
export class ContentOrganizationRepository {
  private readonly db: Knex;
  private readonly models: Record<OrganizerKind, typeof TableModel>;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // Asset counts and the folder tree are SQL; rows are read and written through the models.
    this.db = db;
    this.models = { folder: MODEL.folder.bindKnex(db), collection: MODEL.collection.bindKnex(db), tag: MODEL.tag.bindKnex(db) };
  }

  /** Counts only assets the library shows, so a folder of deleted files reads as empty. */
  private assetCount(kind: OrganizerKind) {
    const visible = (q: Knex.QueryBuilder) => q.whereNotIn('a.processing_status', HIDDEN_STATUSES);
    if (kind === 'folder') return visible(this.db('assets as a').count('*').whereRaw('a.folder_id = o.id')).as('asset_count');
    const [link, column] = kind === 'tag' ? ['asset_tags', 'tag_id'] : ['asset_collections', 'collection_id'];
    return visible(this.db(`${link} as l`).join('assets as a', 'a.id', 'l.asset_id').count('*').whereRaw(`l.${column} = o.id`)).as('asset_count');
  }

  private withAssetCount(kind: OrganizerKind, trx?: Knex.Transaction) {
    return this.models[kind].query(trx).alias('o').select('o.*', this.assetCount(kind));
  }

  async list<R>(kind: OrganizerKind): Promise<R[]> {
    return this.withAssetCount(kind).orderByRaw('lower(o.name), o.id').castTo<R[]>();
  }

  async byId<R>(kind: OrganizerKind, id: string, trx?: Knex.Transaction): Promise<R | undefined> {
    return this.withAssetCount(kind, trx).where('o.id', id).first().castTo<R | undefined>();
  }

  async insert<R>(kind: OrganizerKind, values: Writable<R>, trx?: Knex.Transaction): Promise<string> {
    try {
      const row = await this.models[kind].query(trx).insert(values).returning('id').castTo<{ id: string }>();
      return row.id;
    } catch (err) {
      mapUniqueViolation(err, () => nameTaken(kind));
    }
  }

  async update<R>(kind: OrganizerKind, id: string, values: Writable<R>, trx?: Knex.Transaction): Promise<number> {
    try {
      return await this.models[kind]
        .query(trx)
        .findById(id)
        .patch({ ...values, updated_at: fn.now() });
    } catch (err) {
      mapUniqueViolation(err, () => nameTaken(kind));
    }
  }

  /** Assets in a deleted folder become unfiled and its subfolders move to the top (FK SET NULL). */
  async delete(kind: OrganizerKind, id: string, trx?: Knex.Transaction): Promise<number> {
    return this.models[kind].query(trx).deleteById(id);
  }

  /** Which of `ids` exist, locked against deletion until `trx` ends. */
  async existing(kind: OrganizerKind, ids: string[], trx: Knex.Transaction): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.models[kind].query(trx).findByIds(ids).forShare().select('id').castTo<{ id: string }[]>();
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Serializes folder-tree changes: without it two concurrent moves (A under B, B under A) could each
   * pass the cycle check, and two siblings could take the same name.
   */
  async lockFolderTree(trx: Knex.Transaction): Promise<void> {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('media.media_folders'))`);
  }

  /** `folderId` and every folder above it. */
  async ancestry(folderId: string, trx?: Knex.Transaction): Promise<string[]> {
    const { rows } = await (trx ?? this.db).raw<{ rows: { id: string }[] }>(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id FROM media_folders WHERE id = ?
         UNION SELECT f.id, f.parent_id FROM media_folders f JOIN up ON f.id = up.parent_id
       ) SELECT id FROM up`,
      [folderId],
    );
    return rows.map((r) => r.id);
  }

  async siblingNameTaken(parentId: string | null, name: string, exceptId: string | undefined, trx: Knex.Transaction): Promise<boolean> {
    const q = this.models.folder.query(trx).whereRaw('lower(name) = lower(?)', [name]);
    if (parentId) q.where({ parent_id: parentId });
    else q.whereNull('parent_id');
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q.select('id').first());
  }
}
