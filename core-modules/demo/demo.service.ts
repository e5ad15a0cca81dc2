import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { integer } from '../../kernel/config.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { DemoApiClient } from './demo-api-client.js';
import { DEMO_OWNER } from './demo-credentials.js';
import type { DemoBaseDeps } from './demo-deps.js';
import { seedDemo } from './demo-seed.js';
import type { DemoStatus } from './demo-state.repository.js';
import { restoreSeedSnapshot, takeSeedSnapshot } from './seed-snapshot.repository.js';
import { type SimulatedScreen, SimulatedScreens } from './simulated-screens.js';

export interface DemoView {
  status: DemoStatus;
  credentials: { username: string; password: string };
  seededAt: string | null;
  resetAt: string | null;
}

const SEALED_AS = 'demo-screen-credential';

/**
 * Demo mode (`SIGNAGE_ENV=demo`): seeds the installation once through its own HTTP API on a
 * private loopback listener, keeps the simulated screens reporting, and resets to the seed.
 * Outside demo mode it does nothing and its routes answer 404 `demo_disabled`.
 */
export class DemoService {
  private readonly enabled: boolean;
  private readonly heartbeatMs: number;
  private readonly abort = new AbortController();
  private server: Server | undefined;
  private simulated: SimulatedScreens | undefined;
  private screens: SimulatedScreen[] = [];
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly d: DemoBaseDeps) {
    this.enabled = d.config.env === 'demo';
    this.heartbeatMs = integer(d.config.raw, 'DEMO_HEARTBEAT_SECONDS', 30, 1, 3600) * 1000;
  }

  /** Given the serving process's HTTP app: seeds (first start) or picks the seed up, then keeps the screens alive. */
  attach(app: Koa): void {
    if (!this.enabled) return;
    this.running = this.start(app).catch((err) => {
      if (!this.abort.signal.aborted) this.d.logger.error({ err }, 'the demo could not be seeded');
    });
  }

  async view(): Promise<DemoView> {
    this.assertEnabled();
    const state = await this.d.demoStateRepository.get();
    return {
      status: state?.status ?? 'seeding',
      credentials: { username: DEMO_OWNER.username, password: DEMO_OWNER.password },
      seededAt: state?.seeded_at?.toISOString() ?? null,
      resetAt: state?.reset_at?.toISOString() ?? null,
    };
  }

  /**
   * Puts the installation back as seeded, in one transaction (everyone is signed out: sessions are
   * restored too), then removes stored files the seed did not have, has the player build every
   * screen again (players are told) and the simulated screens report.
   */
  /**
   * The nightly reset (a job): a public demo comes back as seeded even when a visitor changed the
   * owner's password or removed the account, so nobody could reset it by hand. Nothing outside
   * demo mode or before the seed is ready.
   */
  async resetOnSchedule(): Promise<void> {
    if (!this.enabled || (await this.d.demoStateRepository.get())?.status !== 'ready') return;
    await this.reset({ kind: 'system' });
  }

  async reset(actor: ConsolePrincipal | { kind: 'system' }, ip?: string): Promise<DemoView> {
    this.assertEnabled();
    const storageKeys = await this.d.db.transaction(async (trx) => {
      const state = await this.d.demoStateRepository.lockForReset(trx);
      if (state?.status !== 'ready') throw conflict('demo_not_ready', 'The demo is still being set up; try again in a minute.');
      await restoreSeedSnapshot(trx);
      await this.d.demoStateRepository.wasReset(trx);
      await this.d.auditLog.record({ action: 'demo.reset', actor, ip, resourceType: 'organization', resourceId: 'demo' }, trx);
      // Every process drops what it keeps of the visitors' changes (stored settings, …).
      await this.d.hub.resyncEverywhere(trx);
      return new Set(state.storage_keys);
    });
    for await (const key of this.d.storage.list('')) if (!storageKeys.has(key)) await this.d.storage.delete(key);
    await this.d.playerRefresh.everyScreen();
    await this.simulated?.beatNow(this.screens);
    return this.view();
  }

  async stop(): Promise<void> {
    await this.simulated?.stop();
    this.abort.abort();
    await this.running;
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private assertEnabled(): void {
    if (!this.enabled) throw notFound('demo_disabled', 'This server is not running in demo mode (SIGNAGE_ENV=demo).');
  }

  private async start(app: Koa): Promise<void> {
    // Composed at the first request: the app gets its routes after the middleware that handed it over.
    let handle: ReturnType<Koa['callback']> | undefined;
    const server = createServer((req, res) => {
      handle ??= app.callback();
      return handle(req, res);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = new DemoApiClient(`http://127.0.0.1:${(server.address() as { port: number }).port}`, this.abort.signal);
    this.simulated = new SimulatedScreens(api, this.d.logger);
    const repository = this.d.demoStateRepository;
    if (await repository.claim()) {
      this.d.logger.info('seeding the demo organization');
      try {
        const screens = await seedDemo(api, this.d.mediaTools, this.abort.signal);
        const sealed = screens.map((s) => ({ screenId: s.screenId, index: s.index, sealedCredential: this.d.secretBox.seal(s.credential, SEALED_AS) }));
        const storageKeys: string[] = [];
        for await (const key of this.d.storage.list('')) storageKeys.push(key);
        await this.d.db.transaction(async (trx) => {
          await takeSeedSnapshot(trx);
          await repository.ready(sealed, storageKeys, trx);
        });
        this.d.logger.info({ screens: screens.length, files: storageKeys.length }, 'the demo organization is ready');
      } catch (err) {
        await repository.failed();
        throw err;
      }
    }
    const state = await repository.get();
    if (state?.status !== 'ready') {
      this.d.logger.warn({ status: state?.status }, 'the demo seed is not ready: remove the data directory and database to seed again');
      return;
    }
    this.screens = state.screens.map((s) => ({ screenId: s.screenId, index: s.index, credential: this.d.secretBox.open(s.sealedCredential, SEALED_AS) }));
    this.simulated.start(this.screens, this.heartbeatMs);
  }
}
