// The console-events module's public face: what screens, media and previews use to tell signed-in
// consoles that something they show changed.
import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';

/** One message type the console socket carries, as declared by the module that publishes it. */
export interface ConsoleEventDef<P extends TProperties = TProperties> {
  /** `<area>.<event>`: `screen.status`. */
  type: string;
  /** The fields beside `type`: ids and a status, never more than the console may read over REST. */
  fields: P;
  /** When it is sent and what the console does with it (refetch which resource). */
  description: string;
  /** The declaring module, for the API document. */
  module: string;
}

/**
 * The fields each console event type carries beside `type`, by type name. A module that declares
 * one adds its entry from its own folder (declaration merging), so `publish` is typed:
 * `declare module '../console-events/console-events.api.js' { interface ConsoleEventFields { 'x.changed': EventFields<typeof fields> } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules that declare events.
export interface ConsoleEventFields {}

export type ConsoleEventType = keyof ConsoleEventFields & string;

/** The fields of a declared event as TypeScript sees them. */
export type EventFields<P extends TProperties> = Static<TObject<P>>;

/**
 * Live hints for the signed-in consoles of the organization (`GET /api/v1/console/events`):
 * declare each type your module publishes in its start hook, then publish it. Publishing never
 * throws for a delivery problem and never waits: with `trx` the event goes out once that
 * transaction (the outermost) commits, and never after a rollback; without, at once. An undeclared
 * type or fields the declaration does not allow throw (a programming error).
 */
export interface ConsoleEvents {
  declare<P extends TProperties>(def: ConsoleEventDef<P>): void;
  publish<T extends ConsoleEventType>(type: T, fields: ConsoleEventFields[T], trx?: Knex.Transaction): void;
  /** Several events of one type, packed into few hub notifications. */
  publishEach<T extends ConsoleEventType>(type: T, fields: ConsoleEventFields[T][], trx?: Knex.Transaction): void;
}

export const consoleEventsRef = exportRef<ConsoleEvents>('console-events', 'consoleEvents');
