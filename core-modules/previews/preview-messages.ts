import type { MessageFields, PlayerMessageDef } from '../screens/screens.api.js';

const sessionChangedFields = {};

/** The previews module's socket message: the player polls its preview session at once. */
export const previewSessionChanged: PlayerMessageDef<typeof sessionChangedFields> = {
  type: 'preview.session_changed',
  module: 'previews',
  fields: sessionChangedFields,
  description: 'A preview lease started, was renewed or asked for a capture now: poll GET /api/v1/player/preview-session at once.',
};

declare module '../screens/screens.api.js' {
  interface PlayerMessageFields {
    'preview.session_changed': MessageFields<typeof sessionChangedFields>;
  }
}
