import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for tests: ES256 (P-256) keys from node:crypto, "none"
 * attestation, user verification always performed. It builds the same bytes a browser and a
 * platform authenticator would (WebAuthn L2 §6.1, §6.5), so the server's real verification runs.
 */

// --- a tiny CBOR encoder: unsigned/negative integers, byte and text strings, maps (RFC 8949 §3) ---
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Buffer;
  rpId: string;
  userHandle: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
}

/** What a test may change to build an answer the server must refuse. */
export interface Tamper {
  origin?: string;
  challenge?: string;
  type?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Flip a bit of the signature. */
  badSignature?: boolean;
  /** Report this counter instead of the next one (a cloned authenticator). */
  signCount?: number;
}

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** The public key as a COSE_Key map (RFC 9053 §7.1): kty EC2, alg ES256, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  /** `origin` plays the browser: the page origin it writes into clientDataJSON. */
  constructor(readonly origin: string) {}

  get credentialIds(): string[] {
    return this.credentials.map((c) => b64url(c.id));
  }

  /** navigator.credentials.create() followed by PublicKeyCredential.toJSON(). */
  create(options: any, tamper: Tamper = {}) {
    const rpId: string = options.rp.id;
    const excluded = new Set((options.excludeCredentials ?? []).map((c: { id: string }) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(b64url(c.id))))
      throw new Error('InvalidStateError: this authenticator already holds an excluded credential');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: StoredCredential = {
      id: randomBytes(32),
      rpId,
      userHandle: Buffer.from(options.user.id, 'base64url'),
      privateKey,
      publicKey,
      signCount: 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKey(publicKey)]);
    const flags = FLAG_UP | FLAG_AT | (tamper.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(tamper.rpId ?? rpId, flags, credential.signCount, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = clientData(tamper.type ?? 'webauthn.create', tamper.challenge ?? options.challenge, tamper.origin ?? this.origin);
    this.credentials.push(credential);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get(): one of `allowCredentials`, or any resident credential for the rp when none are listed. */
  get(options: any, tamper: Tamper = {}) {
    const rpId: string = options.rpId;
    const allowed: string[] = (options.allowCredentials ?? []).map((c: { id: string }) => c.id);
    const credential = this.credentials.find((c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))));
    if (!credential) throw new Error('NotAllowedError: no matching credential');
    return this.assert(credential, options.challenge, tamper);
  }

  /** Answers with a named credential even if the options did not allow it (a misbehaving client). */
  getWith(credentialId: string, options: any, tamper: Tamper = {}) {
    const credential = this.credentials.find((c) => b64url(c.id) === credentialId);
    if (!credential) throw new Error('no such credential');
    return this.assert(credential, options.challenge, tamper);
  }

  private assert(credential: StoredCredential, challenge: string, tamper: Tamper) {
    credential.signCount += 1;
    const flags = FLAG_UP | (tamper.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(tamper.rpId ?? credential.rpId, flags, tamper.signCount ?? credential.signCount);
    const clientDataJSON = clientData(tamper.type ?? 'webauthn.get', tamper.challenge ?? challenge, tamper.origin ?? this.origin);
    // ECDSA over authenticatorData || SHA-256(clientDataJSON), DER-encoded as WebAuthn expects.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), { key: credential.privateKey, dsaEncoding: 'der' });
    if (tamper.badSignature) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(credential.userHandle),
      },
    };
  }
}
