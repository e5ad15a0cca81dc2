import { stat } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import type { Knex } from 'knex';

export interface DatabaseDisk {
  /** Whether the database's files are on the file system `device` names; undefined when this process cannot tell. */
  sharesDiskWith: boolean | undefined;
  /** How far PostgreSQL lets its WAL grow between checkpoints (max_wal_size), in bytes. */
  maxWalBytes: number;
}

const localAddresses = () =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address),
  );

/**
 * Whether the database keeps its files on the file system with id `device` (fs.stat's dev). Its
 * data directory is visible to superusers and pg_read_all_settings members only (the embedded
 * database's user is one). A server reached at an address that is not this machine's keeps it on
 * another machine, where the same path means nothing; inet_server_addr() is null over a Unix
 * socket, which is local.
 */
export async function databaseDisk(db: Knex, device: number): Promise<DatabaseDisk> {
  const { rows } = await db.raw<{ rows: { data_directory: string | null; server_addr: string | null; max_wal_bytes: string }[] }>(
    `SELECT (SELECT setting FROM pg_settings WHERE name = 'data_directory') AS data_directory,
            host(inet_server_addr()) AS server_addr,
            pg_size_bytes(current_setting('max_wal_size')) AS max_wal_bytes`,
  );
  const { data_directory: dataDirectory, server_addr: serverAddr, max_wal_bytes: maxWal } = rows[0]!;
  const local = serverAddr === null || localAddresses().has(serverAddr);
  let sharesDiskWith: boolean | undefined;
  if (dataDirectory && local) {
    try {
      sharesDiskWith = (await stat(dataDirectory)).dev === device;
    } catch {
      sharesDiskWith = undefined; // not visible to this process's user
    }
  }
  return { sharesDiskWith, maxWalBytes: Number(maxWal) };
}
