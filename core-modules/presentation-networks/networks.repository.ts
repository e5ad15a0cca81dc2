import type { Knex } from 'knex';
import { conflict } from '../../kernel/errors.js';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { AssignmentModel, NetworkModel, type AssignmentRow, type NetworkRow } from './networks.models.js';

export type NetworkWithCount = NetworkRow & { assigned_screens: number };
export type NewNetwork = Omit<NetworkRow, 'created_at' | 'updated_at' | 'updated_by' | 'config_revision'>;
export type NetworkChange = Pick<NetworkRow, 'name' | 'ssid' | 'hidden' | 'security' | 'auth_metadata' | 'updated_by'> & {
  /** A new sealed credential, or undefined to keep the stored one. */
  secret_sealed?: string;
  /** The players must provision again: the revision moves. */
  material: boolean;
};

const nameTaken = () => conflict('presentation_network_name_taken', 'A presentation network with that name already exists.');
const ASSIGNED_COUNT = `(SELECT count(*)::int FROM presentation_network_screens a WHERE a.presentation_network_id = presentation_networks.id) AS assigned_screens`;

/** The presentation_networks and presentation_network_screens tables. The only place that queries them. */
export class NetworksRepository {
  private readonly networks: typeof NetworkModel;
  private readonly assignments: typeof AssignmentModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.networks = NetworkModel.bindKnex(db);
    this.assignments = AssignmentModel.bindKnex(db);
  }

  async list(): Promise<NetworkWithCount[]> {
    return this.networks.query().select('*', this.networks.raw(ASSIGNED_COUNT)).orderByRaw('lower(name), id') as unknown as Promise<NetworkWithCount[]>;
  }

  async get(id: string, trx?: Knex.Transaction): Promise<NetworkWithCount | undefined> {
    return this.networks.query(trx).findById(id).select('*', this.networks.raw(ASSIGNED_COUNT)) as unknown as Promise<NetworkWithCount | undefined>;
  }

  /** Holds the network for the rest of `trx`: edits, deletes and assignments of one network take turns. */
  async lock(id: string, trx: Knex.Transaction): Promise<NetworkRow | undefined> {
    return this.networks.query(trx).findById(id).forUpdate();
  }

  async insert(values: NewNetwork, trx: Knex.Transaction): Promise<void> {
    await this.networks
      .query(trx)
      .insert({ ...values, updated_by: values.created_by })
      .catch((err) => mapUniqueViolation(err, nameTaken));
  }

  async update(id: string, change: NetworkChange, trx: Knex.Transaction): Promise<void> {
    const { material, secret_sealed, ...values } = change;
    await this.networks
      .query(trx)
      .findById(id)
      .patch({
        ...values,
        ...(secret_sealed === undefined ? {} : { secret_sealed, secret_updated_at: this.networks.fn.now() }),
        config_revision: this.networks.raw(material ? 'config_revision + 1' : 'config_revision'),
        updated_at: this.networks.fn.now(),
      } as unknown as Partial<NetworkRow>)
      .catch((err) => mapUniqueViolation(err, nameTaken));
  }

  async delete(id: string, trx: Knex.Transaction): Promise<void> {
    await this.networks.query(trx).deleteById(id);
  }

  /** The screens assigned to the network, in the order they were assigned. */
  async assignmentsOf(networkId: string, trx?: Knex.Transaction): Promise<AssignmentRow[]> {
    return this.assignments.query(trx).where({ presentation_network_id: networkId }).orderBy(['assigned_at', 'screen_id']);
  }

  async assignmentOf(screenId: string, trx?: Knex.Transaction): Promise<(AssignmentRow & { network_name: string }) | undefined> {
    return this.assignments
      .query(trx)
      .alias('a')
      .join('presentation_networks as n', 'n.id', 'a.presentation_network_id')
      .where('a.screen_id', screenId)
      .select('a.*', 'n.name as network_name')
      .first() as unknown as Promise<(AssignmentRow & { network_name: string }) | undefined>;
  }

  /** Puts each of `screenIds` on the network (moving it off another); a screen already on it keeps its time. */
  async assign(networkId: string, screenIds: string[], actorId: string, trx: Knex.Transaction): Promise<void> {
    if (!screenIds.length) return;
    await trx('presentation_network_screens')
      .insert(screenIds.map((screen_id) => ({ screen_id, presentation_network_id: networkId, assigned_by: actorId })))
      .onConflict('screen_id')
      .merge(['presentation_network_id', 'assigned_by', 'assigned_at'])
      .whereRaw('presentation_network_screens.presentation_network_id <> excluded.presentation_network_id');
  }

  /** Takes the screens off whatever network they are on; answers those that were on one. */
  async unassign(screenIds: string[], trx: Knex.Transaction): Promise<string[]> {
    if (!screenIds.length) return [];
    const rows: { screen_id: string }[] = await trx('presentation_network_screens').whereIn('screen_id', screenIds).delete().returning('screen_id');
    return rows.map((r) => r.screen_id);
  }

  /** The network each of `screenIds` is assigned to, with what its player provisions from. */
  async networksOf(screenIds: string[]): Promise<(NetworkRow & { screen_id: string })[]> {
    if (!screenIds.length) return [];
    return this.assignments
      .query()
      .alias('a')
      .join('presentation_networks as n', 'n.id', 'a.presentation_network_id')
      .whereRaw('a.screen_id = ANY(?::uuid[])', [screenIds])
      .select('n.*', 'a.screen_id') as unknown as Promise<(NetworkRow & { screen_id: string })[]>;
  }
}
