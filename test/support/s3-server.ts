import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStorageConfig, type S3StorageConfig } from '../../kernel/storage/storage-config.js';

const MAIN = fileURLToPath(new URL('./s3rver-main.cjs', import.meta.url));

/**
 * What the AWS SDK needs for s3rver: its default request checksums make s3rver store streamed
 * uploads with extra bytes, so they are asked for only where required (real stores accept both).
 * s3rver checks no signature; any key pair does.
 */
export const S3_CLIENT_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
  AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
};

export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** The environment of a server process that keeps its media in `bucket` under `prefix`. */
  envFor(bucket: string, prefix?: string): Record<string, string>;
  /** A driver's configuration for `bucket` under `prefix` (this process's AWS variables are set by startS3Server). */
  configFor(bucket: string, prefix?: string): S3StorageConfig;
  /** Stops it, keeping its objects: `restart` brings it back on the same port. */
  pause(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function launch(directory: string, buckets: string[], port = 0, cors?: string): Promise<{ child: ChildProcess; port: number }> {
  // s3rver makes list continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
  const child = spawn(process.execPath, [MAIN, directory, buckets.join(','), String(port), ...(cors ? [cors] : [])], {
    env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const found = /listening (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening: ${output}`)));
  });
  return { child, port: listening };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * A real S3-protocol server (s3rver) in a child process, with these buckets. Sets the AWS client
 * variables in this process too, for drivers made here. `cors` is the buckets' CORS configuration
 * (S3's XML), for browsers that fetch from them.
 */
export async function startS3Server({ buckets, cors }: { buckets: string[]; cors?: string }): Promise<S3Server> {
  Object.assign(process.env, S3_CLIENT_ENV);
  const directory = mkdtempSync(join(tmpdir(), 'signage-s3-'));
  const started = await launch(directory, buckets, 0, cors);
  let child = started.child;
  const port = started.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const envFor = (bucket: string, prefix = '') => ({
    ...S3_CLIENT_ENV,
    MEDIA_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_PREFIX: prefix,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: 'us-east-1',
  });
  const halt = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };
  return {
    endpoint,
    envFor,
    configFor: (bucket, prefix) => loadStorageConfig(envFor(bucket, prefix), directory) as S3StorageConfig,
    pause: halt,
    restart: async () => {
      // The same port, so clients configured with the endpoint reach it again.
      child = (await launch(directory, buckets, port, cors)).child;
    },
    stop: async () => {
      await halt();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
