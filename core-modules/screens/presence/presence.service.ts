import { randomUUID } from 'node:crypto';
import type { ScreensBaseDeps } from '../screens-base-deps.js';

export interface LocalSocket {
  screenId: string;
  credentialId: string;
  /** Closes the socket with this code (1008 when it must not stay open). */
  close(code: number, reason: string): void;
}

type Deps = Pick<ScreensBaseDeps, 'hub' | 'presenceRepository' | 'screensConfig' | 'logger' | 'screenStatusAnnouncer'>;

// Rows this old belong to a process that died without cleaning up.
const PURGE_AFTER_SECONDS = 600;

/**
 * Which screens have a socket open, shared by every server process through PostgreSQL. Each
 * process (a new instance id per boot) keeps a row per socket it holds and refreshes them all in
 * one statement every few seconds; a screen counts as online only while a row is fresh, so a
 * crashed process stops making its screens look online after the TTL.
 */
export class PresenceService {
  readonly instanceId = randomUUID();
  private readonly local = new Map<string, LocalSocket>();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly d: Deps) {}

  /** Records an open socket; returns the screen's name (for server.hello). */
  async open(connectionId: string, socket: LocalSocket, ip: string | null): Promise<string> {
    this.local.set(connectionId, socket);
    const name = await this.d.presenceRepository.connect({
      connectionId,
      screenId: socket.screenId,
      credentialId: socket.credentialId,
      instanceId: this.instanceId,
      ip,
    });
    this.d.screenStatusAnnouncer.changed([socket.screenId]);
    return name ?? '';
  }

  async close(connectionId: string): Promise<void> {
    const socket = this.local.get(connectionId);
    this.local.delete(connectionId);
    // A stopping process drops all its rows in one statement (stop); a thousand sockets closing
    // at once must not each queue a delete in front of it. After stop the pool may be gone too.
    if (this.stopped || this.d.hub.stopping) return;
    try {
      await this.d.presenceRepository.disconnect(connectionId);
      if (socket) this.d.screenStatusAnnouncer.changed([socket.screenId]);
    } catch (err) {
      this.d.logger.warn({ err, connectionId }, 'could not remove a presence row');
    }
  }

  get localSockets(): number {
    return this.local.size;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.d.screensConfig.presenceRefreshMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.d.presenceRepository.dropInstance(this.instanceId).catch((err) => this.d.logger.warn({ err }, 'could not remove presence rows on shutdown'));
  }

  /** Refresh, then close what must not stay open, then sweep rows of dead processes. */
  async tick(): Promise<void> {
    try {
      if (this.local.size > 0) {
        await this.d.presenceRepository.refresh(this.instanceId);
        for (const connectionId of await this.d.presenceRepository.refused(this.instanceId)) {
          this.local.get(connectionId)?.close(1008, 'credential revoked or screen disabled');
        }
      }
      await this.d.presenceRepository.purgeStale(PURGE_AFTER_SECONDS);
    } catch (err) {
      this.d.logger.warn({ err }, 'screen presence refresh failed');
    }
  }
}
