import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Knex } from 'knex';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CHUNK_BYTES, chunkPath } from './archive-format.js';
import type { ArchiveWriter } from './archive-writer.js';

const gzipAsync = promisify(gzip);

export interface DumpedTable {
  name: string;
  columns: string[];
}

/**
 * What a backup carries of the database: every logged table of the schema but the migration
 * bookkeeping (a restore migrates anew), what only lives while processes run (sessions, job
 * leases, rate-limit windows) and the backups' own tables. pg-boss's queue lives in its own schema.
 */
const LEFT_OUT = /^(migrations_.*|backup_.*|sessions|kernel_job_leases|kernel_rate_limits)$/;

export async function tablesToDump(conn: pg.Client): Promise<DumpedTable[]> {
  const { rows } = await conn.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relpersistence = 'p'
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  return rows.filter((t) => !LEFT_OUT.test(t.name));
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Streams one table's rows (COPY text: one line per row) into the archive as gzip chunks of at
 * most CHUNK_BYTES of text, each cut at a row's end so a restore can load chunks one by one.
 */
export async function dumpTable(conn: pg.Client, table: DumpedTable, archive: ArchiveWriter): Promise<{ rows: number; chunks: number }> {
  const copy = conn.query(copyTo(`COPY ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) TO STDOUT`));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let rows = 0;
  let chunks = 0;
  const flush = async (data: Buffer) => {
    if (!data.length) return;
    await archive.addBuffer(chunkPath(table.name, chunks), await gzipAsync(data));
    chunks++;
  };
  for await (const part of copy as AsyncIterable<Buffer>) {
    for (let i = part.indexOf(10); i !== -1; i = part.indexOf(10, i + 1)) rows++;
    pending.push(part);
    pendingBytes += part.length;
    if (pendingBytes < CHUNK_BYTES) continue;
    const all = Buffer.concat(pending);
    const cut = all.lastIndexOf(10) + 1;
    await flush(all.subarray(0, cut));
    pending = [all.subarray(cut)];
    pendingBytes = pending[0]!.length;
  }
  await flush(Buffer.concat(pending));
  return { rows, chunks };
}

/** Each sequence of the schema and where it stands (sequences are not in a snapshot; their values only grow). */
export async function sequenceStates(conn: pg.Client): Promise<{ name: string; value: number; isCalled: boolean }[]> {
  const { rows } = await conn.query<{ name: string; value: string | null }>(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename`,
  );
  return rows.map((r) => ({ name: r.name, value: r.value === null ? 1 : Number(r.value), isCalled: r.value !== null }));
}

/**
 * Runs `work` on one connection inside a REPEATABLE READ READ ONLY transaction: every table it
 * reads is seen at the same instant, whatever commits meanwhile.
 */
export async function inSnapshot<T>(db: Knex, work: (conn: pg.Client) => Promise<T>): Promise<T> {
  const conn = (await db.client.acquireConnection()) as pg.Client;
  try {
    await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const result = await work(conn);
      await conn.query('COMMIT');
      return result;
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}
