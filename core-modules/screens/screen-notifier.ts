import type { WebSocket } from 'ws';
import type { Logger } from '../../kernel/logger.js';
import type { SocketHub } from '../../kernel/ws/hub.js';

/** Every socket of one screen, on whichever server process holds it. */
export const screenChannel = (screenId: string) => `screen:${screenId}`;
/** Every player socket: fleet-wide announcements. */
export const FLEET_CHANNEL = 'screens';

// An internal order travelling on a screen's channel. It must reach the socket handler, never the
// player: see interceptControl.
const CLOSE = 'screens.control.close';
const closeOrder = (credentialId: string | null) => ({ type: CLOSE, credentialId });
const CONTROL_PREFIX = `{"type":"screens.control.`;

/**
 * What other modules push to players over the socket, and the orders that close a screen's
 * sockets when it is disabled or its credential revoked. Exported for later modules (manifest,
 * config, commands), so none of them needs to know channel names or message shapes.
 */
export class ScreenNotifier {
  constructor(private readonly d: { hub: SocketHub; logger: Logger }) {}

  manifestChanged(screenId: string, manifestVersion: number): Promise<void> {
    return this.publish(screenId, { type: 'manifest.changed', manifestVersion });
  }

  /** The same for many screens at once, packed into few notifications (a playlist on thousands of screens). */
  manifestChangedMany(changes: { screenId: string; manifestVersion: number }[]): Promise<void> {
    return this.publishMany(
      'manifest.changed',
      changes.map(({ screenId, manifestVersion }) => ({ screenId, fields: { manifestVersion } })),
    );
  }

  /** New config revisions, packed like manifestChangedMany (a setting every player follows). */
  configChangedMany(changes: { screenId: string; configRevision: number }[]): Promise<void> {
    return this.publishMany(
      'config.changed',
      changes.map(({ screenId, configRevision }) => ({ screenId, fields: { configRevision } })),
    );
  }

  /** A preview lease started, was renewed or asked for a capture now: the player polls its session at once. */
  previewSessionChanged(screenId: string): Promise<void> {
    return this.publish(screenId, { type: 'preview.session_changed' });
  }

  commandsAvailable(screenId: string): Promise<void> {
    return this.publish(screenId, { type: 'commands.available' });
  }

  /** Closes (1008) the screen's sockets, or only those opened with the given credentials. */
  async closeSockets(screenId: string, credentialIds?: string[]): Promise<void> {
    for (const credentialId of credentialIds ?? [null]) await this.publish(screenId, closeOrder(credentialId));
  }

  private async publishMany(type: string, changes: { screenId: string; fields: object }[]): Promise<void> {
    if (!changes.length) return;
    try {
      await this.d.hub.publishMany(changes.map(({ screenId, fields }) => ({ channel: screenChannel(screenId), message: { type, ...fields } })));
    } catch (err) {
      this.d.logger.warn({ err, screens: changes.length, type }, 'could not notify screens');
    }
  }

  // Publishing happens after the change committed. If it fails the change still stands: a closed
  // socket is also caught by the presence sweep, a missed push by the player's own reconciliation.
  private async publish(screenId: string, message: object): Promise<void> {
    try {
      await this.d.hub.publish(screenChannel(screenId), message);
    } catch (err) {
      this.d.logger.warn({ err, screenId, type: (message as { type: string }).type }, 'could not notify a screen');
    }
  }
}

/**
 * The hub hands whatever is published on a channel straight to the sockets that joined it and
 * gives the handler no say. So the handler wraps its socket's `send`: a control order is taken
 * out of the stream (never shown to the player) and, when it concerns this socket, acted on.
 * The hub sends exactly JSON.stringify(message), so an order is recognised by plain comparison.
 * Returns the unwrapped send, for the handler's own messages.
 */
export function interceptControl(ws: WebSocket, credentialId: string, onClose: () => void): (text: string) => void {
  const original = ws.send.bind(ws) as (data: string) => void;
  const orders = new Set([JSON.stringify(closeOrder(null)), JSON.stringify(closeOrder(credentialId))]);
  ws.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data === 'string' && data.startsWith(CONTROL_PREFIX)) {
      if (orders.has(data)) onClose();
      return;
    }
    return (original as (...args: unknown[]) => void)(data, ...rest);
  }) as typeof ws.send;
  return original;
}
