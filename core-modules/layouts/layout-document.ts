import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';

// The layout document (schema version 2) as the reference's console, players and manifest read it.
// Types only: the ranges and cross-field rules are checked by `documentProblems`, which names the
// placements at fault (422 `layout_validation_failed`) rather than a JSON path.

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
// Bounded for the body limit, loosely: the rules' own limits (a 120-character name) answer 422 `layout_validation_failed`.
const Word = (description?: string) => Type.String({ maxLength: 40, ...(description ? { description } : {}) });
const Text = (maxLength: number) => Type.String({ maxLength });

export const LayoutBindingSchema = Type.Object({
  dataSourceId: Uuid,
  field: Type.String({ maxLength: 200, description: '1–80 letters, digits or underscores.' }),
  prefix: Opt(Text(1000)),
  suffix: Opt(Text(1000)),
  fallbackText: Opt(Text(1000)),
  hideWhenEmpty: Opt(Type.Boolean()),
  format: Opt(Word('`text`, `date-short`, `date-long`, `number`, `integer` or `currency`.')),
});

export const LayoutPrimitiveSchema = Type.Object({
  kind: Word('`text`, `rectangle`, `circle`, `line` or `group`.'),
  text: Opt(Text(5000)),
  fontFamily: Opt(Word('`Inter`, `Roboto`, `Source Sans 3` or `Noto Sans` (bundled in the players).')),
  fontSize: Opt(Type.Number()),
  fontWeight: Opt(Type.Integer()),
  textAlign: Opt(Word()),
  verticalAlign: Opt(Word()),
  color: Opt(Word()),
  backgroundColor: Opt(Word()),
  lineHeight: Opt(Type.Number()),
  letterSpacing: Opt(Type.Number()),
  padding: Opt(Type.Number()),
  borderWidth: Opt(Type.Number()),
  borderColor: Opt(Word()),
  cornerRadius: Opt(Type.Number()),
  maximumLines: Opt(Type.Integer()),
  overflow: Opt(Word()),
  autoFit: Opt(Type.Boolean()),
  minimumFontSize: Opt(Type.Number()),
  fillColor: Opt(Word()),
  strokeColor: Opt(Word()),
  strokeWidth: Opt(Type.Number()),
  binding: Opt(LayoutBindingSchema),
});

export const LayoutPlaybackSchema = Type.Object({
  fit: Opt(Word('`contain`, `cover` or `stretch`.')),
  muted: Opt(Type.Boolean()),
  loop: Opt(Type.Boolean()),
  fallback: Opt(Word('`hide`, `background` or `previous`.')),
  cornerRadius: Opt(Type.Number()),
});

export const LayoutPlacementSchema = Type.Object({
  id: Uuid,
  type: Word('`widget`, `asset`, `playlistZone` or `primitive`.'),
  name: Text(500),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  layer: Type.Integer(),
  opacity: Type.Number(),
  visible: Type.Boolean(),
  locked: Type.Boolean(),
  groupId: Opt(Uuid),
  widgetId: Opt(Uuid),
  assetId: Opt(Uuid),
  variantId: Opt(Uuid),
  playlistId: Opt(Uuid),
  overrides: Opt(
    Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), {
      maxProperties: 16,
      description: 'Widgets: fit, alignment, foregroundColor, backgroundColor, fallbackVisibility, muted; at most 4 KB.',
    }),
  ),
  primitive: Opt(LayoutPrimitiveSchema),
  playback: Opt(LayoutPlaybackSchema),
});

export const LayoutCanvasSchema = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  orientation: Word('`landscape` (wider than tall), `portrait` (taller than wide) or `custom`.'),
  backgroundColor: Word('`#RRGGBB` or `#RRGGBBAA`.'),
  backgroundAssetId: Opt(Uuid),
  backgroundVariantId: Opt(Uuid),
  safeAreaPercent: Type.Number(),
});

export const LayoutDocumentSchema = Type.Object(
  {
    schemaVersion: Type.Integer({ description: 'Always 2.' }),
    canvas: LayoutCanvasSchema,
    placements: Type.Array(LayoutPlacementSchema, { maxItems: 250, description: 'At most 200 (422 `layout_validation_failed` beyond).' }),
  },
  { description: 'A layout document, schema version 2: canvas 320–7680, ≤ 200 placements inside it, each with exactly one reference.' },
);

export type LayoutDocument = Static<typeof LayoutDocumentSchema>;
export type LayoutPlacement = Static<typeof LayoutPlacementSchema>;
export type LayoutPrimitive = Static<typeof LayoutPrimitiveSchema>;

/** What a document names, by kind: materialised with each published revision. */
export interface LayoutDependency {
  type: 'widget' | 'asset' | 'playlist' | 'data_source';
  id: string;
}

export const LayoutDependencySchema = Type.Object({
  type: Type.Union([Type.Literal('widget'), Type.Literal('asset'), Type.Literal('playlist'), Type.Literal('data_source')]),
  id: Uuid,
});

/** A new layout's draft: an empty canvas of the given size (the reference's background and safe area). */
export function emptyDocument(orientation: string, width: number, height: number): LayoutDocument {
  return { schemaVersion: 2, canvas: { width, height, orientation, backgroundColor: '#0E141B', safeAreaPercent: 5 }, placements: [] };
}

/** Everything the document names, each once, in document order (the background first). */
export function dependenciesOf(document: LayoutDocument): LayoutDependency[] {
  const seen = new Map<string, LayoutDependency>();
  const add = (type: LayoutDependency['type'], id: string | undefined) => {
    if (id && !seen.has(`${type}:${id}`)) seen.set(`${type}:${id}`, { type, id });
  };
  add('asset', document.canvas.backgroundAssetId);
  for (const p of document.placements) {
    add('widget', p.widgetId);
    add('asset', p.assetId);
    add('playlist', p.playlistId);
    add('data_source', p.primitive?.binding?.dataSourceId);
  }
  return [...seen.values()];
}
