import pg from 'pg';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** Filled by triggers on screens.enabled and screen_credentials (see the migration). */
export const AUTH_CHANGES_CHANNEL = 'screens_auth';

export interface ChangeHandlers {
  /** A screen's credentials or its enabled flag changed (payload: the screen id). */
  changed(screenId: string): void;
  /** Listening started or was lost: anything may have changed meanwhile. */
  reset(listening: boolean): void;
}

/**
 * A LISTEN on the database for changes that affect device authentication. The triggers send them
 * from the writing transaction, so they arrive on commit, from every process and every write path
 * (a console revoke, an enrollment, a hand-made UPDATE alike). The kernel's socket hub listens only
 * to what is published through it, in its own envelope; these come from triggers, hence this LISTEN.
 */
export class CredentialChangesRepository {
  private client?: pg.Client;
  private closed = false;
  private starting?: Promise<void>;

  constructor(private readonly d: Pick<KernelDeps, 'db' | 'logger'>) {}

  /** Starts listening (once); reconnects on its own after a lost connection. */
  listen(handlers: ChangeHandlers): void {
    this.starting ??= this.connect(handlers).catch((err) => this.retry(handlers, err));
  }

  // The kernel hands modules its knex instance, not the database URL (which, with the embedded
  // PostgreSQL, exists only inside the kernel); knex keeps the connection settings it was made with.
  private connectionString(): string {
    return (this.d.db.client.config.connection as { connectionString: string }).connectionString;
  }

  private async connect(handlers: ChangeHandlers): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString(), application_name: 'signage-server screens auth' });
    client.on('notification', (msg) => msg.payload && handlers.changed(msg.payload));
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      handlers.reset(false);
      client.end().catch(() => {});
      this.retry(handlers, err);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${AUTH_CHANGES_CHANNEL}`);
    if (this.closed) return void (await client.end());
    this.client = client;
    handlers.reset(true);
  }

  private retry(handlers: ChangeHandlers, err?: Error, delay = 500): void {
    if (this.closed) return;
    if (err) this.d.logger.warn({ err: err.message }, 'screens: listening for credential changes failed; retrying');
    setTimeout(() => {
      this.connect(handlers).catch((e: Error) => this.retry(handlers, e, Math.min(delay * 2, 10_000)));
    }, delay).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
