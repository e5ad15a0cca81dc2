import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { isStillReferenced, mapUniqueViolation } from '../../../kernel/db/database.js';
import { conflict } from '../../../kernel/errors.js';
import { LocationModel } from '../screens.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

export interface LocationRow {
  id: string;
  name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  updated_at: Date;
  screen_count: number;
}

export type LocationValues = Partial<Omit<LocationRow, 'id' | 'created_at' | 'updated_at' | 'screen_count'>>;

// PostgreSQL 18 reports an ON DELETE RESTRICT as restrict_violation (23001); 15 reports
// foreign_key_violation (23503). Both mean screens still point at the location.
const nameTaken = () => conflict('location_name_taken', 'Another location already has this name.');
const inUse = () => conflict('location_in_use', 'Screens are still assigned to this location; move them first.');

/** The locations table. The only place that queries it. */
export class LocationsRepository {
  private readonly locations: typeof LocationModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.locations = LocationModel.bindKnex(db);
  }

  private withScreenCount(trx?: Knex.Transaction) {
    return this.locations
      .query(trx)
      .alias('l')
      .select('l.*', raw('(SELECT count(*)::int FROM screens s WHERE s.location_id = l.id) AS screen_count'))
      .castTo<LocationRow[]>();
  }

  async list(): Promise<LocationRow[]> {
    return this.withScreenCount().orderByRaw('lower(l.name), l.id');
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<LocationRow | undefined> {
    return this.withScreenCount(trx).where('l.id', id).first().castTo<LocationRow | undefined>();
  }

  async exists(id: string, trx?: Knex.Transaction): Promise<boolean> {
    return Boolean(await this.locations.query(trx).findById(id).select('id'));
  }

  async insert(values: LocationValues): Promise<string> {
    try {
      const { id } = await this.locations.query().insert(values).returning('id');
      return id;
    } catch (err) {
      mapUniqueViolation(err, nameTaken);
    }
  }

  async update(id: string, values: LocationValues, trx?: Knex.Transaction): Promise<boolean> {
    try {
      const count = await this.locations
        .query(trx)
        .findById(id)
        .patch({ ...values, updated_at: fn.now() });
      return count > 0;
    } catch (err) {
      mapUniqueViolation(err, nameTaken);
    }
  }

  /** False when there is no such location; a conflict while screens still point at it. */
  async delete(id: string): Promise<boolean> {
    try {
      return (await this.locations.query().deleteById(id)) > 0;
    } catch (err) {
      // screens.location_id is ON DELETE RESTRICT: the database decides, so no race with an assignment.
      if (isStillReferenced(err)) throw inUse();
      throw err;
    }
  }
}
