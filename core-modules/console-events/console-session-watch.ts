import type { WebSocket } from 'ws';
import type { Logger } from '../../kernel/logger.js';
import type { ConsoleSessions } from '../auth/auth.api.js';
import type { ConsoleEventsConfig } from './console-events-config.js';

/** Close code of a console socket whose session ended: the console signs in again. */
export const SESSION_ENDED = 1008;
/** Close code of a console socket that may have missed events: the console reconnects and refetches. */
export const EVENTS_INTERRUPTED = 1012;

/**
 * The console sockets this process holds, each with its session: every few seconds one query asks
 * which sessions are still signed in, and the sockets of the others are closed (signed out,
 * expired, idle, user deactivated). Checking is no use of a session, so an open socket alone
 * does not keep one from going idle.
 */
export class ConsoleSessionWatch {
  private readonly sockets = new Map<WebSocket, string>();
  private timer?: NodeJS.Timeout;
  private checking = false;

  constructor(private readonly d: { consoleSessions: ConsoleSessions; logger: Logger; consoleEventsConfig: ConsoleEventsConfig }) {}

  add(socket: WebSocket, sessionId: string): void {
    this.sockets.set(socket, sessionId);
  }

  remove(socket: WebSocket): void {
    this.sockets.delete(socket);
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.d.consoleEventsConfig.sessionCheckMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * This process stopped hearing the hub (its database connection dropped): events published
   * meanwhile never reach its sockets, so they are closed, and their consoles reconnect (to this
   * process once it hears again, or another) and refetch what they show.
   */
  interrupted(): void {
    for (const socket of this.sockets.keys()) socket.close(EVENTS_INTERRUPTED, 'events interrupted');
    this.sockets.clear();
  }

  async check(): Promise<void> {
    if (this.checking || this.sockets.size === 0) return;
    this.checking = true;
    try {
      const live = await this.d.consoleSessions.live([...this.sockets.values()]);
      for (const [socket, sessionId] of this.sockets) {
        if (live.has(sessionId)) continue;
        this.sockets.delete(socket);
        socket.close(SESSION_ENDED, 'session ended');
      }
    } catch (err) {
      this.d.logger.warn({ err, sockets: this.sockets.size }, 'could not check the sessions of console sockets');
    } finally {
      this.checking = false;
    }
  }
}
