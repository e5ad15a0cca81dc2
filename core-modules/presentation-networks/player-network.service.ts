import type { Static } from '@sinclair/typebox';
import { notFound } from '../../kernel/errors.js';
import { present } from '../../kernel/http/wire.js';
import { screenNotFound } from '../screens/screens.api.js';
import { networkReport } from './heartbeat-report.js';
import { credentialUnreadable } from './network-key.js';
import type { ConfigSectionSchema } from './network-view.js';
import type { PresentationNetworksBaseDeps } from './presentation-networks-base-deps.js';
import { readinessOf } from './readiness.js';

type Deps = Pick<PresentationNetworksBaseDeps, 'networksRepository' | 'reportsRepository' | 'networkSealer' | 'screenDirectory' | 'logger'>;
type ConfigSection = Static<typeof ConfigSectionSchema>;

/**
 * The player's side: the config section naming its network, the one route that hands it the
 * credential, and what its heartbeats report back (for readiness).
 */
export class PlayerNetworkService {
  constructor(private readonly d: Deps) {}

  /**
   * The credential and what a profile needs, for this screen's own network only: the network
   * comes from the authenticated screen's assignment, never from the request.
   */
  async provisioning(screenId: string) {
    this.d.networkSealer.requireKey();
    const [network] = await this.d.networksRepository.networksOf([screenId]);
    if (!network) throw notFound('presentation_network_not_assigned', 'This screen has no presentation network.');
    if (!network.secret_sealed) throw credentialUnreadable();
    return {
      presentationNetworkId: network.id,
      name: network.name,
      ssid: network.ssid,
      hidden: network.hidden,
      security: network.security,
      auth: present({ ...network.auth_metadata }),
      configRevision: network.config_revision,
      secret: this.d.networkSealer.open(network.id, network.secret_sealed),
    };
  }

  /**
   * Every screen's section. `assigned: false` is an instruction, not an absence: the player removes
   * any profile it still holds, which is how an unassignment reaches a player that was offline.
   */
  async configSections(screenIds: string[]): Promise<Map<string, ConfigSection>> {
    const sections = new Map<string, ConfigSection>(screenIds.map((id) => [id, { assigned: false }]));
    for (const n of await this.d.networksRepository.networksOf(screenIds)) {
      sections.set(n.screen_id, {
        assigned: true,
        presentationNetworkId: n.id,
        name: n.name,
        ssid: n.ssid,
        hidden: n.hidden,
        security: n.security,
        configRevision: n.config_revision,
        credentialAvailable: n.secret_sealed !== null && this.d.networkSealer.available,
        identity: n.auth_metadata.identity ?? '',
        anonymousIdentity: n.auth_metadata.anonymousIdentity ?? '',
        domainSuffixMatch: n.auth_metadata.domainSuffixMatch ?? '',
        caCertificateSet: Boolean(n.auth_metadata.caCertificatePem),
      });
    }
    return sections;
  }

  /**
   * Takes the presentation network fields of an accepted heartbeat (a Linux player's). An optional
   * capability: failing to store it is logged and never costs the player its heartbeat.
   */
  async heartbeat(screenId: string, heartbeat: Record<string, unknown>): Promise<undefined> {
    const report = networkReport(heartbeat);
    if (!report) return undefined;
    try {
      await this.d.reportsRepository.record(screenId, report);
    } catch (err) {
      this.d.logger.warn({ screenId, err }, 'a presentation network report was not stored');
    }
    return undefined;
  }

  /** The screen's assignment and what its player reported, as one status an operator can act on. */
  async readiness(screenId: string) {
    this.d.networkSealer.requireKey();
    const [[id] = []] = await this.d.screenDirectory.namesOf([screenId]);
    if (!id) throw screenNotFound();
    const [platforms, assignment, report] = await Promise.all([
      this.d.screenDirectory.platformsOf([id]),
      this.d.networksRepository.assignmentOf(screenId),
      this.d.reportsRepository.of(screenId),
    ]);
    const platform = platforms.get(id) ?? '';
    const network = assignment && (await this.d.networksRepository.get(assignment.presentation_network_id));
    const { status, detail } = readinessOf({
      platform,
      network: network ? { id: network.id, name: network.name, configRevision: network.config_revision } : undefined,
      report,
    });
    return {
      screenId: id,
      platform,
      applicable: platform.toLowerCase() === 'linux',
      status,
      detail,
      credentialsAvailable: this.d.networkSealer.available,
      ...present({
        presentationNetworkId: network?.id,
        presentationNetworkName: network?.name,
        assignedAt: assignment?.assigned_at.toISOString(),
        helperState: report?.helper_state,
        networkManagerAvailable: report?.manager_available,
        wifiAdapterPresent: report?.wifi_adapter,
        radioEnabled: report?.radio_enabled,
        reportedState: report?.state,
        installedNetworkId: report?.installed_id,
        installedRevision: report?.installed_revision,
        activeNetworkId: report?.active_id,
        lastConnectedAt: report?.last_connected_at?.toISOString(),
        lastFailureAt: report?.last_failure_at?.toISOString(),
        lastFailureCode: report?.last_failure_code,
        limitation: report?.limitation,
        wiredInterfaceAvailable: report?.wired_interface_available,
        wiredIpv4: report?.wired_ipv4,
      }),
    };
  }
}
