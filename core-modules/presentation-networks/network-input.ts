import { invalidInput } from '../../kernel/errors.js';

export const SECURITY_TYPES = ['wpa_psk', 'wpa_eap_peap_mschapv2'] as const;
export type Security = (typeof SECURITY_TYPES)[number];

export const SECURITY_LABELS: Record<Security, string> = {
  wpa_psk: 'WPA2/WPA3 Personal (PSK)',
  wpa_eap_peap_mschapv2: 'WPA2-Enterprise (PEAP/MSCHAPv2)',
};

export const isEnterprise = (security: Security) => security === 'wpa_eap_peap_mschapv2';

/** The non-secret 802.1X details (empty for a PSK network). */
export interface AuthMetadata {
  identity?: string;
  anonymousIdentity?: string;
  caCertificatePem?: string;
  domainSuffixMatch?: string;
}

/** What a create or edit asks for, as the route received it (fields left out of an edit keep their values). */
export interface NetworkInput extends AuthMetadata {
  name?: string;
  ssid?: string;
  hidden?: boolean;
  security?: Security;
  /** Write-only. Left out of an edit: the stored one stays; given: it is replaced. */
  secret?: string;
}

export interface CheckedNetwork {
  name: string;
  ssid: string;
  hidden: boolean;
  security: Security;
  auth: AuthMetadata;
  secret?: string;
}

const NAME_MAX = 120;
const SSID_MAX_BYTES = 32;
const IDENTITY = /^[A-Za-z0-9._@\\/+=-]{1,253}$/;
const DOMAIN = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const PSK_HEX = /^[0-9a-fA-F]{64}$/;
const PEM_BODY = /^[A-Za-z0-9+/=]+$/;
const CA_MAX_BYTES = 32 * 1024;
const ENTERPRISE_SECRET_MAX = 128;
const BEGIN = '-----BEGIN CERTIFICATE-----';
const END = '-----END CERTIFICATE-----';

const invalid = (field: string, message: string) => invalidInput('presentation_network_invalid', message, `body/${field}`);

// Everything that reaches the player's NetworkManager profile is printable ASCII: a control
// character or newline there could add a key of its own.
const printableAscii = (value: string) => !/[^\x20-\x7e]/.test(value);

/**
 * A create (`current` undefined) or an edit of `current`, checked and normalised as the players
 * need it. The messages name the rule, never the value: a credential must not come back in an error.
 */
export function checkNetwork(input: NetworkInput, current?: CheckedNetwork & { credentialSet: boolean }): CheckedNetwork {
  const name = (input.name ?? current?.name ?? '').split(/\s+/).filter(Boolean).join(' ');
  if (!name) throw invalid('name', 'Give the presentation network a name.');
  if ([...name].length > NAME_MAX) throw invalid('name', `The name is at most ${NAME_MAX} characters.`);

  // Spaces around an SSID are valid Wi-Fi but far more often a paste mistake.
  const ssid = (input.ssid ?? current?.ssid ?? '').trim();
  if (!ssid) throw invalid('ssid', 'Enter the Wi-Fi network name (SSID).');
  if (Buffer.byteLength(ssid) > SSID_MAX_BYTES) throw invalid('ssid', `An SSID is at most ${SSID_MAX_BYTES} bytes.`);
  if (!printableAscii(ssid)) throw invalid('ssid', 'The SSID must use printable ASCII characters.');

  const security = input.security ?? current?.security;
  if (!security) throw invalid('security', `Choose the authentication: ${SECURITY_TYPES.join(' or ')}.`);
  // An edit keeps the stored 802.1X details it does not name, unless the authentication changes.
  const auth = checkAuth(security, { ...(security === current?.security ? current.auth : {}), ...definedAuth(input) });

  if (input.secret === undefined) {
    if (!current?.credentialSet)
      throw invalid('secret', isEnterprise(security) ? 'Enter the Enterprise account password.' : 'Enter the Wi-Fi password or PSK.');
    // The stored credential is a PSK or a password: another authentication needs a new one.
    if (security !== current.security) throw invalid('secret', 'Changing the authentication type also needs a new credential.');
  } else {
    checkSecret(security, input.secret);
  }
  return { name, ssid, hidden: input.hidden ?? current?.hidden ?? false, security, auth, secret: input.secret };
}

const definedAuth = (input: AuthMetadata): AuthMetadata =>
  Object.fromEntries(
    (['identity', 'anonymousIdentity', 'caCertificatePem', 'domainSuffixMatch'] as const).filter((k) => input[k] !== undefined).map((k) => [k, input[k]]),
  );

function checkAuth(security: Security, given: AuthMetadata): AuthMetadata {
  // A PSK network has no 802.1X details: keeping ones typed before a switch would show what is not provisioned.
  if (!isEnterprise(security)) return {};
  const identity = given.identity?.trim() ?? '';
  if (!identity) throw invalid('identity', 'Enter the Enterprise identity (username).');
  if (!IDENTITY.test(identity)) throw invalid('identity', 'The identity may use letters, digits and . _ @ \\ / + = - only.');
  const auth: AuthMetadata = { identity };
  const anonymous = given.anonymousIdentity?.trim();
  if (anonymous) {
    if (!IDENTITY.test(anonymous)) throw invalid('anonymousIdentity', 'The anonymous identity may use letters, digits and . _ @ \\ / + = - only.');
    auth.anonymousIdentity = anonymous;
  }
  const certificate = given.caCertificatePem?.trim();
  if (certificate) auth.caCertificatePem = checkCertificate(certificate);
  const domain = given.domainSuffixMatch?.trim().toLowerCase();
  if (domain) {
    if (domain.length > 253 || !DOMAIN.test(domain))
      throw invalid('domainSuffixMatch', 'The expected server domain is a host name such as radius.example.org.');
    // The server name can only be checked against a certificate the player can validate.
    if (!auth.caCertificatePem) throw invalid('domainSuffixMatch', 'An expected server domain also needs the CA certificate that signs it.');
    auth.domainSuffixMatch = domain;
  }
  return auth;
}

/** Certificates only (no keys or requests): the player hands this file to NetworkManager as the CA. */
function checkCertificate(pem: string): string {
  if (Buffer.byteLength(pem) > CA_MAX_BYTES) throw invalid('caCertificatePem', `The CA certificate is at most ${CA_MAX_BYTES / 1024} KiB.`);
  const lines = pem
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines[0] !== BEGIN || lines.at(-1) !== END) throw invalid('caCertificatePem', `Paste the CA certificate in PEM form, from ${BEGIN} to ${END}.`);
  for (const line of lines) {
    if (line === BEGIN || line === END) continue;
    if (line.startsWith('-----')) throw invalid('caCertificatePem', 'The CA certificate holds certificates only, not keys or requests.');
    if (!PEM_BODY.test(line)) throw invalid('caCertificatePem', 'The CA certificate has characters that are not PEM.');
  }
  return `${lines.join('\n')}\n`;
}

function checkSecret(security: Security, secret: string): void {
  if (!secret) throw invalid('secret', 'Enter a credential, or leave the field out to keep the saved one.');
  if (!printableAscii(secret)) throw invalid('secret', 'The credential must use printable ASCII characters.');
  if (isEnterprise(security)) {
    if (secret.length > ENTERPRISE_SECRET_MAX) throw invalid('secret', `The Enterprise password is at most ${ENTERPRISE_SECRET_MAX} characters.`);
    return;
  }
  // 64 hex digits are a raw PSK, taken as is.
  if (!PSK_HEX.test(secret) && (secret.length < 8 || secret.length > 63)) {
    throw invalid('secret', 'A WPA passphrase is 8 to 63 characters, or a 64-digit hexadecimal key.');
  }
}
