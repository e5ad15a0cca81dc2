import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { MigrationState } from '../../kernel/db/migrator.js';
import type { ArchiveHeader, ArchiveManifest } from './archive-format.js';
import { ArchiveProblem } from './backup-errors.js';
import { quoteIdent, tablesToDump } from './database-dump.js';

/** The archive's schema must be this server's: the same migrations run by every module (a restore does not migrate). */
export function assertSameSchema(header: ArchiveHeader, states: MigrationState[]): void {
  const here = Object.fromEntries(states.map((s) => [s.owner, s.applied.join('\n')]));
  const there = Object.fromEntries(Object.entries(header.migrations).map(([owner, names]) => [owner, names.join('\n')]));
  const owners = new Set([...Object.keys(here), ...Object.keys(there)]);
  const differing = [...owners].filter((o) => here[o] !== there[o]).sort();
  if (differing.length)
    throw new ArchiveProblem(
      `its database schema differs from this server’s (${differing.join(', ')}); restore it with the release that made it (${header.signageVersion}), then upgrade`,
    );
}

/**
 * Replaces every backed-up table's rows in one transaction: begun before the archive's table chunks
 * stream in, committed once they have (nothing changes if the restore fails before). Foreign keys
 * are dropped while rows load in any order and added back (checked) before the commit; sign-ins
 * are ended, since the users they belonged to were replaced.
 */
export class DatabaseRestore {
  private conn?: pg.Client;
  private foreignKeys: { table: string; name: string; definition: string }[] = [];
  private readonly columns: Map<string, string[]>;

  constructor(
    private readonly db: Knex,
    header: ArchiveHeader,
  ) {
    this.columns = new Map(header.tables.map((t) => [t.name, t.columns]));
  }

  async begin(): Promise<void> {
    const conn = (await this.db.client.acquireConnection()) as pg.Client;
    this.conn = conn;
    await conn.query('BEGIN');
    const tables = await tablesToDump(conn);
    const missing = [...this.columns.keys()].filter((name) => !tables.some((t) => t.name === name));
    if (missing.length) throw new ArchiveProblem(`this server has no table ${missing[0]}`);
    const { rows } = await conn.query<{ table: string; name: string; definition: string }>(
      `SELECT cl.relname AS table, co.conname AS name, pg_get_constraintdef(co.oid) AS definition
         FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE co.contype = 'f' AND n.nspname = current_schema()`,
    );
    this.foreignKeys = rows;
    for (const fk of rows) await conn.query(`ALTER TABLE ${quoteIdent(fk.table)} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    await conn.query(`TRUNCATE ${[...tables.map((t) => t.name), 'sessions'].map(quoteIdent).join(', ')}`);
  }

  /** Loads one chunk (`db/<table>/<n>.copy.gz`) of COPY text. */
  async load(table: string, body: Readable): Promise<void> {
    const columns = this.columns.get(table);
    if (!columns || !this.conn) throw new ArchiveProblem(`db/${table} is not a table of its header`);
    const copy = this.conn.query(copyFrom(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`));
    await pipeline(body, createGunzip(), copy);
  }

  async commit(sequences: ArchiveManifest['database']['sequences']): Promise<void> {
    const conn = this.conn!;
    for (const fk of this.foreignKeys) await conn.query(`ALTER TABLE ${quoteIdent(fk.table)} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.definition}`);
    for (const s of sequences) await conn.query('SELECT setval($1::regclass, $2, $3)', [quoteIdent(s.name), s.value, s.isCalled]);
    await conn.query('COMMIT');
    await this.release();
  }

  async abort(): Promise<void> {
    if (!this.conn) return;
    await this.conn.query('ROLLBACK').catch(() => {});
    await this.release();
  }

  private async release(): Promise<void> {
    const conn = this.conn;
    this.conn = undefined;
    if (conn) await this.db.client.releaseConnection(conn);
  }
}
