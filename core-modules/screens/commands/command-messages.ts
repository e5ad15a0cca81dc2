import type { MessageFields, PlayerMessageDef } from '../screens.api.js';

const availableFields = {};

/** Sent in the transaction that queues or cancels a command, so it arrives once the change is visible. */
export const commandsAvailable: PlayerMessageDef<typeof availableFields> = {
  type: 'commands.available',
  module: 'screens',
  fields: availableFields,
  description: 'Commands were queued or cancelled for this screen (also sent on connecting while any are open): fetch GET /api/v1/player/commands.',
};

declare module '../screens.api.js' {
  interface PlayerMessageFields {
    'commands.available': MessageFields<typeof availableFields>;
  }
}
