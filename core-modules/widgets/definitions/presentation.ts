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

const NodeSchema = Type.Recursive((Node) =>
  Type.Object({
    id: Type.Optional(Type.String()),
    type: Type.String(),
    props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    binding: Type.Optional(BindingSchema),
    repeat: Type.Optional(Type.Object({ dataset: Type.String(), limit: Type.Integer(), offset: Type.Optional(Type.Integer()) })),
    condition: Type.Optional(Type.Object({ binding: BindingSchema, op: Type.String(), value: Type.Optional(Type.String()) })),
    children: Type.Optional(Type.Array(Node)),
  }),
);

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

export const NATIVE_CAPABILITIES = { 'presentation.schema': 1, 'binding.core': 2 };
export const WEB_CAPABILITIES = { 'presentation.schema': 1, 'web.remote': 1 };

// Builders for the trees the core types compile to.
export const literal = (value: string): PresentationBinding => ({ source: 'literal', value });
export const node = (type: string, props: Record<string, unknown> = {}, children?: PresentationNode[], extra: Partial<PresentationNode> = {}): PresentationNode => ({
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

export const native = (root: PresentationNode): WidgetPresentation => ({ schemaVersion: 1, kind: 'native', requiredCapabilities: { ...NATIVE_CAPABILITIES }, native: { root } });
