import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { payloadValidator } from '../../kernel/http/validation.js';
import { screenChannel } from './screen-notifier.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/** One socket message the server sends to players, as declared by the module that sends it. */
export interface PlayerMessageDef<P extends TProperties = TProperties> {
  /** `<area>.<event>` in lowerCamel/snake words, as the reference names them: `manifest.changed`. */
  type: string;
  /** The fields beside `type` (none: `{}`). Sends are checked against them; the API document shows them. */
  fields: P;
  /** When it is sent and what the player does with it. */
  description: string;
  /** The declaring module, for the document. */
  module: string;
}

/** How a declared message is documented on the socket route. */
export interface PlayerMessageDoc {
  type: string;
  module: string;
  description: string;
  schema: TObject;
}

// The area may have underscores as the event may: the stock players listen for `live_stream.session_changed`.
const TYPE_NAME = /^[a-z][a-zA-Z0-9_]*(\.[a-z][a-zA-Z0-9_]*)+$/;
// Spoken by the socket session itself (`server.*`) or the screens module's own orders: nobody else's.
const RESERVED = [/^server\./, /^player\./, /^screens\.control\./];

interface Declared {
  doc: PlayerMessageDoc;
  check: (fields: unknown) => void;
}

/**
 * The socket messages the server sends to players (exported as `playerMessages`). A module declares
 * each type it sends in its start hook, before the API document is built: name, fields, meaning.
 * Sending goes through `send` only, on the screen's channel, to every process that holds one of its
 * sockets. A message of an undeclared type, or fields its declaration does not allow, is a
 * programming error: `send` throws, in every environment, so tests catch it before players do.
 *
 * With `trx`, the message goes out in that transaction (PostgreSQL's NOTIFY): delivered when it
 * commits, never before, and never after a rollback. Messages a player must not miss (a manifest
 * that changed, an override on or off) are sent that way, in the transaction that makes the change
 * visible, so no process can die between the commit and the push. PostgreSQL sends one copy of a
 * payload repeated within a transaction, which for these notices is what a player wants anyway.
 */
export class PlayerMessages {
  private readonly types = new Map<string, Declared>();

  constructor(private readonly d: Pick<KernelDeps, 'hub' | 'logger'>) {}

  declare<P extends TProperties>(def: PlayerMessageDef<P>): void {
    if (!TYPE_NAME.test(def.type)) throw new Error(`player message type "${def.type}" is not <area>.<event>`);
    if (RESERVED.some((r) => r.test(def.type)) && def.module !== 'screens')
      throw new Error(`player message type "${def.type}" is reserved to the screens module`);
    if (this.types.has(def.type)) throw new Error(`player message ${def.type} is declared twice`);
    if ('type' in def.fields) throw new Error(`player message ${def.type} declares a field named type`);
    const schema = Type.Object(def.fields, { additionalProperties: false }) as TObject;
    this.types.set(def.type, {
      doc: { type: def.type, module: def.module, description: def.description, schema },
      check: payloadValidator(def.type, schema, 'player message'),
    });
  }

  /** Every declared message, by type name: what the socket route documents. */
  documented(): PlayerMessageDoc[] {
    return [...this.types.values()].map((t) => t.doc).sort((a, b) => a.type.localeCompare(b.type));
  }

  /** Sends one message, with the same fields, to each of these screens' sockets. */
  send(type: string, screens: string | string[], fields: object, trx?: Knex.Transaction): Promise<void> {
    const ids = typeof screens === 'string' ? [screens] : screens;
    return this.sendEach(
      type,
      ids.map((screenId) => ({ screenId, fields })),
      trx,
    );
  }

  /** Sends each screen its own fields (a new manifest version per screen), packed into few notifications. */
  async sendEach(type: string, entries: { screenId: string; fields: object }[], trx?: Knex.Transaction): Promise<void> {
    const declared = this.types.get(type);
    if (!declared) throw new Error(`player message ${type} was never declared (PlayerMessages.declare)`);
    for (const { fields } of entries) declared.check(fields);
    if (!entries.length) return;
    const messages = entries.map(({ screenId, fields }) => ({ channel: screenChannel(screenId), message: { type, ...fields } }));
    if (trx) return this.d.hub.publishMany(messages, trx);
    // Sent after the change committed: a failure leaves the change standing, and the player
    // catches up at its next fetch, so it is logged rather than thrown at the caller.
    try {
      await this.d.hub.publishMany(messages);
    } catch (err) {
      this.d.logger.warn({ err, screens: entries.length, type }, 'could not notify screens');
    }
  }
}
