import type { ReportRow } from './networks.models.js';

export const READINESS_STATUSES = [
  'not_applicable',
  'network_manager_unavailable',
  'helper_missing',
  'helper_unhealthy',
  'unsupported',
  'wifi_adapter_unavailable',
  'unassigned',
  'reporting_pending',
  'connected',
  'failed',
  'configuration_pending',
  'ready',
] as const;
export type ReadinessStatus = (typeof READINESS_STATUSES)[number];

export interface ReadinessFacts {
  platform: string;
  /** The assigned network, if any. */
  network?: { id: string; name: string; configRevision: number };
  report?: ReportRow;
}

const FAILURES: Record<string, (network: string) => string> = {
  authentication_failed: (n) => `Authentication to ${n} failed. Check the saved credential and, for Enterprise networks, the identity.`,
  ssid_not_found: (n) => `${n} was not found in range of this player.`,
  dhcp_timeout: (n) => `This player joined ${n} but did not receive an IP address.`,
  radio_unavailable: () => 'The Wi-Fi radio could not be switched on on this player.',
  credential_unavailable: () => 'The credential could not be provisioned. Enter it again in the presentation network.',
  helper_unavailable: () => 'The presentation-network helper stopped answering during the last attempt.',
  ethernet_default_route_lost: () => 'Ethernet stopped being the default route, so the player disconnected the temporary Wi-Fi connection.',
};

/**
 * One status an operator can act on, from the assignment and what the player reported, checked in
 * the order things get fixed: the platform, what the player needs installed, the assignment, the
 * player's report of it, provisioning, the last attempt. A fact never reported is waited for, never assumed.
 */
export function readinessOf({ platform, network, report: r }: ReadinessFacts): { status: ReadinessStatus; detail: string } {
  if (platform.toLowerCase() !== 'linux') return { status: 'not_applicable', detail: 'Presentation networks apply to Linux players only.' };
  if (r?.manager_available === false) {
    return { status: 'network_manager_unavailable', detail: 'NetworkManager is not available or not running on this player.' };
  }
  if (r?.helper_state && r.helper_state !== 'ok') {
    if (r.helper_state === 'missing') return { status: 'helper_missing', detail: 'The presentation-network helper is not installed on this player.' };
    if (r.helper_state === 'unsupported') return { status: 'unsupported', detail: r.limitation ?? 'This player does not support presentation networks.' };
    return { status: 'helper_unhealthy', detail: r.limitation ?? 'The presentation-network helper is installed but not answering.' };
  }
  if (r?.wifi_adapter === false) return { status: 'wifi_adapter_unavailable', detail: 'This player has no usable Wi-Fi adapter.' };
  if (!network) return { status: 'unassigned', detail: 'No presentation network is assigned.' };
  if (r?.supported == null) return { status: 'reporting_pending', detail: 'Waiting for the player to report its presentation network support.' };
  if (!r.supported) return { status: 'unsupported', detail: r.limitation ?? 'This player does not support presentation networks.' };
  if (r.state == null) return { status: 'reporting_pending', detail: 'Waiting for the player to report its presentation network state.' };
  if (r.active_id === network.id) return { status: 'connected', detail: `Connected to ${network.name}.` };
  if (r.state === 'failed') {
    const code = r.last_failure_code;
    const detail = code
      ? (FAILURES[code]?.(network.name) ?? `The last attempt to join ${network.name} failed (${code.replaceAll('_', ' ')}).`)
      : `The last attempt to join ${network.name} failed.`;
    return { status: 'failed', detail };
  }
  if (r.installed_id !== network.id || r.installed_revision !== network.configRevision) {
    return { status: 'configuration_pending', detail: `${network.name} is assigned; the player has not installed its current configuration yet.` };
  }
  return { status: 'ready', detail: `${network.name} is provisioned and ready.` };
}
