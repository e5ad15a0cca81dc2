import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';
import type { MessageFields, PlayerMessageDef } from '../screens/screens.api.js';
import { SCREEN_STATES, TAKEOVER_STATUSES } from './takeover-states.js';

const takeoverChangedFields = {
  takeoverId: Type.Optional(Type.String({ format: 'uuid', description: 'The takeover that started or ended on the screen.' })),
  manifestVersion: Type.Integer({ minimum: 1, description: 'The manifest version that carries the change, or an earlier one than the version that does.' }),
};

/** Sent in the activating (or ending) transaction, so it reaches the screen before the `manifest.changed` that follows it. */
export const takeoverChanged: PlayerMessageDef<typeof takeoverChangedFields> = {
  type: 'takeover.changed',
  module: 'takeovers',
  fields: takeoverChangedFields,
  description: 'A takeover started or ended on the screen; a `manifest.changed` always follows (fetch the manifest then).',
};

const takeoverEventFields = {
  takeoverId: Uuid,
  status: Type.Union(TAKEOVER_STATUSES.map((s) => Type.Literal(s))),
};

/** A takeover started, ended or changed expiry. */
export const takeoverEvent: ConsoleEventDef<typeof takeoverEventFields> = {
  type: 'takeover.changed',
  module: 'takeovers',
  fields: takeoverEventFields,
  description: 'A takeover started, was cancelled, expired or changed its expiry: refetch GET /api/v1/takeovers (and the takeover shown).',
};

const screenStateFields = {
  takeoverId: Uuid,
  screenId: Uuid,
  state: Type.Union(SCREEN_STATES.map((s) => Type.Literal(s))),
};

/** One screen's part in a takeover moved (its player reported, or the takeover moved on). */
export const takeoverScreenEvent: ConsoleEventDef<typeof screenStateFields> = {
  type: 'takeover.screen_state',
  module: 'takeovers',
  fields: screenStateFields,
  description: 'A screen’s state in a takeover changed (as its player reported it): update that row, or refetch GET /api/v1/takeovers/{id}.',
};

declare module '../screens/screens.api.js' {
  interface PlayerMessageFields {
    'takeover.changed': MessageFields<typeof takeoverChangedFields>;
  }
}

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'takeover.changed': EventFields<typeof takeoverEventFields>;
    'takeover.screen_state': EventFields<typeof screenStateFields>;
  }
}
