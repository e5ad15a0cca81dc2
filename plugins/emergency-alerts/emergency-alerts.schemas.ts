import { CloneType, Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { Nullable, Stamp, Uuid } from '../../kernel/http/wire.js';

export const SEVERITIES = ['Minor', 'Moderate', 'Severe', 'Extreme'] as const;
export const URGENCIES = ['Unknown', 'Future', 'Expected', 'Immediate'] as const;
const literals = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  ) as unknown as TUnion<TLiteral<T[number]>[]>;

export const MonitorSchema = Type.Object({
  enabled: Type.Boolean(),
  areas: Type.Array(Type.String(), { description: 'Two-letter state and territory codes.' }),
  zones: Type.Array(Type.String(), { description: 'Six-character county or forecast zone codes (UGC).' }),
  pollIntervalSeconds: Type.Integer({ minimum: 60, maximum: 3600 }),
  lastPolledAt: Type.Optional(Stamp),
  lastSuccessAt: Type.Optional(Stamp),
  lastErrorCode: Type.Optional(
    Type.String({
      description:
        'Why the last poll failed: `nws_timeout`, `nws_unreachable`, `nws_http_<status>`, `nws_invalid_response`, `nws_response_too_large`, `alert_apply_failed`; absent after a good poll.',
    }),
  ),
  lastMatchedCount: Type.Integer({ minimum: 0, description: '(alert, rule) pairs the last good poll matched.' }),
  updatedAt: Stamp,
});
export type Monitor = Static<typeof MonitorSchema>;

export const MonitorBodySchema = Type.Object({
  enabled: Type.Boolean({ description: 'Enabling needs at least one area or zone.' }),
  areas: Type.Array(Type.String({ maxLength: 10 }), { maxItems: 60, default: [] }),
  zones: Type.Array(Type.String({ maxLength: 10 }), { maxItems: 500, default: [] }),
  pollIntervalSeconds: Type.Integer({ minimum: 60, maximum: 3600, default: 120 }),
});
export type MonitorBody = Static<typeof MonitorBodySchema>;

const ResponseMode = literals(['takeover', 'ticker'], '`takeover` replaces what the screens play until the alert ends; `ticker` shows it in a bar.');
const PresentationMode = literals(['builtin', 'playlist'], 'A takeover shows the alert itself (`builtin`) or the rule’s playlist.');
const TickerDisplayMode = literals(['overlay', 'push'], 'The bar covers the content’s bottom edge, or pushes the content up.');
const TickerSpeed = literals(['slow', 'medium', 'fast'], 'How fast the bar’s text travels.');

export const RuleBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 180, pattern: '\\S' }),
  enabled: Type.Boolean({ default: true }),
  eventNames: Type.Array(Type.String({ maxLength: 120 }), {
    maxItems: 100,
    default: [],
    description: 'NWS event names (`Tornado Warning`), any case; empty matches every event.',
  }),
  minimumSeverity: Type.Optional(literals(SEVERITIES, 'The least severity that matches (default `Severe`).')),
  minimumUrgency: Type.Optional(literals(URGENCIES, 'The least urgency that matches (default `Expected`).')),
  responseMode: Type.Optional(ResponseMode),
  presentationMode: Type.Optional(PresentationMode),
  playlistId: Type.Optional(Nullable(Uuid)),
  tickerDisplayMode: Type.Optional(TickerDisplayMode),
  tickerHeightPx: Type.Optional(Type.Integer({ minimum: 40, maximum: 320 })),
  tickerSpeed: Type.Optional(TickerSpeed),
  maximumDurationMinutes: Type.Optional(
    Type.Integer({ minimum: 5, maximum: 10080, description: 'From 5 to the takeover maximum (setting); default 360 or that maximum if lower.' }),
  ),
  screenIds: Type.Array(Uuid, { maxItems: 250, uniqueItems: true, default: [] }),
  groupIds: Type.Array(Uuid, { maxItems: 250, uniqueItems: true, default: [] }),
});
export type RuleBody = Static<typeof RuleBodySchema>;

export const RuleSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  enabled: Type.Boolean(),
  eventNames: Type.Array(Type.String()),
  minimumSeverity: literals(SEVERITIES, 'The least severity that matches.'),
  minimumUrgency: literals(URGENCIES, 'The least urgency that matches.'),
  responseMode: ResponseMode,
  presentationMode: PresentationMode,
  playlistId: Type.Optional(Uuid),
  playlistName: Type.Optional(Type.String()),
  tickerDisplayMode: TickerDisplayMode,
  tickerHeightPx: Type.Integer({ minimum: 40, maximum: 320 }),
  tickerSpeed: TickerSpeed,
  maximumDurationMinutes: Type.Integer(),
  screenIds: Type.Array(Uuid),
  groupIds: Type.Array(Uuid),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type Rule = Static<typeof RuleSchema>;

export const ActivationSchema = Type.Object({
  alertId: Type.String(),
  ruleId: Uuid,
  ruleName: Type.String(),
  event: Type.String(),
  headline: Type.String(),
  severity: Type.String(),
  urgency: Type.String(),
  areaDescription: Type.String(),
  expiresAt: Type.Optional(CloneType(Stamp, { description: 'The earlier of the alert’s end and the rule’s maximum duration from when it was first seen.' })),
  takeoverId: Type.Optional(Uuid),
  firstSeenAt: Stamp,
  lastSeenAt: Stamp,
});
export type Activation = Static<typeof ActivationSchema>;

export const OverviewSchema = Type.Object({
  monitor: MonitorSchema,
  rules: Type.Array(RuleSchema),
  activeAlerts: Type.Array(ActivationSchema, { description: 'The live activations, newest first (at most 100).' }),
});
export type Overview = Static<typeof OverviewSchema>;

export const ZoneSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.String(),
  type: Type.String({ description: '`county` or `forecast`.' }),
});
