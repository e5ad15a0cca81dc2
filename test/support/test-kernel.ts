import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../kernel/config.js';
import { startKernel, type Kernel, type KernelOptions } from '../../kernel/kernel.js';
import { createLogger } from '../../kernel/logger.js';
import type { PluginDef } from '../../kernel/plugin.js';
import type { PluginInstallations } from '../../kernel/plugin-installations.js';
import { createSchemaDatabase } from './test-database.js';
import { responseChecker, type OpenApiDoc } from './response-conformance.js';

export interface TestKernel extends Kernel {
  url: string;
  databaseUrl: string;
  dataDir: string;
  /** Every log line the kernel wrote, parsed. */
  logs: Record<string, unknown>[];
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** What a client needs of a server: a test kernel, or a server process on another "host". */
export type HttpTarget = Pick<TestKernel, 'url' | 'request'>;

export interface TestKernelOptions {
  plugins?: PluginDef[];
  /** Share a database with another test kernel (two server processes on one database). */
  databaseUrl?: string;
  env?: Record<string, string>;
  role?: KernelOptions['role'];
  /** Use this DATA_DIR (e.g. a stopped kernel's, to boot "after a restart"); the caller removes it. */
  dataDir?: string;
  /** Optional plugins to install after boot (default: every one among `plugins`); `[]` leaves them uninstalled. */
  install?: string[];
}

/** The key file of the first kernel booted on each database. */
const keyFiles = new Map<string, string>();

/** Boots the real kernel with the given plugins on a fresh database and a throw-away DATA_DIR. */
export async function bootTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const databaseUrl = options.databaseUrl ?? (await createSchemaDatabase(options.plugins ?? []));
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'signage-test-data-'));
  // Processes on one database share its secret keys, as a deployment's hosts must (SECRETS_KEY):
  // a second kernel on a database gets the first one's key file.
  const keyFile = keyFiles.get(databaseUrl);
  if (keyFile && ownsDataDir && existsSync(keyFile)) copyFileSync(keyFile, join(dataDir, 'secrets.key'));
  else if (!keyFile) keyFiles.set(databaseUrl, join(dataDir, 'secrets.key'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_SECONDS: '2',
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  let document: OpenApiDoc | undefined;
  const kernel = await startKernel({
    config,
    plugins: options.plugins ?? [],
    role: options.role,
    logger: createLogger(config.logLevel, sink),
    jobPollingIntervalSeconds: 0.5,
    socketPingIntervalMs: 1_000,
    onResponse: responseChecker(() => document),
  });
  document = kernel.containerOf('kernel').resolve<() => OpenApiDoc>('apiDocument')();
  const installations = kernel.containerOf('kernel').resolve<PluginInstallations>('pluginInstallations');
  const toInstall = options.install ?? installations.offered().map((p) => p.def.name);
  for (const name of toInstall) await installations.install(name);
  const url = kernel.url ?? '';
  return {
    ...kernel,
    url,
    databaseUrl,
    dataDir,
    logs,
    request: (path, init) => fetch(url + path, init),
    stop: async () => {
      await kernel.stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request helper: returns status, headers and the parsed body. */
export async function call(k: HttpTarget, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await k.request(path, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, body: json, text };
}
