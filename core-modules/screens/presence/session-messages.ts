import { Type } from '@sinclair/typebox';
import type { MessageFields, PlayerMessageDef } from '../screens.api.js';

// Spoken by the socket session itself (not through `send`); declared so the API document lists them.
const helloFields = {
  protocolVersion: Type.Integer({ description: 'The socket protocol this server speaks (1).' }),
  screenId: Type.String({ format: 'uuid' }),
  screenName: Type.String(),
};
const pingFields = { timestamp: Type.String({ format: 'date-time', description: 'The server’s clock; the player answers player.pong with its own.' }) };

export const serverHello: PlayerMessageDef<typeof helloFields> = {
  type: 'server.hello',
  module: 'screens',
  fields: helloFields,
  description: 'The first message on a socket, once the connection is registered.',
};

export const serverPing: PlayerMessageDef<typeof pingFields> = {
  type: 'server.ping',
  module: 'screens',
  fields: pingFields,
  description: 'On connecting and every 30 s; answered with player.pong{timestamp}.',
};

declare module '../screens.api.js' {
  interface PlayerMessageFields {
    'server.hello': MessageFields<typeof helloFields>;
    'server.ping': MessageFields<typeof pingFields>;
  }
}
