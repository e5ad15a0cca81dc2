import type { WebSocket } from 'ws';
import type { KernelDeps } from '../../kernel/kernel.js';

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
 * The screens module's own orders to the sockets of a screen (disabled, credential revoked): they
 * travel on the screen's channel like player messages but never reach the player. Not exported:
 * other modules send players declared messages through `playerMessages`.
 */
export class ScreenNotifier {
  constructor(private readonly d: Pick<KernelDeps, 'hub' | 'logger'>) {}

  /** Closes (1008) the screen's sockets, or only those opened with the given credentials. */
  async closeSockets(screenId: string, credentialIds?: string[]): Promise<void> {
    for (const credentialId of credentialIds ?? [null]) {
      // After the change committed: if this fails the change still stands, and a closed socket is
      // also caught by the presence sweep.
      try {
        await this.d.hub.publish(screenChannel(screenId), closeOrder(credentialId));
      } catch (err) {
        this.d.logger.warn({ err, screenId }, 'could not order a screen’s sockets closed');
      }
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
