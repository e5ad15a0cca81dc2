import { join } from 'node:path';
import { bool, ConfigError, type Env, integer, oneOf, optional } from '../config.js';

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Put before every key (`signage/` keeps the server's objects in one folder of a shared bucket); empty for none. */
  prefix: string;
  region: string;
  /** For stores other than AWS (R2, B2, MinIO, Ceph, Garage); unset means AWS's own. */
  endpoint?: string;
  /** `bucket.host/key` (false, AWS's way) or `host/bucket/key` (true, what most self-hosted stores want). */
  forcePathStyle: boolean;
  /** `serve`: downloads stream through the server; `redirect`: to a short-lived presigned URL. */
  downloads: 'serve' | 'redirect';
  /** How long a presigned download URL works. */
  presignSeconds: number;
}

export type MediaStorageConfig = { kind: 'local'; root: string } | S3StorageConfig;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/;

/**
 * Where media lives: MEDIA_STORAGE=local (the default, DATA_DIR/media) or s3 with S3_BUCKET,
 * S3_PREFIX, S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE. Credentials come from the AWS SDK's
 * usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export function loadStorageConfig(env: Env, dataDir: string): MediaStorageConfig {
  const kind = oneOf(env, 'MEDIA_STORAGE', ['local', 's3'], 'local');
  const downloads = oneOf(env, 'MEDIA_DOWNLOADS', ['serve', 'redirect'], 'serve');
  if (kind === 'local') {
    if (downloads === 'redirect') throw new ConfigError('MEDIA_DOWNLOADS=redirect needs MEDIA_STORAGE=s3: files on the local disk are served by the server');
    return { kind, root: join(dataDir, 'media') };
  }
  const bucket = optional(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('MEDIA_STORAGE=s3 needs S3_BUCKET');
  if (!BUCKET.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes), got "${bucket}"`);
  let prefix = optional(env, 'S3_PREFIX') ?? '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (!PREFIX.test(prefix)) throw new ConfigError(`S3_PREFIX must be folder names separated by "/" (letters, digits, dot, dash, underscore), got "${prefix}"`);
  const endpoint = optional(env, 'S3_ENDPOINT');
  if (endpoint) {
    let parsed: URL;
    try {
      parsed = new URL(endpoint);
    } catch {
      throw new ConfigError(`S3_ENDPOINT must be an http or https URL, got "${endpoint}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`S3_ENDPOINT must be an http or https URL, got "${endpoint}"`);
  }
  return {
    kind,
    bucket,
    prefix,
    region: optional(env, 'S3_REGION') ?? optional(env, 'AWS_REGION') ?? 'us-east-1',
    endpoint,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
    downloads,
    presignSeconds: integer(env, 'S3_PRESIGN_SECONDS', 300, 30, 7 * 24 * 3600),
  };
}
