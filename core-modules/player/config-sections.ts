import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

const NAME = /^[a-z][A-Za-z0-9]{0,63}$/;

export interface ConfigSection<T extends TSchema = TSchema> {
  /** The key in the player's config (`presentationNetwork`); not one of the settings sections. */
  name: string;
  /** Its value's schema: the config route's documented schema is composed from the sections'. */
  schema: T;
  /** Each screen's value (screens left out get no section). Read after the change that moved it committed. */
  valuesFor(screenIds: string[]): Promise<Map<string, Static<T>>>;
}

/**
 * Parts of the player's config owned by other modules (a presentation network assignment, …).
 * Registered in start hooks; the config route composes its schema from them when the routes are
 * built, after which a registration is refused (its section would be stripped from the answer).
 */
export class ConfigSections {
  private readonly sections: ConfigSection[] = [];
  private sealed = false;

  addSection<T extends TSchema>(section: ConfigSection<T>): void {
    if (this.sealed) throw new Error(`config section ${section.name} is registered after the config schema was built`);
    if (!NAME.test(section.name)) throw new Error(`config section ${section.name} is not lowerCamelCase`);
    if (this.sections.some((s) => s.name === section.name)) throw new Error(`config section ${section.name} is registered twice`);
    this.sections.push(section as unknown as ConfigSection);
  }

  /** The config's schema: `base` and every registered section, optional. Seals the registry. */
  compose(base: TObject): TObject {
    this.sealed = true;
    const taken = this.sections.find((s) => s.name in base.properties);
    if (taken) throw new Error(`config section ${taken.name} is one of the config's own`);
    return Type.Object({ ...base.properties, ...Object.fromEntries(this.sections.map((s) => [s.name, Type.Optional(s.schema)])) });
  }

  /** The registered sections' values of each screen, by screen. */
  async valuesFor(screenIds: string[]): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    if (!screenIds.length) return out;
    for (const section of this.sections) {
      for (const [screenId, value] of await section.valuesFor(screenIds)) {
        out.set(screenId, { ...out.get(screenId), [section.name]: value });
      }
    }
    return out;
  }
}
