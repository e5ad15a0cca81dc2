import { Type, type Static } from '@sinclair/typebox';

export const BINDING_SOURCES = ['literal', 'dataset', 'repeat', 'repeat_index', 'environment'] as const;

const BindingSchema = Type.Object({
  source: Type.Union(BINDING_SOURCES.map((s) => Type.Literal(s))),
  dataset: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
  fields: Type.Optional(Type.Array(Type.String())),
  format: Type.Optional(Type.String()),
  precision: Type.Optional(Type.Integer()),
  prefix: Type.Optional(Type.String()),
  suffix: Type.Optional(Type.String()),
  fallback: Type.Optional(Type.String()),
  separator: Type.Optional(Type.String()),
});
export type PresentationBinding = Static<typeof BindingSchema>;

export interface PresentationNode {
  id?: string;
  type: string;
  props?: Record<string, unknown>;
  binding?: PresentationBinding;
  repeat?: { dataset: string; limit: number; offset?: number };
  condition?: { binding: PresentationBinding; op: string; value?: string };
  children?: PresentationNode[];
}

// Children are declared open (each has this same shape): a recursive schema would not survive the
// console's client generation, and an open record keeps the whole subtree when responses are written.
const NodeSchema = Type.Object({
  id: Type.Optional(Type.String()),
  type: Type.String(),
  props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  binding: Type.Optional(BindingSchema),
  repeat: Type.Optional(Type.Object({ dataset: Type.String(), limit: Type.Integer(), offset: Type.Optional(Type.Integer()) })),
  condition: Type.Optional(Type.Object({ binding: BindingSchema, op: Type.String(), value: Type.Optional(Type.String()) })),
  children: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'Child nodes, each of this shape.' })),
});

/** What schema-13 players draw for a widget (the players' `WidgetPresentation`): a native tree or a sandboxed page. */
export const WidgetPresentationSchema = Type.Object({
  schemaVersion: Type.Literal(1),
  kind: Type.Union([Type.Literal('native'), Type.Literal('web')]),
  requiredCapabilities: Type.Record(Type.String(), Type.Integer()),
  native: Type.Optional(Type.Object({ root: NodeSchema })),
  web: Type.Optional(
    Type.Object({
      mode: Type.Literal('remote'),
      url: Type.String(),
      allowedHosts: Type.Array(Type.String()),
      onlineOnly: Type.Boolean(),
      lifecycle: Type.String(),
      fallbackBehavior: Type.String(),
      loadTimeoutSeconds: Type.Integer(),
    }),
  ),
});
export interface WidgetPresentation {
  schemaVersion: 1;
  kind: 'native' | 'web';
  requiredCapabilities: Record<string, number>;
  native?: { root: PresentationNode };
  web?: Static<typeof WidgetPresentationSchema>['web'];
}

/** What the catalog says a type needs of a player (the reference's catalog values); a compiled presentation names its nodes' own. */
export const NATIVE_CAPABILITIES = { 'presentation.schema': 1, 'binding.core': 2 };
export const WEB_CAPABILITIES = { 'presentation.schema': 1, 'web.remote': 1 };

// Builders for the trees the core types compile to.
export const literal = (value: string): PresentationBinding => ({ source: 'literal', value });
export const node = (
  type: string,
  props: Record<string, unknown> = {},
  children?: PresentationNode[],
  extra: Partial<PresentationNode> = {},
): PresentationNode => ({
  type,
  props,
  ...(children ? { children } : {}),
  ...extra,
});
export const textNode = (binding: PresentationBinding, props: Record<string, unknown> = {}) => node('text', props, undefined, { binding });

/** The outer surface every native widget draws on: its colours, text scale and padding. */
export function surface(c: Record<string, unknown>, children: PresentationNode[], extra: Record<string, unknown> = {}): PresentationNode {
  return node(
    'surface',
    {
      backgroundColor: c.backgroundColor,
      color: c.foregroundColor,
      ...(c.textScale !== undefined ? { textScale: c.textScale } : {}),
      ...(c.contentPadding !== undefined ? { paddingPercent: c.contentPadding } : {}),
      ...extra,
    },
    children,
  );
}

/** The capability (and its version) a player needs to draw each node type, as the stock players name them. */
const NODE_CAPABILITIES: Record<string, [string, number]> = {
  ...Object.fromEntries(['surface', 'box', 'row', 'column', 'stack', 'grid', 'spacer', 'divider'].map((t) => [t, [`layout.${t}`, 1]])),
  text: ['content.text', 1],
  icon: ['content.icon', 2],
  asset_image: ['content.asset_image', 2],
  badge: ['content.badge', 1],
  progress: ['content.progress', 2],
  qr_code: ['content.qr_code', 1],
  marquee: ['content.marquee', 1],
  line_chart: ['content.line_chart', 2],
  bar_chart: ['content.bar_chart', 2],
  donut_chart: ['content.donut_chart', 2],
  repeat: ['collection.repeat', 2],
  conditional: ['collection.conditional', 2],
  grouped_sections: ['collection.grouped_sections', 1],
};
const TYPED_FORMATS = new Set(['number', 'integer', 'percent', 'currency', 'date-short', 'date-long']);

/** What drawing `root` needs: each node type's capability, bindings, typed formats. */
export function capabilitiesOf(root: PresentationNode): Record<string, number> {
  const needed: Record<string, number> = {};
  const need = (name: string, version: number) => {
    needed[name] = Math.max(needed[name] ?? 0, version);
  };
  const visit = (n: PresentationNode) => {
    const capability = NODE_CAPABILITIES[n.type];
    if (capability) need(...capability);
    for (const b of [n.binding, n.condition?.binding]) {
      if (!b) continue;
      need('binding.core', 2);
      if (b.format && TYPED_FORMATS.has(b.format)) need('format.typed', 2);
    }
    for (const child of n.children ?? []) visit(child);
  };
  visit(root);
  return needed;
}

/** A native presentation of `root`, requiring exactly what drawing it needs. */
export const native = (root: PresentationNode): WidgetPresentation => ({
  schemaVersion: 1,
  kind: 'native',
  requiredCapabilities: capabilitiesOf(root),
  native: { root },
});

/** A grid of `c.columns` columns, one centred column of `cells` per item: world clocks, stat grids. */
export const centredGrid = <T>(c: Record<string, unknown>, items: T[], cells: (item: T) => PresentationNode[]): WidgetPresentation =>
  native(
    surface(c, [
      node(
        'grid',
        { columns: c.columns },
        items.map((item) => node('column', { align: 'center' }, cells(item))),
      ),
    ]),
  );
