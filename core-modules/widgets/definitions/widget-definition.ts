import type { ValidationIssue } from '../../../kernel/errors.js';
import type { Configuration } from './configuration.js';
import type { ConfigField } from './fields.js';
import type { WidgetPresentation } from './presentation.js';

/** A named starting configuration of a widget type (the reference's presets: a leaderboard, opening hours). */
export interface WidgetPreset {
  id: string;
  name: string;
  description: string;
  configuration: Configuration;
}

/**
 * A widget type: what it is called, the settings it takes (a form consoles draw and the server
 * checks), and what players are given for a configuration. Core types are registered by the
 * widgets module; a plugin adds its own through `widgetDefinitions`.
 */
export interface WidgetDefinition {
  /** The provider id widgets of it carry (`clock`); lowercase letters, digits and `_`. */
  id: string;
  /** Moves when the meaning of its configuration changes. */
  version: number;
  name: string;
  description: string;
  category: string;
  icon: string;
  runtime: 'native' | 'web';
  fields: ConfigField[];
  presets?: WidgetPreset[];
  /** What the player must support to draw its presentation (capability → version). */
  requiredCapabilities: Record<string, number>;
  /** What it shows while its data is missing: `empty_state`, `placeholder`, `none`. */
  emptyStateBehavior: string;
  /**
   * Whether schema 11 and 12 players play it from its `configuration` (they know a fixed set of
   * providers); the others reach only players that draw presentations (schema 13 on).
   */
  legacyPlayers: boolean;
  /** What playing it may put out, for containers allowing one video and one sound (a YouTube video: both). */
  emits?: { video?: boolean; audio?: boolean };
  /** Rules across fields, on the normalised configuration; issues name paths under `configuration`. */
  check?(configuration: Configuration): ValidationIssue[];
  /** Settles what follows from the rest (a ticker's first field, a video's id from its address). */
  complete?(configuration: Configuration): Configuration;
  /**
   * What schema 11 and 12 players read in the manifest entry's `configuration`, when more than the
   * configuration itself (values they need that follow from it: a website's allowed host).
   */
  playerConfiguration?(configuration: Configuration): Configuration;
  /** The declarative presentation schema-13 players draw for this (complete, valid) configuration. */
  compile(configuration: Configuration): WidgetPresentation;
}

const ID = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * The widget types this server offers (exported as `widgetDefinitions`). Registered at declaration
 * time (the core types) or in a start hook (a plugin's), before the catalog is first read.
 */
export class WidgetDefinitions {
  private readonly types = new Map<string, WidgetDefinition>();

  register(definition: WidgetDefinition): void {
    if (!ID.test(definition.id)) throw new Error(`widget type id ${definition.id} is not a lowercase name`);
    if (this.types.has(definition.id)) throw new Error(`widget type ${definition.id} is registered twice`);
    this.types.set(definition.id, definition);
  }

  get(id: string): WidgetDefinition | undefined {
    return this.types.get(id);
  }

  all(): WidgetDefinition[] {
    return [...this.types.values()];
  }
}
