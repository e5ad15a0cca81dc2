import type { ValidationIssue } from '../../../../kernel/errors.js';
import type { Configuration } from '../configuration.js';
import { choice, color, emptyState, flag, int, text, timezone, visual } from '../fields.js';
import { centredGrid, literal, NATIVE_CAPABILITIES, native, node, surface, textNode } from '../presentation.js';
import type { WidgetDefinition } from '../widget-definition.js';

const essential = { version: 1, category: 'Essentials', runtime: 'native', legacyPlayers: true, emptyStateBehavior: 'none' } as const;
const NATIVE = NATIVE_CAPABILITIES;
const clockFormat = (c: Configuration) => `time:${c.format}:${c.showSeconds === true}:${c.timezone}`;
const clockText = (c: Configuration, timezone: unknown, role = 'display') =>
  textNode({ source: 'environment', path: 'currentTime', format: `time:${c.format}:${c.showSeconds === true}:${timezone}` }, { role, align: 'center' });

export const clock: WidgetDefinition = {
  ...essential,
  id: 'clock',
  name: 'Clock',
  description: 'The live time in a chosen time zone.',
  icon: 'clock',
  requiredCapabilities: NATIVE,
  fields: [timezone(), choice('format', ['12', '24'], '12'), flag('showSeconds', false), ...visual()],
  compile: (c) => native(surface(c, [textNode({ source: 'environment', path: 'currentTime', format: clockFormat(c) }, { role: 'display', align: 'center' })])),
};

export const date: WidgetDefinition = {
  ...essential,
  id: 'date',
  name: 'Date',
  description: 'Today’s date in a chosen time zone.',
  icon: 'calendar',
  requiredCapabilities: NATIVE,
  fields: [timezone(), choice('format', ['full', 'long', 'medium', 'short'], 'full'), ...visual()],
  compile: (c) =>
    native(surface(c, [textNode({ source: 'environment', path: 'date', format: `date:${c.format}:${c.timezone}` }, { role: 'title', align: 'center' })])),
};

export const worldClock: WidgetDefinition = {
  ...essential,
  legacyPlayers: false,
  id: 'world_clock',
  name: 'World clock',
  description: 'The live time in up to eight places side by side.',
  icon: 'globe',
  requiredCapabilities: NATIVE,
  fields: [
    {
      key: 'zones',
      label: 'Places',
      control: 'repeating_group',
      required: true,
      minimumItems: 1,
      maximumItems: 8,
      itemFields: [text('label', 80, { required: true, minLength: 1 }), { ...timezone(), required: true }],
    },
    choice('format', ['12', '24'], '12'),
    flag('showSeconds', false),
    flag('showDate', false),
    int('columns', 1, 4, undefined, { description: 'Default: one per place, at most four.' }),
    ...visual(),
    emptyState('No information available'),
  ],
  check(c) {
    const seen = new Set<string>();
    const issues: ValidationIssue[] = [];
    (c.zones as { label: string }[]).forEach((z, i) => {
      if (seen.has(z.label)) issues.push({ field: `zones/${i}/label`, message: 'must differ from the other places’ labels' });
      seen.add(z.label);
    });
    return issues;
  },
  complete: (c) => ({ ...c, columns: c.columns ?? Math.min(4, (c.zones as unknown[]).length) }),
  compile: (c) =>
    centredGrid(c, c.zones as { label: string; timezone: string }[], (z) => [
      textNode(literal(z.label), { role: 'caption' }),
      clockText(c, z.timezone, 'title'),
      ...(c.showDate ? [textNode({ source: 'environment', path: 'date', format: `date:short:${z.timezone}` }, { role: 'caption' })] : []),
    ]),
};

const enc = (v: unknown) => encodeURIComponent(String(v ?? ''));

export const countdown: WidgetDefinition = {
  ...essential,
  id: 'countdown',
  name: 'Countdown',
  description: 'Counts down to (or up from) a date and time.',
  icon: 'timer',
  requiredCapabilities: NATIVE,
  fields: [
    { key: 'target', label: 'Target', control: 'datetime', required: true },
    timezone(),
    choice('mode', ['countdown', 'count_up'], 'countdown'),
    choice('recurrence', ['none', 'daily', 'weekly', 'monthly', 'yearly'], 'none'),
    choice('layout', ['stacked', 'horizontal', 'countdown_only'], 'stacked'),
    text('label', 120),
    text('completionText', 240),
    choice('completionAction', ['completed_text', 'hide', 'count_up'], 'completed_text'),
    flag('showDays', true),
    flag('showHours', true),
    flag('showMinutes', true),
    flag('showSeconds', false),
    ...visual(),
  ],
  check: (c) => (c.mode !== 'countdown' && c.recurrence !== 'none' ? [{ field: 'recurrence', message: 'only a countdown can repeat' }] : []),
  // With no unit shown the players would show nothing: days, hours and minutes, as the reference does.
  complete: (c) => (c.showDays || c.showHours || c.showMinutes || c.showSeconds ? c : { ...c, showDays: true, showHours: true, showMinutes: true }),
  compile(c) {
    const units = [c.showDays, c.showHours, c.showMinutes, c.showSeconds].map((u) => (u ? '1' : '0')).join('');
    const format = ['countdown', 'v2', enc(c.target), enc(c.timezone), c.mode, c.recurrence, c.completionAction, units, enc(c.completionText)].join(':');
    return native(
      surface(c, [
        node('column', { align: 'center' }, [
          ...(c.label && c.layout !== 'countdown_only' ? [textNode(literal(String(c.label)), { role: 'title' })] : []),
          textNode({ source: 'environment', path: 'countdown', format }, { role: 'display' }),
        ]),
      ]),
    );
  },
};

export const qrcode: WidgetDefinition = {
  ...essential,
  id: 'qrcode',
  name: 'QR code',
  description: 'A text or address as a code phones can scan.',
  icon: 'qr-code',
  requiredCapabilities: NATIVE,
  fields: [
    text('value', 2048, { required: true, minLength: 1, default: undefined }),
    text('label', 120),
    choice('errorCorrection', ['low', 'medium', 'quartile', 'high'], 'medium'),
    color('foregroundColor', '#000000'),
    color('backgroundColor', '#FFFFFF'),
    ...visual().slice(2),
  ],
  compile: (c) =>
    native(
      surface(c, [
        node('column', { align: 'center' }, [
          node('qr_code', { value: c.value, errorCorrection: c.errorCorrection, foreground: c.foregroundColor, background: c.backgroundColor }),
          ...(c.label ? [textNode(literal(String(c.label)), { role: 'caption' })] : []),
        ]),
      ]),
    ),
};

export const essentials = [clock, date, worldClock, countdown, qrcode];
