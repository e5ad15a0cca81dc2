import type { Knex } from 'knex';
import { isStillReferenced } from '../../kernel/db/database.js';

export interface TagRule {
  enabled: boolean;
  match: 'any' | 'all';
  imageDurationMs: number;
  tagIds: string[];
}

export interface PlaylistRow {
  id: string;
  name: string;
  description: string;
  revision: number;
  tag_rule: TagRule | null;
  created_at: Date;
  updated_at: Date;
  item_count: number;
}

export type PlaylistValues = Partial<Pick<PlaylistRow, 'name' | 'description'>>;

// PostgreSQL 18 reports an ON DELETE RESTRICT as restrict_violation (23001); 15 as foreign_key_violation (23503).

/** The playlists table. The only place that queries it. */
export class PlaylistsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  /** How many playlists there are, and how many would play nothing (no items, no enabled tag rule). */
  async counts(): Promise<{ total: number; empty: number }> {
    const row = await this.db('playlists as p')
      .select(
        this.db.raw('count(*)::int AS total'),
        this.db.raw(`count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id) AND NOT COALESCE((p.tag_rule->>'enabled')::boolean, false))::int AS empty`),
      )
      .first();
    return { total: row.total, empty: row.empty };
  }

  private select(db: Knex | Knex.Transaction = this.db) {
    return db('playlists as p').select('p.*', db.raw('(SELECT count(*)::int FROM playlist_items i WHERE i.playlist_id = p.id) AS item_count'));
  }

  async list(q: { search?: string; page: number; pageSize: number }): Promise<{ rows: PlaylistRow[]; total: number }> {
    // The search is literal text: LIKE wildcards typed by the user match only themselves.
    const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const filtered = (b: Knex.QueryBuilder) => (pattern ? b.where((w) => w.whereILike('p.name', pattern).orWhereILike('p.description', pattern)) : b);
    const [{ n }] = (await filtered(this.db('playlists as p')).count<{ n: string }[]>('* as n')) as { n: string }[];
    const rows = await filtered(this.select())
      .orderByRaw('lower(p.name), p.id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { rows, total: Number(n) };
  }

  byId(id: string, trx?: Knex.Transaction): Promise<PlaylistRow | undefined> {
    return this.select(trx).where('p.id', id).first();
  }

  /** Locks the playlist for the rest of `trx`, so concurrent item edits see one order and one revision. */
  async lock(id: string, trx: Knex.Transaction): Promise<boolean> {
    return Boolean(await trx('playlists').where({ id }).forUpdate().first('id'));
  }

  async insert(values: Required<PlaylistValues> & { tag_rule: TagRule | null }): Promise<string> {
    const [row] = await this.db('playlists')
      .insert({ ...values, tag_rule: values.tag_rule && JSON.stringify(values.tag_rule) })
      .returning('id');
    return row!.id as string;
  }

  /** Applies the changes and bumps the revision; false when there is no such playlist. */
  async change(id: string, values: PlaylistValues & { tag_rule?: TagRule | null }, trx?: Knex.Transaction): Promise<boolean> {
    const db = trx ?? this.db;
    const patch: Record<string, unknown> = { ...values, revision: db.raw('revision + 1'), updated_at: db.fn.now() };
    if (values.tag_rule !== undefined) patch.tag_rule = values.tag_rule === null ? null : JSON.stringify(values.tag_rule);
    return (await db('playlists').where({ id }).update(patch)) > 0;
  }

  /** False when there is no such playlist; `inUse()` while a screen is assigned to it. */
  async delete(id: string, inUse: () => Error): Promise<boolean> {
    try {
      return (await this.db('playlists').where({ id }).delete()) > 0;
    } catch (err) {
      if (isStillReferenced(err)) throw inUse();
      throw err;
    }
  }
}
