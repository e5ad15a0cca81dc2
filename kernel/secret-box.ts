import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { KeyRing, SecretKey } from './key-ring.js';
import { safeEqual } from './secrets.js';

const VERSION = 'sb1';
const SEALED = /^sb1\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)$/;
const SIGNATURE = /^([0-9a-f]{8})\.([A-Za-z0-9_-]{43})$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a module seals, so a key rotation can re-seal it without the kernel knowing its tables. */
export interface SealedValues {
  /** Named in the rotation report, e.g. `auth: authenticator app secrets`. */
  name: string;
  /** Re-seals (with `box.reseal`) every value not sealed with the current key; answers how many it rewrote. */
  reseal(): Promise<number>;
}

/** A key of its own for each use, so one key never serves two algorithms. */
const subkey = (key: SecretKey, use: string) => Buffer.from(hkdfSync('sha256', key.key, Buffer.alloc(0), `signage-server ${use}`, 32));

/**
 * Secrets kept at rest (AES-256-GCM) and server-made tokens (HMAC-SHA-256), under the key ring.
 * A sealed value is `sb1.<key id>.<iv, ciphertext, tag as base64url>` and is bound to a context
 * (such as the row it belongs to): moved to another row, it no longer opens.
 */
export class SecretBox {
  private readonly registered: SealedValues[] = [];

  constructor(readonly ring: KeyRing) {}

  seal(plaintext: string, context: string): string {
    this.ring.refresh(); // seal with the newest key, even if another process rotated a moment ago
    const key = this.ring.primary;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', subkey(key, 'seal'), iv);
    cipher.setAAD(Buffer.from(`${VERSION}.${key.id}.${context}`));
    const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${key.id}.${body.toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    const [, id, encoded] = SEALED.exec(sealed) ?? [];
    if (!id || !encoded) throw new Error('not a sealed value');
    const key = this.ring.find(id);
    if (!key) throw new Error(`a value is sealed with key ${id}, which this server does not have (SECRETS_KEY or DATA_DIR/secrets.key)`);
    const body = Buffer.from(encoded, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', subkey(key, 'seal'), body.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}.${id}.${context}`));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`a value sealed with key ${id} does not open: it was altered or belongs elsewhere`);
    }
  }

  isSealed(value: string): boolean {
    return SEALED.test(value);
  }

  /** Sealed with the key that seals now: a rotation has nothing to do for it. */
  isCurrent(value: string): boolean {
    this.ring.refresh();
    return value.startsWith(`${VERSION}.${this.ring.primary.id}.`);
  }

  /** `value`, sealed with any key of the ring or still plain text, sealed with the current key. */
  reseal(value: string, context: string): string {
    return this.seal(this.isSealed(value) ? this.open(value, context) : value, context);
  }

  /** `<key id>.<HMAC>` of `data` for one purpose; it verifies while its key stays in the ring. */
  sign(purpose: string, data: string): string {
    this.ring.refresh();
    return `${this.ring.primary.id}.${mac(this.ring.primary, purpose, data)}`;
  }

  verify(purpose: string, data: string, signature: string): boolean {
    const [, id, tag] = SIGNATURE.exec(signature) ?? [];
    const key = id && this.ring.find(id);
    return Boolean(key && tag && safeEqual(mac(key, purpose, data), tag));
  }

  register(values: SealedValues): void {
    this.registered.push(values);
  }

  /** Re-seals every registered value not sealed with the current key; how many each owner rewrote. */
  async resealAll(): Promise<{ name: string; count: number }[]> {
    const report = [];
    for (const values of this.registered) report.push({ name: values.name, count: await values.reseal() });
    return report;
  }
}

function mac(key: SecretKey, purpose: string, data: string): string {
  return createHmac('sha256', subkey(key, `sign ${purpose}`))
    .update(data)
    .digest('base64url');
}
