import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ManifestSection, PlayerProfile } from '../player/player.api.js';
import { type WidgetPresentation, WidgetPresentationSchema } from './definitions/presentation.js';

/** A widget as the players read it (their `ManifestWidget`). */
export const ManifestWidgetSchema = Type.Object({
  assetId: Uuid,
  name: Type.String(),
  provider: Type.String(),
  configVersion: Type.Integer(),
  configuration: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'Schema 11 and 12: its settings, as the players’ provider renderers read them.' }),
  ),
  presentation: Type.Optional({ ...WidgetPresentationSchema, description: 'Schema 13 on: what to draw, declaratively.' }),
});
export type ManifestWidget = Omit<Static<typeof ManifestWidgetSchema>, 'presentation'> & { presentation?: WidgetPresentation };

declare module '../player/player.api.js' {
  interface ManifestLists {
    /** The widgets the screen plays (playlist items, layout placements). */
    widgets: ManifestWidget[];
  }
}

/**
 * What each schema's players read of a widget: up to 12 its configuration (providers they render
 * themselves), from 13 its compiled presentation only, which those players require of every widget.
 */
export function widgetFor(entry: ManifestWidget, player: PlayerProfile): ManifestWidget {
  const { configuration, presentation, ...rest } = entry;
  return player.schema >= 13 ? { ...rest, ...(presentation ? { presentation } : {}) } : { ...rest, configuration: configuration ?? {} };
}

export const widgetsSection: ManifestSection<'widgets'> = {
  name: 'widgets',
  schema: Type.Array(ManifestWidgetSchema, { description: 'The widgets the screen plays (playlist items, layout placements).' }),
  merge: 'list',
  forPlayer: (entries, player) => entries.map((e) => widgetFor(e, player)),
};
