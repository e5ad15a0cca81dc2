import { randomUUID } from 'node:crypto';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { notFound } from '../../kernel/errors.js';
import { checkNetwork, type NetworkInput } from './network-input.js';
import { assignmentViews } from './assignment-views.js';
import { auditOf, networkView, securityOptions } from './network-view.js';
import type { NetworkRow } from './networks.models.js';
import type { PresentationNetworksBaseDeps } from './presentation-networks-base-deps.js';

type Deps = Pick<PresentationNetworksBaseDeps, 'db' | 'networksRepository' | 'networkSealer' | 'screenDirectory' | 'playerConfig' | 'auditLog'>;

export const networkNotFound = () => notFound('presentation_network_not_found', 'No such presentation network.');

/** What a player provisions from: a change to any of it makes assigned players provision again. */
const materialOf = (r: Pick<NetworkRow, 'ssid' | 'hidden' | 'security' | 'auth_metadata'>) =>
  JSON.stringify([r.ssid, r.hidden, r.security, Object.entries(r.auth_metadata).sort()]);

/**
 * Presentation networks: reusable Wi-Fi definitions with a write-only credential, sealed as it
 * arrives and never read back by anything but the assigned player's own route.
 */
export class NetworksService {
  constructor(private readonly d: Deps) {}

  async list() {
    this.d.networkSealer.requireKey();
    return {
      items: (await this.d.networksRepository.list()).map(networkView),
      credentialsAvailable: true,
      credentialsUnavailableReason: '',
      supportedSecurity: securityOptions(),
    };
  }

  async get(id: string) {
    this.d.networkSealer.requireKey();
    const row = await this.d.networksRepository.get(id);
    if (!row) throw networkNotFound();
    const assignments = await this.d.networksRepository.assignmentsOf(id);
    return { network: networkView(row), assignments: await assignmentViews(this.d.screenDirectory, row.name, assignments) };
  }

  async create(actor: ConsolePrincipal, input: NetworkInput, ip: string) {
    const sealer = this.d.networkSealer;
    sealer.requireKey();
    const checked = checkNetwork(input);
    const id = randomUUID();
    const row = await this.d.db.transaction(async (trx) => {
      await this.d.networksRepository.insert(
        {
          id,
          name: checked.name,
          ssid: checked.ssid,
          hidden: checked.hidden,
          security: checked.security,
          auth_metadata: checked.auth,
          secret_sealed: sealer.seal(id, checked.secret!),
          secret_updated_at: new Date(),
          created_by: actor.userId,
        },
        trx,
      );
      const created = (await this.d.networksRepository.get(id, trx))!;
      await this.d.auditLog.record(
        { action: 'presentation_network.created', actor, ip, resourceType: 'presentation_network', resourceId: id, metadata: auditOf(created) },
        trx,
      );
      return created;
    });
    return networkView(row);
  }

  /**
   * An edit. A credential left out stays; a new one replaces it. The revision moves only when
   * something the players provision from changed (a rename does not make them provision again).
   */
  async update(actor: ConsolePrincipal, id: string, input: NetworkInput, ip: string) {
    const sealer = this.d.networkSealer;
    sealer.requireKey();
    const { row, screenIds } = await this.d.db.transaction(async (trx) => {
      const current = await this.d.networksRepository.lock(id, trx);
      if (!current) throw networkNotFound();
      const checked = checkNetwork(input, { ...current, auth: current.auth_metadata, credentialSet: current.secret_sealed !== null });
      const rotated = checked.secret !== undefined;
      const material = rotated || materialOf(current) !== materialOf({ ...checked, auth_metadata: checked.auth });
      await this.d.networksRepository.update(
        id,
        {
          name: checked.name,
          ssid: checked.ssid,
          hidden: checked.hidden,
          security: checked.security,
          auth_metadata: checked.auth,
          updated_by: actor.userId,
          secret_sealed: rotated ? sealer.seal(id, checked.secret!) : undefined,
          material,
        },
        trx,
      );
      const updated = (await this.d.networksRepository.get(id, trx))!;
      const audit = { actor, ip, resourceType: 'presentation_network', resourceId: id };
      await this.d.auditLog.record(
        { ...audit, action: 'presentation_network.updated', metadata: { ...auditOf(updated), previousConfigRevision: current.config_revision } },
        trx,
      );
      // That it was replaced, told by the revision and time, never the value.
      if (rotated) await this.d.auditLog.record({ ...audit, action: 'presentation_network.credential_rotated', metadata: auditOf(updated) }, trx);
      return { row: updated, screenIds: (await this.d.networksRepository.assignmentsOf(id, trx)).map((a) => a.screen_id) };
    });
    // Assigned players learn of it through their config (durable, unlike a command that expires).
    await this.d.playerConfig.refresh(screenIds);
    return networkView(row);
  }

  /** Deletes the network and its assignments; its players drop the profile at their next config. */
  async delete(actor: ConsolePrincipal, id: string, ip: string) {
    this.d.networkSealer.requireKey();
    const { row, screenIds } = await this.d.db.transaction(async (trx) => {
      if (!(await this.d.networksRepository.lock(id, trx))) throw networkNotFound();
      const current = (await this.d.networksRepository.get(id, trx))!;
      const assigned = (await this.d.networksRepository.assignmentsOf(id, trx)).map((a) => a.screen_id);
      await this.d.networksRepository.delete(id, trx);
      await this.d.auditLog.record(
        { action: 'presentation_network.deleted', actor, ip, resourceType: 'presentation_network', resourceId: id, metadata: auditOf(current) },
        trx,
      );
      return { row: current, screenIds: assigned };
    });
    await this.d.playerConfig.refresh(screenIds);
    return networkView(row);
  }
}
