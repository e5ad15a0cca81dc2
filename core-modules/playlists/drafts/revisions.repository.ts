import type { Knex } from 'knex';
import type { KernelDeps } from '../../../kernel/kernel.js';
import { PlaylistRevisionModel, type RevisionRow } from '../playlists.models.js';

/** The `playlist_revisions` table: each publication's frozen document. The only place that queries it. */
export class RevisionsRepository {
  private readonly revisions: typeof PlaylistRevisionModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.revisions = PlaylistRevisionModel.bindKnex(db);
  }

  /** Records a published revision; answers its id. */
  async insert(values: Omit<RevisionRow, 'id' | 'created_at'>, trx: Knex.Transaction): Promise<string> {
    const { id } = await this.revisions.query(trx).insert(values).returning('id');
    return id;
  }

  /** Those of `ids` that are this playlist's revisions, by id. */
  async byIds(playlistId: string, ids: string[]): Promise<Map<string, RevisionRow>> {
    if (!ids.length) return new Map();
    const rows = await this.revisions.query().where({ playlist_id: playlistId }).findByIds(ids);
    return new Map(rows.map((r) => [r.id, r]));
  }
}
