import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LEASE_SECONDS } from './jobs/job-leases.js';
import { loadStorageConfig, type MediaStorageConfig } from './storage/storage-config.js';

export type SignageEnv = 'production' | 'demo';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  /** Unset means: run the embedded PostgreSQL under `${dataDir}/postgres`. */
  databaseUrl?: string;
  logLevel: LogLevel;
  env: SignageEnv;
  /** Explicit tool paths; unset means: the system binary on PATH if any, else the npm-installed one. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** Seconds an in-flight request may take to finish after SIGTERM. */
  shutdownGraceSeconds: number;
  /** Days the audit log is kept. */
  auditRetentionDays: number;
  /** Seconds after which a job whose process stopped renewing its lease runs again elsewhere. */
  jobLeaseSeconds: number;
  /** Where media files live: DATA_DIR/media, or an S3-compatible bucket. */
  mediaStorage: MediaStorageConfig;
  /** The built console (`console/dist`, made by `npm ci`), served at `/`. */
  consoleDir: string;
  /** The built browser player (`browser-player/dist`, made by `npm ci`), served at `/player/`. */
  browserPlayerDir: string;
  /** The environment it was read from, for modules that parse their own settings (with the helpers below). */
  raw: Env;
}

/** A bad setting. Printed as one line at boot, without a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const ENVS: readonly SignageEnv[] = ['production', 'demo'];

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function url(name: string, raw: string, protocols: string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}, got "${parsed.protocol.replace(':', '')}"`);
  }
  return parsed;
}

export function optional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = optional(env, 'HOST') ?? '0.0.0.0';
  const publicUrl = url('PUBLIC_URL', optional(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, ['http:', 'https:']);
  if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash) {
    throw new ConfigError(`PUBLIC_URL must be an origin without a path, query or fragment, got "${publicUrl.href}"`);
  }
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl) url('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);
  const dataDir = resolve(optional(env, 'DATA_DIR') ?? './data');
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    env: oneOf(env, 'SIGNAGE_ENV', ENVS, 'production'),
    ffmpegPath: optional(env, 'FFMPEG_PATH'),
    ffprobePath: optional(env, 'FFPROBE_PATH'),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36500),
    jobLeaseSeconds: integer(env, 'JOB_LEASE_SECONDS', DEFAULT_LEASE_SECONDS, 6, 3600),
    mediaStorage: loadStorageConfig(env, dataDir),
    consoleDir: resolve(optional(env, 'CONSOLE_DIR') ?? fileURLToPath(new URL('../console/dist', import.meta.url))),
    browserPlayerDir: resolve(optional(env, 'BROWSER_PLAYER_DIR') ?? fileURLToPath(new URL('../browser-player/dist', import.meta.url))),
    raw: env,
  };
}
