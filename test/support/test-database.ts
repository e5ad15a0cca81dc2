import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createKnex } from '../../kernel/db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../kernel/db/embedded-postgres.js';
import { migrateSchemaFor } from '../../kernel/kernel.js';
import { createLogger } from '../../kernel/logger.js';
import type { PluginDef } from '../../kernel/plugin.js';

/**
 * One PostgreSQL server for the whole run (embedded, or TEST_DATABASE_URL), and a fresh database
 * for each test file or kernel that asks, so files never see each other's rows.
 */
let serverUrl: URL | undefined;
let embedded: EmbeddedPostgres | undefined;
let embeddedDir: string | undefined;
const created: string[] = [];

export async function startTestServer(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = new URL(process.env.TEST_DATABASE_URL);
    return;
  }
  embeddedDir = mkdtempSync(join(tmpdir(), 'signage-test-pg-'));
  chmodSync(embeddedDir, 0o755); // the postgres user must be able to enter it when tests run as root
  embedded = await startEmbeddedPostgres(join(embeddedDir, 'postgres'), createLogger('silent'));
  serverUrl = new URL(embedded.url);
}

function adminUrl(): string {
  const url = new URL(serverUrl!);
  url.pathname = '/postgres';
  return url.href;
}

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.href;
}

async function newDatabase(prefix: string, template?: string): Promise<string> {
  if (!serverUrl) throw new Error('the test database server is not started (global setup did not run)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  created.push(name);
  return name;
}

/** Creates an empty database and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  return urlOf(await newDatabase('signage_test'));
}

// One template per set of plugins, migrated once per run.
const templates = new Map<string, Promise<string>>();

/**
 * A database already migrated for these plugins (as their first start would), copied from a
 * template migrated once per run: a kernel booted on it skips its migrations, seconds each.
 */
export async function createSchemaDatabase(plugins: PluginDef[]): Promise<string> {
  const signature = createHash('sha256')
    .update(
      plugins
        .map((p) => p.name)
        .sort()
        .join(','),
    )
    .digest('hex')
    .slice(0, 12);
  let template = templates.get(signature);
  if (!template) {
    template = (async () => {
      const name = await newDatabase(`signage_template_${signature}`);
      const db = createKnex(urlOf(name));
      try {
        await migrateSchemaFor(db, plugins);
      } finally {
        await db.destroy();
      }
      return name;
    })();
    templates.set(signature, template);
  }
  return urlOf(await newDatabase('signage_test', await template));
}

export async function stopTestServer(): Promise<void> {
  if (serverUrl && created.length) {
    await admin(async (c) => {
      for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }).catch(() => {});
  }
  await embedded?.stop();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
}
