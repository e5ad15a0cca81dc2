import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { PublicationModel, type PublicationRow } from './editorial.models.js';

/** The `content_publications` table. The only place that queries it. */
export class PublicationsRepository {
  private readonly publications: typeof PublicationModel;

  constructor(d: Pick<KernelDeps, 'db'>) {
    this.publications = PublicationModel.bindKnex(d.db);
  }

  async insert(values: Omit<PublicationRow, 'id' | 'published_at'>, trx: Knex.Transaction): Promise<PublicationRow> {
    return (await this.publications.query(trx).insert(values).returning('*')) as unknown as PublicationRow;
  }

  /** The item's publications, newest first. */
  async of(contentType: string, contentId: string, trx?: Knex.Transaction): Promise<PublicationRow[]> {
    return this.newestFirst(contentType, contentId, trx).castTo<PublicationRow[]>();
  }

  /** The item's latest publication: what a new one supersedes. */
  async latest(contentType: string, contentId: string, trx: Knex.Transaction): Promise<PublicationRow | undefined> {
    return this.newestFirst(contentType, contentId, trx).first().castTo<PublicationRow | undefined>();
  }

  /** One publication of this item (undefined when it is another item's or none). */
  async one(contentType: string, contentId: string, id: string, trx?: Knex.Transaction): Promise<PublicationRow | undefined> {
    return this.publications.query(trx).findById(id).where({ content_type: contentType, content_id: contentId }).castTo<PublicationRow | undefined>();
  }

  // By revision, which each kind numbers upwards under the content's lock: `published_at` is its
  // transaction's start, which a publication that waited for that lock may carry from before the last one.
  private newestFirst(contentType: string, contentId: string, trx?: Knex.Transaction) {
    return this.publications
      .query(trx)
      .where({ content_type: contentType, content_id: contentId })
      .orderBy([
        { column: 'revision', order: 'desc' },
        { column: 'published_at', order: 'desc' },
      ]);
  }
}
