import type { KernelDeps } from '../../kernel/kernel.js';

/** What the database says of itself. The system module owns no table. */
export class SystemFactsRepository {
  constructor(private readonly d: Pick<KernelDeps, 'db'>) {}

  async postgresVersion(): Promise<string> {
    const { rows } = await this.d.db.raw<{ rows: { server_version: string }[] }>('SHOW server_version');
    return rows[0]!.server_version;
  }
}
