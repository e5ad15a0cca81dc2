import { storableText } from '../../kernel/text.js';

export const REPORTED_STATES = ['unsupported', 'unassigned', 'pending', 'provisioned', 'joining', 'connected', 'failed'] as const;
export const HELPER_STATES = ['ok', 'missing', 'unhealthy', 'unsupported'] as const;

/** What one heartbeat says of the player's Wi-Fi helper and connection; a field left undefined was not (validly) reported. */
export interface NetworkReport {
  supported?: boolean;
  helperState?: string;
  managerAvailable?: boolean;
  wifiAdapter?: boolean;
  radioEnabled?: boolean;
  state?: string;
  installedId?: string;
  installedRevision?: number;
  activeId?: string;
  lastConnectedAt?: Date;
  lastFailureAt?: Date;
  lastFailureCode?: string;
  limitation?: string;
  wiredInterfaceAvailable?: boolean;
  wiredIpv4?: string;
}

/** The heartbeat fields the Linux player reports them in. */
const FIELDS = [
  'presentationNetworkSupported',
  'presentationNetworkHelperState',
  'presentationNetworkManagerAvailable',
  'presentationNetworkWifiAdapter',
  'presentationNetworkRadioEnabled',
  'presentationNetworkState',
  'presentationNetworkInstalledId',
  'presentationNetworkInstalledRevision',
  'presentationNetworkActiveId',
  'presentationNetworkLastConnectedAt',
  'presentationNetworkLastFailureAt',
  'presentationNetworkLastFailureCode',
  'presentationNetworkLimitation',
  'wiredInterfaceAvailable',
  'wiredIpv4',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const INT4_MAX = 2_147_483_647;

const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : undefined);
const oneOf = (v: unknown, allowed: readonly string[]) => (typeof v === 'string' && allowed.includes(v.trim()) ? v.trim() : undefined);
const revision = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= INT4_MAX ? (v as number) : undefined);
const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? [...storableText(v.trim())].slice(0, max).join('') : undefined);

function moment(v: unknown): Date | undefined {
  if (typeof v !== 'string' || !RFC3339.test(v)) return undefined;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A unicast IPv4 another display can reach: not unspecified, loopback, multicast or link-local. */
function unicastIpv4(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const parts = v.trim().split('.');
  if (parts.length !== 4 || parts.some((p) => !/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255)) return undefined;
  const [a, b] = parts.map(Number) as [number, number];
  if (a === 0 || a === 127 || a >= 224 || (a === 169 && b === 254)) return undefined;
  return parts.join('.');
}

/**
 * The presentation network part of a heartbeat, or undefined when it carries none. A value that
 * fails its check is dropped, never coerced: an invented reading ("wired address available") would
 * mislead more than none, and an odd value must never cost a healthy player its heartbeat.
 */
export function networkReport(heartbeat: Record<string, unknown>): NetworkReport | undefined {
  if (!FIELDS.some((f) => heartbeat[f] !== undefined && heartbeat[f] !== null)) return undefined;
  const h = heartbeat;
  return {
    supported: bool(h.presentationNetworkSupported),
    helperState: oneOf(h.presentationNetworkHelperState, HELPER_STATES),
    managerAvailable: bool(h.presentationNetworkManagerAvailable),
    wifiAdapter: bool(h.presentationNetworkWifiAdapter),
    radioEnabled: bool(h.presentationNetworkRadioEnabled),
    state: oneOf(h.presentationNetworkState, REPORTED_STATES),
    installedId: uuid(h.presentationNetworkInstalledId),
    installedRevision: revision(h.presentationNetworkInstalledRevision),
    activeId: uuid(h.presentationNetworkActiveId),
    lastConnectedAt: moment(h.presentationNetworkLastConnectedAt),
    lastFailureAt: moment(h.presentationNetworkLastFailureAt),
    lastFailureCode: text(h.presentationNetworkLastFailureCode, 80),
    limitation: text(h.presentationNetworkLimitation, 240),
    wiredInterfaceAvailable: bool(h.wiredInterfaceAvailable),
    wiredIpv4: unicastIpv4(h.wiredIpv4),
  };
}
