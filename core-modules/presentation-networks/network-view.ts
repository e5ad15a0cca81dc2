import { Type } from '@sinclair/typebox';
import { present, Stamp, Uuid } from '../../kernel/http/wire.js';
import type { AssignmentRow, NetworkRow } from './networks.models.js';
import { isEnterprise, SECURITY_LABELS, SECURITY_TYPES, type Security } from './network-input.js';
import { READINESS_STATUSES } from './readiness.js';

const SecuritySchema = Type.Union(
  SECURITY_TYPES.map((s) => Type.Literal(s)),
  { description: '`wpa_psk` (WPA2/WPA3 Personal) or `wpa_eap_peap_mschapv2` (WPA2-Enterprise, PEAP/MSCHAPv2).' },
);
const Opt = Type.Optional;

const AuthSchema = Type.Object(
  { identity: Opt(Type.String()), anonymousIdentity: Opt(Type.String()), caCertificatePem: Opt(Type.String()), domainSuffixMatch: Opt(Type.String()) },
  { description: 'The non-secret 802.1X details of an Enterprise network (empty for PSK).' },
);

// Bounds of the request only; the exact rules (and their `presentation_network_invalid` answers) are the service's.
const loose = (maxLength: number, description?: string) => Opt(Type.String({ maxLength, ...(description ? { description } : {}) }));
const InputFields = {
  name: loose(1000, 'Shown in the console; 1–120 characters once spaces are collapsed.'),
  ssid: loose(1000, 'The Wi-Fi network name: 1–32 bytes of printable ASCII.'),
  hidden: Opt(Type.Boolean({ description: 'The network does not broadcast its SSID.' })),
  security: Opt(SecuritySchema),
  secret: loose(
    1000,
    'Write-only: the PSK (8–63 characters, or 64 hex digits) or the Enterprise password (up to 128). Required to create; on an edit, ' +
      'left out keeps the saved one and given replaces it (the configuration revision moves). Never returned.',
  ),
  identity: loose(1000, 'Enterprise: the 802.1X user name (required).'),
  anonymousIdentity: loose(1000, 'Enterprise: the outer identity.'),
  caCertificatePem: loose(40_000, 'Enterprise: the CA certificates (PEM, up to 32 KiB).'),
  domainSuffixMatch: loose(1000, 'Enterprise: the RADIUS server’s expected domain (needs the CA certificate).'),
};
export const CreateNetworkSchema = Type.Object({
  ...InputFields,
  name: Type.String({ maxLength: 1000 }),
  ssid: Type.String({ maxLength: 1000 }),
  security: SecuritySchema,
});
export const EditNetworkSchema = Type.Object(InputFields, { description: 'The fields to change; the others keep their values.' });

export const NetworkSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  ssid: Type.String(),
  hidden: Type.Boolean(),
  security: SecuritySchema,
  securityLabel: Type.String(),
  auth: AuthSchema,
  credentialSet: Type.Boolean({ description: 'A credential is saved (it is never shown).' }),
  secretUpdatedAt: Opt(Stamp),
  configRevision: Type.Integer({ minimum: 1, description: 'Moves when anything the players provision from changes.' }),
  assignedScreens: Type.Integer({ minimum: 0 }),
  createdAt: Stamp,
  updatedAt: Stamp,
});

export const SecurityOptionSchema = Type.Object({ value: SecuritySchema, label: Type.String(), enterprise: Type.Boolean() });

export const NetworkListSchema = Type.Object({
  items: Type.Array(NetworkSchema),
  credentialsAvailable: Type.Boolean({ description: 'Credentials can be saved (always true here: without PRESENTATION_NETWORK_KEY the routes answer 501).' }),
  credentialsUnavailableReason: Type.String(),
  supportedSecurity: Type.Array(SecurityOptionSchema),
});

export const AssignmentSchema = Type.Object({
  screenId: Uuid,
  screenName: Type.String(),
  platform: Type.String({ description: '`linux`, `android`, or "" before the player reported one.' }),
  presentationNetworkId: Opt(Uuid),
  presentationNetworkName: Opt(Type.String()),
  assignedAt: Opt(Stamp),
});

export const NetworkDetailSchema = Type.Object({ network: NetworkSchema, assignments: Type.Array(AssignmentSchema) });
export const AssignmentsSchema = Type.Object({ assignments: Type.Array(AssignmentSchema) });

export const ReadinessSchema = Type.Object({
  screenId: Uuid,
  platform: Type.String(),
  presentationNetworkId: Opt(Uuid),
  presentationNetworkName: Opt(Type.String()),
  assignedAt: Opt(Stamp),
  applicable: Type.Boolean({ description: 'A Linux screen (the only platform that joins presentation networks).' }),
  status: Type.Union(READINESS_STATUSES.map((s) => Type.Literal(s))),
  detail: Type.String(),
  helperState: Opt(Type.String()),
  networkManagerAvailable: Opt(Type.Boolean()),
  wifiAdapterPresent: Opt(Type.Boolean()),
  radioEnabled: Opt(Type.Boolean()),
  reportedState: Opt(Type.String()),
  installedNetworkId: Opt(Uuid),
  installedRevision: Opt(Type.Integer()),
  activeNetworkId: Opt(Uuid),
  lastConnectedAt: Opt(Stamp),
  lastFailureAt: Opt(Stamp),
  lastFailureCode: Opt(Type.String()),
  limitation: Opt(Type.String()),
  wiredInterfaceAvailable: Opt(Type.Boolean()),
  wiredIpv4: Opt(Type.String()),
  credentialsAvailable: Type.Boolean(),
});

export const TestBodySchema = Type.Object({
  screenId: Opt(
    Type.String({ format: 'uuid', description: 'An assigned Linux screen to test from (required: 422 `presentation_network_test_screen_required`).' }),
  ),
  timeoutSeconds: Opt(Type.Integer({ minimum: 15, maximum: 180, default: 90, description: 'How long the player may try to join.' })),
});
export const TestResultSchema = Type.Object({ commandId: Uuid, screenId: Uuid, timeoutSeconds: Type.Integer() });

export const AssignBodySchema = Type.Object({ presentationNetworkId: Uuid });
export const ScreensBodySchema = Type.Object({
  screenIds: Type.Array(Uuid, { description: 'Exactly the screens that use the network, at most 500 (422 `presentation_network_too_many_screens`).' }),
});

/** The player's copy, the only answer that carries the credential. */
export const ProvisioningSchema = Type.Object({
  presentationNetworkId: Uuid,
  name: Type.String(),
  ssid: Type.String(),
  hidden: Type.Boolean(),
  security: SecuritySchema,
  auth: AuthSchema,
  configRevision: Type.Integer({ minimum: 1 }),
  secret: Type.String({ description: 'The PSK or Enterprise password.' }),
});

/** The config's `presentationNetwork` section: identifiers, the revision and non-secret details only. */
export const ConfigSectionSchema = Type.Object(
  {
    assigned: Type.Boolean({ description: 'false: remove any presentation network profile the player holds.' }),
    presentationNetworkId: Opt(Uuid),
    name: Opt(Type.String()),
    ssid: Opt(Type.String()),
    hidden: Opt(Type.Boolean()),
    security: Opt(SecuritySchema),
    configRevision: Opt(Type.Integer({ minimum: 1 })),
    credentialAvailable: Opt(Type.Boolean({ description: 'The server can hand the player the credential (`GET /player/presentation-network`).' })),
    identity: Opt(Type.String()),
    anonymousIdentity: Opt(Type.String()),
    domainSuffixMatch: Opt(Type.String()),
    caCertificateSet: Opt(Type.Boolean()),
  },
  { description: 'The screen’s presentation network (Linux players join it for local presentation). The credential is fetched separately.' },
);

export const securityOptions = () => SECURITY_TYPES.map((value) => ({ value, label: SECURITY_LABELS[value], enterprise: isEnterprise(value) }));

/** A network as the console reads it: never the credential, only whether one is saved. */
export const networkView = (r: NetworkRow & { assigned_screens: number }) => ({
  id: r.id,
  name: r.name,
  ssid: r.ssid,
  hidden: r.hidden,
  security: r.security,
  securityLabel: SECURITY_LABELS[r.security as Security],
  auth: present({ ...r.auth_metadata }),
  credentialSet: r.secret_sealed !== null,
  ...present({ secretUpdatedAt: r.secret_updated_at?.toISOString() }),
  configRevision: r.config_revision,
  assignedScreens: r.assigned_screens,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export const assignmentView = (
  screen: { id: string; name: string; platform: string },
  assignment?: Pick<AssignmentRow, 'presentation_network_id' | 'assigned_at'> & { network_name: string },
) => ({
  screenId: screen.id,
  screenName: screen.name,
  platform: screen.platform,
  ...present({
    presentationNetworkId: assignment?.presentation_network_id,
    presentationNetworkName: assignment?.network_name,
    assignedAt: assignment?.assigned_at.toISOString(),
  }),
});

/** What an audit entry says of a network: identity, never the credential or the CA material. */
export const auditOf = (r: NetworkRow & { assigned_screens?: number }) => ({
  presentationNetworkId: r.id,
  name: r.name,
  ssid: r.ssid,
  hidden: r.hidden,
  security: r.security,
  configRevision: r.config_revision,
  ...present({ assignedScreens: r.assigned_screens }),
});
