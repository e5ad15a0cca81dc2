import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

export interface MigrationSet {
  /** Owner name: `kernel` or a plugin name. */
  owner: string;
  folder: URL;
}

// Any constant works; it only has to be the same for every process of this server.
const MIGRATION_LOCK_KEY = 0x5167_6e01;

const tableFor = (owner: string) => `migrations_${owner.replace(/-/g, '_')}`;

/** Lists a folder's migration files (timestamp-prefixed .ts/.js) in name order and imports them. */
function folderSource(folder: URL): Knex.MigrationSource<string> {
  const dir = fileURLToPath(folder);
  return {
    async getMigrations() {
      return readdirSync(dir)
        .filter((f) => /^\d{8,}_[a-z0-9_-]+\.(ts|js)$/.test(f))
        .sort();
    },
    getMigrationName: (name) => name.replace(/\.(ts|js)$/, ''),
    async getMigration(name) {
      return import(pathToFileURL(`${dir}/${name}`).href) as Promise<Knex.Migration>;
    },
  };
}

function configFor(set: MigrationSet): Knex.MigratorConfig {
  return { migrationSource: folderSource(set.folder), tableName: tableFor(set.owner), disableMigrationsListValidation: false };
}

/**
 * Runs every set's pending migrations in order, under a PostgreSQL advisory lock so that several
 * processes starting together migrate once. Knex's own lock table is freed first: holding the
 * advisory lock proves nobody else is migrating, and a lock row left by a crashed process would
 * otherwise block every later start.
 */
export async function migrateAll(db: Knex, sets: MigrationSet[]): Promise<string[]> {
  return withMigrationLock(db, async () => {
    const applied: string[] = [];
    for (const set of sets) {
      const config = configFor(set);
      await db.migrate.forceFreeMigrationsLock(config);
      const [, names] = (await db.migrate.latest(config)) as [number, string[]];
      applied.push(...names.map((n) => `${set.owner}/${n}`));
    }
    return applied;
  });
}

/** One set's migrations by name: those recorded as run, and those its folder holds that are not. */
export interface MigrationState {
  owner: string;
  applied: string[];
  pending: string[];
}

/** Reads what each set has run and has yet to run, without taking the migration lock. */
export async function migrationStates(db: Knex, sets: MigrationSet[]): Promise<MigrationState[]> {
  const states: MigrationState[] = [];
  for (const set of sets) {
    const config = configFor(set);
    const [completed, pending] = (await db.migrate.list(config)) as [{ name: string }[], string[]];
    states.push({ owner: set.owner, applied: completed.map((m) => m.name), pending: pending.map((n) => config.migrationSource!.getMigrationName(n)) });
  }
  return states;
}

/** Rolls back every migration of one set (tests prove each set can go down and up again). */
export async function rollbackAll(db: Knex, set: MigrationSet): Promise<void> {
  await withMigrationLock(db, async () => {
    const config = configFor(set);
    await db.migrate.forceFreeMigrationsLock(config);
    await db.migrate.rollback(config, true);
  });
}

async function withMigrationLock<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  // A session-level lock needs one connection for lock and unlock, so take a dedicated one.
  const conn = await db.client.acquireConnection();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}
