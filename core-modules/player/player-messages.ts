import { Type } from '@sinclair/typebox';
import type { MessageFields, PlayerMessageDef } from '../screens/screens.api.js';

const manifestChangedFields = { manifestVersion: Type.Integer({ minimum: 1, description: 'The version now stored for the screen.' }) };
const configChangedFields = { configRevision: Type.Integer({ minimum: 1, description: 'The revision now stored for the screen.' }) };

/** Sent in the transaction that records the new version, so no new version goes unannounced. */
export const manifestChanged: PlayerMessageDef<typeof manifestChangedFields> = {
  type: 'manifest.changed',
  module: 'player',
  fields: manifestChangedFields,
  description: 'What the screen plays changed: fetch GET /api/v1/player/manifest (its version counts distinct contents).',
};

export const configChanged: PlayerMessageDef<typeof configChangedFields> = {
  type: 'config.changed',
  module: 'player',
  fields: configChangedFields,
  description: 'The screen’s player configuration changed: fetch GET /api/v1/player/config.',
};

declare module '../screens/screens.api.js' {
  interface PlayerMessageFields {
    'manifest.changed': MessageFields<typeof manifestChangedFields>;
    'config.changed': MessageFields<typeof configChangedFields>;
  }
}
