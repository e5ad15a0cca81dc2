import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';

/** What the heartbeat answers whatever else is registered. */
const BASE_FIELDS = ['accepted', 'ignoredFields'];
const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,63}$/;

export interface HeartbeatExtension<P extends TProperties = TProperties> {
  /** The plugin that registered it: skipped while that plugin is not installed. */
  plugin: string;
  /**
   * The fields it may add to the heartbeat's answer, each with its schema (described: the route's
   * documentation shows them). Every one is optional in the answer; none may be another's.
   */
  answers?: P;
  /**
   * Takes what it needs from an accepted heartbeat and/or computes its answer fields for the screen
   * (a noise meter's consumed history, later a screen's takeover state). Only declared fields are kept.
   */
  handle(screenId: string, heartbeat: Record<string, unknown>): Promise<Partial<Static<TObject<P>>> | undefined>;
  /**
   * Also handed the `player.status` a player sends over its socket (the same payload; what it
   * answers is dropped): for state the player reports there as often as in heartbeats (a takeover's).
   */
  fromSocket?: boolean;
}

/**
 * Parts of a heartbeat that belong to other modules, and the fields they add to its answer
 * (exported as `heartbeatExtensions`). Modules register in their start hook; the heartbeat route
 * runs them after the contact is taken and merges what they answer into `{accepted, ignoredFields?}`.
 * The answer's documented schema is composed from the registrations when the HTTP routes are built
 * (after every start hook); a registration after that is refused, as it could not be documented.
 */
export class HeartbeatExtensions {
  private readonly extensions: HeartbeatExtension[] = [];
  private readonly fields = new Map<string, { plugin: string; schema: TSchema }>();
  private sealed = false;

  register<P extends TProperties>(extension: HeartbeatExtension<P>): void {
    if (this.sealed) throw new Error(`heartbeat extension of ${extension.plugin} registered after the routes were built`);
    for (const [name, schema] of Object.entries(extension.answers ?? {})) {
      if (!FIELD_NAME.test(name)) throw new Error(`heartbeat answer field ${name} (${extension.plugin}) is not lowerCamelCase`);
      const taken = BASE_FIELDS.includes(name) ? 'screens' : this.fields.get(name)?.plugin;
      if (taken) throw new Error(`heartbeat answer field ${name} of ${extension.plugin} is already ${taken}'s`);
      this.fields.set(name, { plugin: extension.plugin, schema });
    }
    this.extensions.push(extension as unknown as HeartbeatExtension);
  }

  /** The heartbeat's answer schema: `base` and every registered field, optional. Seals the registry. */
  answerSchema(base: TObject): TObject {
    this.sealed = true;
    const added = Object.fromEntries([...this.fields].map(([name, { schema }]) => [name, Type.Optional(schema)]));
    return Type.Object({ ...base.properties, ...added }, { description: base.description });
  }

  /**
   * The registered extensions' answer fields for this heartbeat, of installed plugins only; for a
   * `player.status` over the socket (`fromSocket`), only the extensions asking for it run.
   */
  async run(
    screenId: string,
    heartbeat: Record<string, unknown>,
    installed: (plugin: string) => Promise<boolean>,
    fromSocket = false,
  ): Promise<Record<string, unknown>> {
    const answer: Record<string, unknown> = {};
    for (const extension of this.extensions) {
      if (fromSocket && !extension.fromSocket) continue;
      if (!(await installed(extension.plugin))) continue;
      const fields = (await extension.handle(screenId, heartbeat)) as Record<string, unknown> | undefined;
      if (!fields) continue;
      for (const name of Object.keys(extension.answers ?? {})) if (fields[name] !== undefined) answer[name] = fields[name];
    }
    return answer;
  }
}
