import type { Logger } from '../../kernel/logger.js';
import type { DemoApiClient } from './demo-api-client.js';

/** One of the demo's paired screens, kept alive by this process. */
export interface SimulatedScreen {
  screenId: string;
  credential: string;
  index: number;
}

const started = Date.now();

/**
 * Players that exist only in this process: each fetches its manifest as a stock player does and
 * reports a heartbeat on a timer, so the fleet looks alive (online, playing the version it was given).
 */
export class SimulatedScreens {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: DemoApiClient,
    private readonly logger: Logger,
  ) {}

  start(screens: SimulatedScreen[], intervalMs: number): void {
    this.stop();
    const beat = () => {
      this.beating = Promise.all(screens.map((s) => this.heartbeat(s))).then(() => undefined);
    };
    beat();
    this.timer = setInterval(beat, intervalMs);
    this.timer.unref();
  }

  /** Every screen reports at once (after a reset, so the fleet shows its new state without waiting a beat). */
  beatNow(screens: SimulatedScreen[]): Promise<void> {
    return Promise.all(screens.map((s) => this.heartbeat(s))).then(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
  }

  private async heartbeat(screen: SimulatedScreen): Promise<void> {
    const authorization = { authorization: `Bearer ${screen.credential}` };
    try {
      const manifest = await this.api.anonymous('GET', '/api/v1/player/manifest', undefined, authorization);
      await this.api.anonymous(
        'POST',
        '/api/v1/player/heartbeat',
        {
          playerVersion: '1.4.2',
          uptimeSeconds: Math.round((Date.now() - started) / 1000) + screen.index * 3600,
          screenWidth: 1920,
          screenHeight: 1080,
          playbackState: 'playing',
          ...(typeof manifest?.version === 'number' ? { activeManifestVersion: manifest.version } : {}),
        },
        authorization,
      );
    } catch (err) {
      this.logger.warn({ err, screenId: screen.screenId }, 'a simulated demo screen could not report');
    }
  }
}
