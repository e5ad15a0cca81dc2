import type { Knex } from 'knex';

export interface OrganizationRow {
  installation_id: string;
  name: string | null;
  pairing_enabled: boolean;
  setup_completed_at: Date | null;
}

/** The installation's single organization row (created by the migration). */
export class OrganizationRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  get(trx?: Knex.Transaction): Promise<OrganizationRow> {
    return (trx ?? this.db)<OrganizationRow>('organization').first() as Promise<OrganizationRow>;
  }

  /** Locks the row for the rest of `trx`, so two setups cannot both see "not set up". */
  lock(trx: Knex.Transaction): Promise<OrganizationRow> {
    return trx<OrganizationRow>('organization').forUpdate().first() as Promise<OrganizationRow>;
  }

  async completeSetup(name: string, trx: Knex.Transaction): Promise<void> {
    await trx('organization').update({ name, setup_completed_at: trx.fn.now() });
  }
}
