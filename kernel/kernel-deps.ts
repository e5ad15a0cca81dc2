import type { AuditLog } from './audit-log.js';
import type { Config } from './config.js';
import type { DatabaseHealth } from './db/database-health.js';
import type { MigrationState } from './db/migrator.js';
import type { Knex } from './db/database.js';
import type { FileWriteGate } from './http/file-write-gate.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Logger } from './logger.js';
import type { resolveMediaTools } from './media-tools.js';
import type { PluginInstallations } from './plugin-installations.js';
import type { RateLimiter } from './rate-limiter.js';
import type { Readiness } from './readiness.js';
import type { SecretBox } from './secret-box.js';
import type { Storage } from './storage/storage.js';
import type { SocketHub } from './ws/hub.js';

/**
 * `all` serves HTTP and runs jobs; `web` only serves (and sends jobs); `worker` only runs jobs;
 * `cli` does neither, for command-line tools (and may share a running server's embedded database).
 */
export type ProcessRole = 'all' | 'web' | 'worker' | 'cli';

/** Services every plugin's container sees. */
export interface KernelDeps {
  config: Config;
  /** What this process does: a start hook may skip work a command-line tool does not need. */
  processRole: ProcessRole;
  logger: Logger;
  db: Knex;
  jobs: JobQueue;
  hub: SocketHub;
  storage: Storage;
  mediaTools: ReturnType<typeof resolveMediaTools>;
  readiness: Readiness;
  auditLog: AuditLog;
  rateLimiter: RateLimiter;
  /** Whether the database answers now (briefly cached), for liveness. */
  databaseHealth: DatabaseHealth;
  /** Seals secrets kept at rest and signs server-made tokens, under the key ring (SECRETS_KEY or DATA_DIR/secrets.key). */
  secretBox: SecretBox;
  apiDocument: () => object;
  /** Closed while stored files must hold still: routes marked `writesFiles` are refused. */
  fileWriteGate: FileWriteGate;
  pluginInstallations: PluginInstallations;
  /** What the kernel and each running plugin have migrated and have yet to. */
  migrationStates: () => Promise<MigrationState[]>;
}
