import type { Knex } from 'knex';
import { fn } from 'objection';
import { OrganizationModel } from '../auth.models.js';
import type { OrganizationRow } from '../auth.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** The installation's single organization row (created by the migration). */
export class OrganizationRepository {
  private readonly organization: typeof OrganizationModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.organization = OrganizationModel.bindKnex(db);
  }

  async get(trx?: Knex.Transaction): Promise<OrganizationRow> {
    return (await this.organization.query(trx).first())!;
  }

  /** Locks the row for the rest of `trx`, so two setups cannot both see "not set up". */
  async lock(trx: Knex.Transaction): Promise<OrganizationRow> {
    return (await this.organization.query(trx).forUpdate().first())!;
  }

  async completeSetup(name: string, trx: Knex.Transaction): Promise<void> {
    await this.organization.query(trx).patch({ name, setup_completed_at: fn.now() });
  }
}
