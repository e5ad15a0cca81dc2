import type { MessageFields, PlayerMessageDef } from '../screens.api.js';

const changedFields = {};

export const liveStreamSessionChanged: PlayerMessageDef<typeof changedFields> = {
  type: 'live_stream.session_changed',
  module: 'screens',
  fields: changedFields,
  description: 'The console started, renewed or ended a live view of this screen: read GET /api/v1/player/live-stream-session.',
};

declare module '../screens.api.js' {
  interface PlayerMessageFields {
    'live_stream.session_changed': MessageFields<typeof changedFields>;
  }
}
