import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { Context } from 'koa';
import { join } from 'node:path';
import { asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import { Guards, type AuthenticatorMap } from './auth/guards.js';
import type { Config } from './config.js';
import { lockDataDir } from './data-dir-lock.js';
import { checkServerVersion, createKnex, type Knex } from './db/database.js';
import { DatabaseHealth } from './db/database-health.js';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.js';
import { migrateAll, type MigrationSet, migrationStates } from './db/migrator.js';
import { createHttpApp } from './http/app.js';
import { FileWriteGate } from './http/file-write-gate.js';
import { buildRouter, type MountedRoute } from './http/route-table.js';
import { JobQueue } from './jobs/job-queue.js';
import { createLogger, type Logger } from './logger.js';
import { resolveMediaTools } from './media-tools.js';
import { buildOpenApi } from './openapi.js';
import type { CommandDef, JobDef, PluginDef } from './plugin.js';
import { PluginInstallations } from './plugin-installations.js';
import { createPluginContainers } from './container.js';
import { registerPlugins, type LoadedPlugin } from './plugin-loader.js';
import { Readiness } from './readiness.js';
import { AuditLog } from './audit-log.js';
import { RateLimiter } from './rate-limiter.js';
import { KeyRing } from './key-ring.js';
import { SecretBox } from './secret-box.js';
import { createStorage } from './storage/create-storage.js';
import { assertStorageUsable } from './storage/storage-check.js';
import { systemPlugin } from './system/system.plugin.js';
import { SocketHub } from './ws/hub.js';

// What every plugin's container sees, in a file of its own: the kernel's own plugin reads it without importing the kernel.
export type { KernelDeps, ProcessRole } from './kernel-deps.js';
import type { KernelDeps, ProcessRole } from './kernel-deps.js';

export interface KernelOptions {
  config: Config;
  plugins: PluginDef[];
  /** System-wide jobs (retention of the kernel's tables) that the kernel's own plugin runs; the entry points pass them in. */
  systemJobs?: JobDef<KernelDeps>[];
  role?: ProcessRole;
  logger?: Logger;
  /** Test knobs: how often workers poll for jobs and the socket hub pings. */
  jobPollingIntervalSeconds?: number;
  socketPingIntervalMs?: number;
  /** Test knob: sees every HTTP answer before it is sent (the suite checks each one against the OpenAPI document). */
  onResponse?: (ctx: Context) => void;
  /** The process cannot work on: the embedded PostgreSQL stopped and could not be restarted. */
  onFatal?: () => void;
}

/** What an entry point hands the kernel: the features it runs. */
export type Application = Pick<KernelOptions, 'plugins' | 'systemJobs'>;

export interface Kernel {
  /** Base URL of the HTTP server (web roles only). */
  url?: string;
  server?: Server;
  db: Knex;
  routes: MountedRoute[];
  plugins: LoadedPlugin[];
  commands: { plugin: string; command: CommandDef }[];
  containerOf(plugin: string): AwilixContainer;
  stop(): Promise<void>;
}

const KERNEL_MIGRATIONS = new URL('../migrations', import.meta.url);

/**
 * Brings a database to the schema these plugins start on: the kernel's tables, then each plugin's
 * in dependency order. An optional plugin's migrations run when it is installed, and at later
 * starts only if it is. Answers the migrations it applied.
 */
async function migrateSchema(db: Knex, plugins: LoadedPlugin[]): Promise<string[]> {
  const applied = await migrateAll(db, [KERNEL_SET]);
  applied.push(...(await migrateAll(db, await pluginSets(db, plugins))));
  return applied;
}

const KERNEL_SET: MigrationSet = { owner: 'kernel', folder: KERNEL_MIGRATIONS };

/** The migration sets of the plugins that run: every core module, and optional plugins once installed. */
async function pluginSets(db: Knex, plugins: LoadedPlugin[]): Promise<MigrationSet[]> {
  const installed = new Set<string>(await db('kernel_plugin_installations').pluck('plugin'));
  const sets: MigrationSet[] = [];
  for (const p of plugins) {
    if (p.def.migrations && (!p.def.installable || installed.has(p.def.name))) sets.push({ owner: p.def.name, folder: p.def.migrations });
  }
  return sets;
}

/** What a start of these plugins would migrate, done alone (a test harness prepares template databases with it). */
export const migrateSchemaFor = (db: Knex, plugins: PluginDef[]) => migrateSchema(db, registerPlugins([systemPlugin([]), ...plugins]));

export async function startKernel(options: KernelOptions): Promise<Kernel> {
  const { config } = options;
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(config.logLevel);
  const serves = role === 'all' || role === 'web';
  const cleanups: (() => Promise<void> | void)[] = [];
  // Every step runs even when one before it failed (a stop hook that met a dead database): the
  // pool, the embedded database and the DATA_DIR lock are always released. The first failure is rethrown.
  const cleanup = async () => {
    const failures: unknown[] = [];
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length) throw failures[0];
  };

  // 1. Declarations only: a wiring mistake fails here, before any I/O.
  const plugins = registerPlugins([systemPlugin(options.systemJobs ?? []), ...options.plugins]);

  try {
    // 2. Media storage: a bucket that cannot be written stops the start before anything else runs.
    const storage = createStorage(config.mediaStorage);
    if (storage.kind === 's3') await assertStorageUsable(storage);

    // 3. Database: the configured one, or the embedded one under DATA_DIR.
    let databaseUrl = config.databaseUrl ?? (role === 'cli' ? runningEmbeddedUrl(join(config.dataDir, 'postgres')) : undefined);
    if (!databaseUrl) {
      cleanups.push(lockDataDir(config.dataDir));
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), logger, { onGiveUp: options.onFatal });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const db = createKnex(databaseUrl, logger);
    cleanups.push(() => db.destroy());
    await checkServerVersion(db);

    // 4. Schema.
    const applied = await migrateSchema(db, plugins);
    if (applied.length) logger.info({ applied }, 'migrations applied');

    // 5. Containers.
    const root = createContainer({ injectionMode: InjectionMode.PROXY });
    const jobs = new JobQueue(databaseUrl, logger, config.jobLeaseSeconds);
    const authenticators: AuthenticatorMap = {};
    const guards = new Guards(authenticators);
    const hub = new SocketHub(
      databaseUrl,
      async (payload) => void (await db.raw('SELECT pg_notify(?, ?)', ['signage_hub', payload])),
      guards,
      logger,
      options.socketPingIntervalMs,
    );
    const readinessChecks: Parameters<LoadedPlugin['readiness'][number]>[0][] = [];
    let apiDocument: object | undefined;
    let containers: Map<string, AwilixContainer> | undefined;
    const depsOf = (name: string) => containers!.get(name)!.cradle;
    const installations = new PluginInstallations(db, plugins, depsOf, logger);
    const fileWriteGate = new FileWriteGate();
    root.register({
      config: asValue(config),
      processRole: asValue(role),
      logger: asValue(logger),
      db: asValue(db),
      jobs: asValue(jobs),
      hub: asValue(hub),
      storage: asValue(storage),
      mediaTools: asValue(resolveMediaTools(config)),
      readiness: asValue(new Readiness(readinessChecks)),
      auditLog: asValue(new AuditLog(db)),
      rateLimiter: asValue(new RateLimiter(db)),
      databaseHealth: asValue(new DatabaseHealth(db)),
      secretBox: asValue(new SecretBox(KeyRing.load(config))),
      apiDocument: asValue(() => apiDocument),
      fileWriteGate: asValue(fileWriteGate),
      pluginInstallations: asValue(installations),
      migrationStates: asValue(async () => migrationStates(db, [KERNEL_SET, ...(await pluginSets(db, plugins))])),
    });
    containers = createPluginContainers(root, plugins);
    for (const p of plugins) {
      const deps = depsOf(p.def.name);
      for (const [kind, factory] of Object.entries(p.authenticators)) authenticators[kind as keyof AuthenticatorMap] = factory(deps);
      for (const factory of p.readiness) readinessChecks.push(factory(deps));
      for (const job of p.jobs) jobs.define(p.def.installable ? skippedUnlessInstalled(job, p.def.name, installations) : job, deps);
      for (const socket of p.sockets) hub.mount(socket, deps);
    }

    // 6. Jobs, then each plugin's start hook.
    await jobs.start({ work: role === 'all' || role === 'worker', pollingIntervalSeconds: options.jobPollingIntervalSeconds });
    const stopJobs = () => jobs.stop(config.shutdownGraceSeconds);
    cleanups.push(stopJobs);
    for (const p of plugins) {
      const deps = depsOf(p.def.name);
      for (const hook of p.onStart) await hook(deps);
      cleanups.push(async () => {
        for (const hook of [...p.onStop].reverse()) await hook(deps);
      });
    }
    // On stop, running jobs finish before any plugin's stop hook tears down what they use.
    cleanups.push(stopJobs);

    // 7. HTTP and sockets.
    const { table, mounted } = buildRouter(plugins, depsOf, guards, root.resolve<RateLimiter>('rateLimiter'), installations, fileWriteGate);
    apiDocument = buildOpenApi(mounted, hub.routes(), config.publicUrl.origin);
    let server: Server | undefined;
    let url: string | undefined;
    if (serves) {
      await hub.start();
      cleanups.push(() => hub.close());
      const middleware = plugins
        .flatMap((p) => p.middleware.map(({ factory, first }) => ({ first, use: (app: Koa) => factory(depsOf(p.def.name), app) })))
        .sort((a, b) => Number(b.first) - Number(a.first)) // stable: plugin order within each
        .map((m) => m.use);
      const app = createHttpApp(table, logger, { trustProxy: config.trustProxy, publicUrl: config.publicUrl, middleware, onResponse: options.onResponse });
      server = createServer(app.callback());
      server.requestTimeout = 0; // long uploads and downloads must not be cut off
      server.headersTimeout = 60_000;
      server.keepAliveTimeout = 65_000;
      hub.attach(server);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(config.port, config.host, () => resolve());
      });
      // Stopping starts with everything that takes work at once: no new connections, sockets told
      // to go away, no new jobs; then requests and jobs in flight get the grace, together.
      cleanups.push(async () => {
        await Promise.all([closeServer(server!, config.shutdownGraceSeconds), hub.close(config.shutdownGraceSeconds * 1000), stopJobs()]);
      });
      const { port } = server.address() as { port: number };
      url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
      logger.info({ url, publicUrl: config.publicUrl.origin, role }, 'signage-server is listening');
    }

    let stopping: Promise<void> | undefined;
    return {
      url,
      server,
      db,
      routes: mounted,
      plugins,
      commands: plugins.flatMap((p) => p.commands.map((command) => ({ plugin: p.def.name, command }))),
      containerOf: (name) => containers.get(name)!,
      stop: () => (stopping ??= cleanup()),
    };
  } catch (err) {
    await cleanup().catch((e) => logger.error({ err: e }, 'cleanup after a failed start failed'));
    throw err;
  }
}

/** An optional plugin's job does nothing while the plugin is not installed (its tables may not exist). */
function skippedUnlessInstalled(job: JobDef, plugin: string, installations: PluginInstallations): JobDef {
  return {
    ...job,
    handler: async (payload, deps, context) => {
      if (await installations.isInstalled(plugin, true)) await job.handler(payload, deps, context);
    },
  };
}

/**
 * Stops accepting, lets in-flight requests finish for up to `graceSeconds`, then cuts the rest.
 * Upgraded sockets hold `server.close()` until the hub, stopping beside this, has closed them.
 */
async function closeServer(server: Server, graceSeconds: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections become idle as their last response finishes; close them as they do.
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceSeconds * 1000)));
  await Promise.race([closed, deadline]);
  clearTimeout(timer);
  clearInterval(sweeper);
  server.closeAllConnections();
  await closed;
}
