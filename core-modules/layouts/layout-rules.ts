import type { LayoutDocument, LayoutPlacement, LayoutPrimitive } from './layout-document.js';

/** One thing wrong with a document; `placementId` when a placement is at fault. */
export interface LayoutProblem {
  placementId?: string;
  message: string;
}

export const MAX_PLACEMENTS = 200;
export const MAX_OVERRIDES_BYTES = 4096;
const COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;
const FIELD = /^[A-Za-z0-9_]{1,80}$/;
const FONTS = ['Inter', 'Roboto', 'Source Sans 3', 'Noto Sans'];
const FITS = ['contain', 'cover', 'stretch'];
const FORMATS = ['text', 'date-short', 'date-long', 'number', 'integer', 'currency'];
// The only keys a widget placement may override, each with its own rule.
const OVERRIDES: Record<string, (v: unknown) => boolean> = {
  fit: (v) => FITS.includes(v as string),
  alignment: (v) => ['left', 'center', 'right'].includes(v as string),
  foregroundColor: (v) => isColor(v),
  backgroundColor: (v) => isColor(v),
  fallbackVisibility: (v) => ['show', 'hide'].includes(v as string),
  muted: (v) => typeof v === 'boolean',
};

const isColor = (v: unknown) => typeof v === 'string' && COLOR.test(v);
const finite = (...values: number[]) => values.every(Number.isFinite);
const between = (v: number | undefined, min: number, max: number) => v === undefined || (Number.isFinite(v) && v >= min && v <= max);
// The reference's players accept edges up to a hair outside the canvas (float rounding).
const EDGE_SLACK = 0.001;

/**
 * Everything wrong with the document's shape (what a draft save checks; publishing also checks what
 * it names, see `publishProblems`). Pure: the rules of the reference's server and of the stricter
 * of its players, so a saved draft can always be published as far as its shape goes.
 */
export function documentProblems(document: LayoutDocument): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const fail = (message: string, placementId?: string) => problems.push(placementId ? { placementId, message } : { message });
  if (JSON.stringify(document).includes('\\u0000')) fail('Text in a layout cannot contain NUL characters.');
  if (document.schemaVersion !== 2) fail('A layout document has schemaVersion 2.');
  const { canvas } = document;
  if (!Number.isInteger(canvas.width) || !Number.isInteger(canvas.height) || !between(canvas.width, 320, 7680) || !between(canvas.height, 320, 7680))
    fail('The canvas is 320 to 7680 pixels wide and high.');
  if (!['landscape', 'portrait', 'custom'].includes(canvas.orientation)) fail('The canvas orientation is landscape, portrait or custom.');
  else if (canvas.orientation === 'landscape' && canvas.width <= canvas.height) fail('A landscape canvas is wider than it is tall.');
  else if (canvas.orientation === 'portrait' && canvas.height <= canvas.width) fail('A portrait canvas is taller than it is wide.');
  if (!isColor(canvas.backgroundColor)) fail('The background colour is #RRGGBB or #RRGGBBAA.');
  if (!between(canvas.safeAreaPercent, 0, 20)) fail('The safe area is 0 to 20 percent.');
  if (canvas.backgroundVariantId && !canvas.backgroundAssetId) fail('backgroundVariantId needs backgroundAssetId.');
  if (document.placements.length > MAX_PLACEMENTS) fail(`A layout has at most ${MAX_PLACEMENTS} placements.`);

  const seen = new Set<string>();
  for (const p of document.placements) {
    if (seen.has(p.id)) fail('Two placements share this id.', p.id);
    seen.add(p.id);
    for (const message of placementProblems(p, canvas)) fail(message, p.id);
  }
  const groups = new Set(document.placements.filter((p) => p.type === 'primitive' && p.primitive?.kind === 'group').map((p) => p.id));
  for (const p of document.placements) {
    if (p.groupId && (p.groupId === p.id || !groups.has(p.groupId))) fail('groupId names no group primitive of this layout.', p.id);
  }
  return problems;
}

function placementProblems(p: LayoutPlacement, canvas: LayoutDocument['canvas']): string[] {
  const problems: string[] = [];
  if (!['widget', 'asset', 'playlistZone', 'primitive'].includes(p.type)) problems.push('The type is widget, asset, playlistZone or primitive.');
  const name = p.name.trim();
  if (name.length < 1 || name.length > 120) problems.push('The name is 1 to 120 characters.');
  const inside =
    finite(p.x, p.y, p.width, p.height) &&
    p.x >= 0 &&
    p.y >= 0 &&
    p.width > 0 &&
    p.height > 0 &&
    p.x + p.width <= canvas.width + EDGE_SLACK &&
    p.y + p.height <= canvas.height + EDGE_SLACK;
  if (!inside) problems.push('The placement lies inside the canvas.');
  if (!between(p.layer, 0, 999)) problems.push('The layer is 0 to 999.');
  if (!between(p.opacity, 0, 1)) problems.push('The opacity is 0 to 1.');
  const references = [p.widgetId, p.assetId, p.playlistId, p.primitive].filter((r) => r !== undefined).length;
  const expected = { widget: p.widgetId, asset: p.assetId, playlistZone: p.playlistId, primitive: p.primitive }[p.type as 'widget'];
  if (references !== 1 || expected === undefined) problems.push(`A ${p.type} placement holds exactly one reference, of its own type.`);
  if (p.variantId && (p.type !== 'asset' || !p.assetId)) problems.push('variantId is only for asset placements.');
  if (p.overrides !== undefined) problems.push(...overrideProblems(p));
  if (p.primitive) problems.push(...primitiveProblems(p.primitive));
  if (p.playback) {
    const { fit, fallback, cornerRadius } = p.playback;
    if (fit !== undefined && !FITS.includes(fit)) problems.push('playback.fit is contain, cover or stretch.');
    if (fallback !== undefined && !['hide', 'background', 'previous'].includes(fallback)) problems.push('playback.fallback is hide, background or previous.');
    if (!between(cornerRadius, 0, 1000)) problems.push('playback.cornerRadius is 0 to 1000.');
  }
  return problems;
}

function overrideProblems(p: LayoutPlacement): string[] {
  if (Buffer.byteLength(JSON.stringify(p.overrides)) > MAX_OVERRIDES_BYTES) return [`Overrides take at most ${MAX_OVERRIDES_BYTES} bytes.`];
  if (p.type !== 'widget') return [];
  return Object.entries(p.overrides ?? {}).flatMap(([key, value]) => {
    const rule = OVERRIDES[key];
    if (!rule) return [`“${key}” is not an override a widget placement takes.`];
    return rule(value) ? [] : [`The override “${key}” is invalid.`];
  });
}

function primitiveProblems(s: LayoutPrimitive): string[] {
  const problems: string[] = [];
  if (!['text', 'rectangle', 'circle', 'line', 'group'].includes(s.kind)) problems.push('The primitive kind is text, rectangle, circle, line or group.');
  if ((s.text?.length ?? 0) > 4000) problems.push('Text is at most 4000 characters.');
  if (s.fontFamily !== undefined && !FONTS.includes(s.fontFamily)) problems.push(`The font is one the players bundle: ${FONTS.join(', ')}.`);
  if (s.fontWeight !== undefined && ![400, 500, 600, 700, 800].includes(s.fontWeight)) problems.push('The font weight is 400, 500, 600, 700 or 800.');
  // The Android player's bounds: a document outside them is refused with the whole manifest.
  if (!between(s.fontSize, 8, 600)) problems.push('The font size is 8 to 600.');
  if (!between(s.minimumFontSize, 8, 300)) problems.push('The minimum font size is 8 to 300.');
  if (!between(s.maximumLines, 1, 100)) problems.push('The maximum lines are 1 to 100.');
  if (!between(s.lineHeight, 0.8, 3)) problems.push('The line height is 0.8 to 3.');
  if (!between(s.letterSpacing, 0, 40)) problems.push('The letter spacing is 0 to 40.');
  for (const [name, value] of Object.entries({
    color: s.color,
    backgroundColor: s.backgroundColor,
    borderColor: s.borderColor,
    fillColor: s.fillColor,
    strokeColor: s.strokeColor,
  })) {
    if (value !== undefined && !isColor(value)) problems.push(`${name} is #RRGGBB or #RRGGBBAA.`);
  }
  const b = s.binding;
  if (b) {
    if (s.kind !== 'text') problems.push('Only a text primitive binds to a data source.');
    if (!FIELD.test(b.field)) problems.push('The bound field is 1 to 80 letters, digits or underscores.');
    if ([b.prefix, b.suffix, b.fallbackText].some((t) => (t?.length ?? 0) > 500)) problems.push('Prefix, suffix and fallback text are at most 500 characters.');
    if (b.format !== undefined && !FORMATS.includes(b.format)) problems.push(`The binding format is one of ${FORMATS.join(', ')}.`);
  }
  return problems;
}
