import type { Knex } from 'knex';

/** Where the seeded rows are kept, beside the live tables. */
const SEED_SCHEMA = 'demo_seed';

/**
 * Tables a reset leaves alone: the demo's own marker, migration bookkeeping, the rate limiter (a
 * reset must not refill its own budget), job leases, the key check, which plugins are installed,
 * and the players' manifest and config versions: those only move forward (players and every
 * process's caches compare them), so after a reset the player builds every screen again
 * (`PlayerRefresh`) and the versions move on.
 */
const KEPT = [
  /^demo_state$/,
  /^migrations_/,
  /^kernel_rate_limits$/,
  /^kernel_job_leases$/,
  /^kernel_key_check$/,
  /^kernel_plugin_installations$/,
  /^player_manifest_state$/,
  /^player_config_state$/,
];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableInfo {
  name: string;
  /** Columns that can be written (generated ones are left out). */
  columns: string[];
}

async function liveTables(db: Knex | Knex.Transaction): Promise<TableInfo[]> {
  const rows: { name: string; columns: string[] }[] = (
    await db.raw(
      `SELECT c.relname::text AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        GROUP BY c.relname ORDER BY c.relname`,
    )
  ).rows;
  return rows.filter((t) => !KEPT.some((re) => re.test(t.name)));
}

/** Copies every live table (and the sequences' positions) into the seed schema, replacing an earlier copy. */
export async function takeSeedSnapshot(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`DROP SCHEMA IF EXISTS ${SEED_SCHEMA} CASCADE`);
  await trx.raw(`CREATE SCHEMA ${SEED_SCHEMA}`);
  for (const t of await liveTables(trx)) {
    await trx.raw(`CREATE TABLE ${SEED_SCHEMA}.${quote(t.name)} AS SELECT ${t.columns.map(quote).join(', ')} FROM ${quote(t.name)}`);
  }
  // Only the sequences of the copied tables: the kept ones go on counting.
  await trx.raw(
    `CREATE TABLE ${SEED_SCHEMA}.sequence_positions AS
       SELECT s.sequencename AS name, s.last_value
         FROM pg_sequences s
         JOIN pg_class q ON q.relname = s.sequencename AND q.relnamespace = current_schema()::regnamespace
         JOIN pg_depend d ON d.objid = q.oid AND d.deptype IN ('a', 'i')
         JOIN pg_class t ON t.oid = d.refobjid
        WHERE s.schemaname = current_schema() AND t.relname = ANY(?)`,
    [(await liveTables(trx)).map((t) => t.name)],
  );
}

/**
 * Puts every live table back as the seed left it, in the caller's transaction: all emptied at once,
 * refilled, and each sequence back where it stood (so ids repeat after each reset).
 * Tables made after the seed (a plugin installed later) are emptied.
 */
export async function restoreSeedSnapshot(trx: Knex.Transaction): Promise<void> {
  const tables = await liveTables(trx);
  const seeded = new Set<string>(
    (await trx.raw(`SELECT tablename FROM pg_tables WHERE schemaname = ?`, [SEED_SCHEMA])).rows.map((r: { tablename: string }) => r.tablename),
  );
  if (tables.length) await trx.raw(`TRUNCATE ${tables.map((t) => quote(t.name)).join(', ')}`);
  // The copy was taken in one transaction, so its foreign keys hold; some point both ways (a layout
  // and its published revision), so no table order satisfies them row by row. Checks and triggers
  // are off while refilling, for this transaction only (the database role must be allowed to).
  await trx.raw('SET LOCAL session_replication_role = replica');
  for (const t of tables.filter((t) => seeded.has(t.name))) {
    const columns = t.columns.map(quote).join(', ');
    await trx.raw(`INSERT INTO ${quote(t.name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${SEED_SCHEMA}.${quote(t.name)}`);
  }
  const positions: { name: string; last_value: string | null }[] = (await trx.raw(`SELECT name, last_value FROM ${SEED_SCHEMA}.sequence_positions`)).rows;
  await trx.raw('SET LOCAL session_replication_role = DEFAULT');
  for (const p of positions) {
    if (p.last_value === null) await trx.raw('SELECT setval(?::regclass, 1, false)', [quote(p.name)]);
    else await trx.raw('SELECT setval(?::regclass, ?, true)', [quote(p.name), p.last_value]);
  }
}
