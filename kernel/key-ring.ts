import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, optional, type Config } from './config.js';

const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export interface SecretKey {
  /** A fingerprint naming the key in what it sealed; it reveals nothing of the key. */
  id: string;
  key: Buffer;
}

export const newSecretKey = (): SecretKey => keyOf(randomBytes(KEY_BYTES));

function keyOf(key: Buffer): SecretKey {
  return { id: createHash('sha256').update('signage-server key id\0').update(key).digest('hex').slice(0, 8), key };
}

/** Keys as written in SECRETS_KEY or the key file: base64, separated by commas or lines; `#` starts a comment line. */
function parseKeys(text: string, where: string): SecretKey[] {
  const encoded = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('#'));
  // The messages never quote a key.
  const keys = encoded.map((e, i) => {
    const key = Buffer.from(e, 'base64');
    if (!BASE64.test(e) || key.length !== KEY_BYTES) throw new ConfigError(`${where}: key ${i + 1} is not ${KEY_BYTES} bytes in base64`);
    return keyOf(key);
  });
  if (keys.length === 0) throw new ConfigError(`${where} holds no key`);
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new ConfigError(`${where} holds the same key twice`);
  return keys;
}

const FILE_HEADER = '# signage-server secret keys: keep this file private. The first key seals; the others only open.\n';
const formatKeys = (keys: SecretKey[]) => FILE_HEADER + keys.map((k) => `${k.key.toString('base64')}\n`).join('');

/** Creates `path` with mode 0600 ('wx': fails if it exists, so the mode always applies). */
function writePrivately(path: string, keys: SecretKey[]): void {
  writeFileSync(path, formatKeys(keys), { mode: 0o600, flag: 'wx' });
}

const stampOf = (path: string) => {
  const s = statSync(path);
  return `${s.ino}:${s.mtimeMs}:${s.size}`;
};

/**
 * The server's secret keys. The first seals and signs; the others still open what they sealed, so
 * keys can be rotated. They come from SECRETS_KEY (processes on several hosts must share them) or
 * else from DATA_DIR/secrets.key, created with one random key at first start (mode 0600).
 */
export class KeyRing {
  private constructor(
    /** Where the keys live: `env` (SECRETS_KEY, read once) or the path of the key file. */
    readonly source: 'env' | { file: string },
    private keys: SecretKey[],
    private stamp?: string,
  ) {}

  static load(config: Config): KeyRing {
    const fromEnv = optional(config.raw, 'SECRETS_KEY');
    if (fromEnv) return new KeyRing('env', parseKeys(fromEnv, 'SECRETS_KEY'));
    const file = join(config.dataDir, 'secrets.key');
    mkdirSync(dirname(file), { recursive: true });
    try {
      writePrivately(file, [newSecretKey()]); // two processes starting together keep the first one's key
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return new KeyRing({ file }, parseKeys(readFileSync(file, 'utf8'), file), stampOf(file));
  }

  /** A ring of one fixed key, for a feature sealing under a key of its own (read once, like SECRETS_KEY). */
  static of(key: Buffer): KeyRing {
    if (key.length !== KEY_BYTES) throw new Error(`a secret key is ${KEY_BYTES} bytes`);
    return new KeyRing('env', [keyOf(key)]);
  }

  get primary(): SecretKey {
    return this.keys[0]!;
  }

  get all(): readonly SecretKey[] {
    return this.keys;
  }

  /** The key with this id, re-reading the key file once if it is not known (another process may have rotated). */
  find(id: string): SecretKey | undefined {
    const found = this.keys.find((k) => k.id === id);
    if (found) return found;
    this.refresh();
    return this.keys.find((k) => k.id === id);
  }

  /** Re-reads the key file when it changed since it was read. SECRETS_KEY changes only with a restart. */
  refresh(): void {
    if (this.source === 'env') return;
    const stamp = stampOf(this.source.file);
    if (stamp === this.stamp) return;
    this.keys = parseKeys(readFileSync(this.source.file, 'utf8'), this.source.file);
    this.stamp = stamp;
  }

  /** Replaces the keys in the key file (written whole, then renamed into place). */
  replace(keys: SecretKey[]): void {
    if (this.source === 'env') throw new Error('the keys come from SECRETS_KEY: change it there');
    const temporary = `${this.source.file}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    writePrivately(temporary, keys);
    renameSync(temporary, this.source.file);
    this.keys = keys;
    this.stamp = stampOf(this.source.file);
  }
}
