import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { payloadValidator } from '../../kernel/http/validation.js';
import type { Logger } from '../../kernel/logger.js';
import type { SocketMessageDoc } from '../../kernel/plugin.js';
import type { SocketHub } from '../../kernel/ws/hub.js';
import type { OrganizationReader } from '../auth/auth.api.js';
import type { ConsoleEventDef, ConsoleEvents } from './console-events.api.js';

const TYPE_NAME = /^[a-z][a-zA-Z0-9_]*(\.[a-z][a-zA-Z0-9_]*)+$/;
// Spoken by the socket session itself.
const RESERVED = /^server\./;
export const OWN_MODULE = 'console-events';

interface Declared {
  doc: SocketMessageDoc;
  check: (fields: unknown) => void;
}

/**
 * The console events (exported as `consoleEvents`): declared by the modules that publish them,
 * sent on the organization's hub channel, so every server process hands them to the console
 * sockets it holds. Sending happens after the change: its failure is logged, never the caller's.
 */
export class ConsoleEventRegistry implements ConsoleEvents {
  private readonly types = new Map<string, Declared>();
  private channelName?: Promise<string>;

  constructor(private readonly d: { hub: SocketHub; logger: Logger; organization: OrganizationReader }) {}

  declare<P extends TProperties>(def: ConsoleEventDef<P>): void {
    if (!TYPE_NAME.test(def.type)) throw new Error(`console event type "${def.type}" is not <area>.<event>`);
    if (RESERVED.test(def.type) && def.module !== OWN_MODULE) throw new Error(`console event type "${def.type}" is reserved to the socket itself`);
    if (this.types.has(def.type)) throw new Error(`console event ${def.type} is declared twice`);
    if ('type' in def.fields) throw new Error(`console event ${def.type} declares a field named type`);
    const schema = Type.Object(def.fields, { additionalProperties: false }) as TObject;
    this.types.set(def.type, {
      doc: { type: def.type, module: def.module, description: def.description, schema },
      check: payloadValidator(def.type, schema, 'console event'),
    });
  }

  /** Every declared event, by type name: what the socket route documents. */
  documented(): SocketMessageDoc[] {
    return [...this.types.values()].map((t) => t.doc).sort((a, b) => a.type.localeCompare(b.type));
  }

  /** The hub channel of the organization's consoles. */
  channel(): Promise<string> {
    this.channelName ??= this.d.organization.get().then(
      (o) => `console-events:${o.installationId}`,
      (err: unknown) => {
        this.channelName = undefined;
        throw err;
      },
    );
    return this.channelName;
  }

  publish(type: string, fields: object, trx?: Knex.Transaction): void {
    this.publishEach(type, [fields], trx);
  }

  publishEach(type: string, fields: object[], trx?: Knex.Transaction): void {
    const declared = this.types.get(type);
    if (!declared) throw new Error(`console event ${type} was never declared (ConsoleEvents.declare)`);
    for (const f of fields) declared.check(f);
    if (!fields.length) return;
    const messages = fields.map((f) => ({ type, ...f }));
    if (trx)
      trx.executionPromise.then(
        () => this.send(messages),
        () => {},
      );
    else void this.send(messages);
  }

  private async send(messages: object[]): Promise<void> {
    try {
      const channel = await this.channel();
      await this.d.hub.publishMany(messages.map((message) => ({ channel, message })));
    } catch (err) {
      // A console that misses a hint shows older data until it refetches (at the latest on reconnecting).
      this.d.logger.warn({ err, events: messages.length }, 'could not publish console events');
    }
  }
}
