/** The player socket (`/api/v1/player/socket`), protocol version 1. */
export const PROTOCOL_VERSION = 1;

/** Server → player. Types the player does not know are ignored, so newer servers can add them. */
export type ServerMessage =
  | { type: 'server.hello'; protocolVersion: number; screenId: string; screenName: string }
  | { type: 'server.ping'; timestamp: string }
  | { type: 'manifest.changed'; manifestVersion: number }
  | { type: 'config.changed'; configRevision: number }
  /** Always followed by `manifest.changed`: the takeover itself comes with the manifest. */
  | { type: 'takeover.changed'; takeoverId?: string | null; manifestVersion: number }
  | { type: 'commands.available' }
  | { type: 'preview.session_changed' }
  | { type: 'live_stream.session_changed' };

export type ServerMessageType = ServerMessage['type'];

/** Player → server. `timestamp` is the player's clock (RFC 3339): the server measures its offset. */
export type PlayerMessage =
  | { type: 'player.hello'; protocolVersion: number; playerVersion: string; timestamp: string }
  | { type: 'player.pong'; timestamp: string }
  | { type: 'player.status'; protocolVersion: number; playerVersion: string; payload: object };
