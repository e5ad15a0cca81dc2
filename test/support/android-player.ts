/**
 * How the stock Android player of the reference server reads a manifest and a config: its models
 * (kotlinx.serialization with ignoreUnknownKeys: a missing field without a default, a null for a
 * non-null type or a value of the wrong type fails the whole document) and the validators it runs
 * before using one (ManifestSyncManager.validateManifest, PlayerConfigValidator). Restated from
 * the player's behaviour as facts, to test what this server builds against it.
 */

type Scalar = 'String' | 'Int' | 'Long' | 'Float' | 'Double' | 'Boolean';
type Kind = Scalar | 'JsonObject' | { list: Kind } | { map: Kind } | { model: Model };
interface Field {
  kind: Kind;
  nullable?: boolean;
  /** The model gives a default, so the field may be absent. */
  optional?: boolean;
}
type Model = Record<string, Field>;

const req = (kind: Kind): Field => ({ kind });
const opt = (kind: Kind): Field => ({ kind, optional: true });
const nullable = (kind: Kind): Field => ({ kind, nullable: true, optional: true });
const listOf = (kind: Kind): Kind => ({ list: kind });
const model = (m: Model): Kind => ({ model: m });

const INT_MAX = 2 ** 31 - 1;

function problemsOf(value: unknown, kind: Kind, path: string): string[] {
  if (kind === 'JsonObject') return value && typeof value === 'object' && !Array.isArray(value) ? [] : [`${path}: expected an object`];
  if (typeof kind === 'string') {
    const ok =
      kind === 'String'
        ? typeof value === 'string'
        : kind === 'Boolean'
          ? typeof value === 'boolean'
          : kind === 'Int'
            ? Number.isInteger(value) && Math.abs(value as number) <= INT_MAX
            : kind === 'Long'
              ? Number.isSafeInteger(value)
              : typeof value === 'number' && Number.isFinite(value);
    return ok ? [] : [`${path}: expected ${kind}, got ${JSON.stringify(value)}`];
  }
  if ('map' in kind) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected an object`];
    return Object.entries(value).flatMap(([k, v]) => problemsOf(v, kind.map, `${path}.${k}`));
  }
  if ('list' in kind) return Array.isArray(value) ? value.flatMap((v, i) => problemsOf(v, kind.list, `${path}[${i}]`)) : [`${path}: expected a list`];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected an object`];
  return Object.entries(kind.model).flatMap(([name, field]) => {
    const v = (value as Record<string, unknown>)[name];
    if (v === undefined) return field.optional ? [] : [`${path}.${name}: missing`];
    if (v === null) return field.nullable ? [] : [`${path}.${name}: null for a non-null type`];
    return problemsOf(v, field.kind, `${path}.${name}`);
  });
}

const ManifestItem: Model = {
  id: req('String'),
  assetId: req('String'),
  variantId: nullable('String'),
  assetType: opt('String'),
  durationMs: nullable('Long'),
  fitMode: req('String'),
  transition: req('String'),
  audioEnabled: req('Boolean'),
  volume: req('Float'),
  videoStartOffsetMs: nullable('Long'),
  videoEndOffsetMs: nullable('Long'),
  deliveryPolicy: req('String'),
  layoutId: nullable('String'),
  availableFrom: nullable('String'),
  expiresAt: nullable('String'),
  usePlayerDefaults: opt('Boolean'),
};
const ManifestPlaylist: Model = { id: req('String'), revision: req('Long'), name: req('String'), items: req(listOf(model(ManifestItem))) };
const ManifestAsset: Model = {
  assetId: req('String'),
  variantId: req('String'),
  mimeType: req('String'),
  sha256: req('String'),
  fileSize: req('Long'),
  width: nullable('Int'),
  height: nullable('Int'),
  durationSeconds: nullable('Double'),
  downloadPath: req('String'),
  availableFrom: nullable('String'),
  expiresAt: nullable('String'),
};
const ManifestPluginConfig: Model = {
  name: opt('String'),
  message: opt('String'),
  scheduleType: opt('String'),
  targetTime: nullable('String'),
  daysOfWeek: opt(listOf('Int')),
  oneTimeAt: nullable('String'),
  timezone: opt('String'),
  leadTimeSeconds: opt('Int'),
  completionText: opt('String'),
  showConfetti: opt('Boolean'),
  displayMode: opt('String'),
  heightPx: opt('Int'),
  progressFill: opt('String'),
  contentPadding: opt('Int'),
  textScale: opt('Int'),
  urgencyEnabled: opt('Boolean'),
  startingSoonSeconds: opt('Int'),
  urgentSeconds: opt('Int'),
  pulseSeconds: opt('Int'),
  priority: opt('Int'),
  severity: opt('String'),
  event: opt('String'),
  speed: opt('String'),
  expiresAt: opt('String'),
};
const DataDocument: Model = { schemaVersion: req('Int'), datasets: opt(listOf('JsonObject')) };
const ManifestDataSource: Model = {
  id: req('String'),
  name: req('String'),
  provider: opt('String'),
  configVersion: opt('Int'),
  configuration: opt('JsonObject'),
  dataDocument: nullable(model(DataDocument)),
};
// What a schema-12 player decodes every data source's configuration as.
const TypedRecordData: Model = {
  fields: opt(listOf(model({ key: req('String'), label: req('String'), type: req('String') }))),
  records: opt(listOf(model({ id: req('String'), values: opt({ map: 'String' }) }))),
  cachedAt: nullable('String'),
  staleAt: nullable('String'),
  usingCachedData: opt('Boolean'),
  unavailable: opt('Boolean'),
  dateSelection: nullable('JsonObject'),
  dateField: opt('String'),
  attribution: opt('String'),
};
const Takeover: Model = { id: req('String'), playlistId: req('String'), activatedAt: req('String'), expiresAt: req('String') };
const PresentationOverride: Model = {
  id: req('String'),
  contentType: req('String'),
  contentId: req('String'),
  contentName: req('String'),
  startedAt: req('String'),
  expiresAt: nullable('String'),
  playlistId: nullable('String'),
  layoutId: nullable('String'),
  wakeDisplay: opt('Boolean'),
};
const ManifestWebsite: Model = {
  assetId: req('String'),
  name: req('String'),
  url: req('String'),
  allowedHosts: req(listOf('String')),
  javascriptEnabled: req('Boolean'),
  domStorageEnabled: req('Boolean'),
  cookiePolicy: req('String'),
  reloadPolicy: req('String'),
  refreshIntervalSeconds: nullable('Int'),
  loadTimeoutSeconds: req('Int'),
  zoomPercent: req('Int'),
  scrollX: req('Int'),
  scrollY: req('Int'),
  customUserAgent: opt('String'),
  backgroundColor: opt('String'),
  failureBehavior: req('String'),
  fallbackImageAssetId: nullable('String'),
  fallbackVariantId: nullable('String'),
};
// The layout models (LayoutModels.kt): fields with defaults may be absent; `visible` and `locked` may not.
const LayoutBinding: Model = {
  dataSourceId: req('String'),
  field: req('String'),
  prefix: opt('String'),
  suffix: opt('String'),
  fallbackText: opt('String'),
  hideWhenEmpty: opt('Boolean'),
  format: opt('String'),
};
const LayoutPrimitive: Model = {
  kind: req('String'),
  ...Object.fromEntries(
    ['text', 'fontFamily', 'textAlign', 'verticalAlign', 'color', 'backgroundColor', 'borderColor', 'overflow', 'fillColor', 'strokeColor'].map((f) => [
      f,
      opt('String'),
    ]),
  ),
  ...Object.fromEntries(
    ['fontSize', 'lineHeight', 'letterSpacing', 'padding', 'borderWidth', 'cornerRadius', 'minimumFontSize', 'strokeWidth'].map((f) => [f, opt('Float')]),
  ),
  fontWeight: opt('Int'),
  maximumLines: opt('Int'),
  autoFit: opt('Boolean'),
  binding: nullable(model(LayoutBinding)),
};
const LayoutPlacement: Model = {
  id: req('String'),
  type: req('String'),
  name: req('String'),
  x: req('Float'),
  y: req('Float'),
  width: req('Float'),
  height: req('Float'),
  layer: req('Int'),
  opacity: req('Float'),
  visible: req('Boolean'),
  locked: req('Boolean'),
  groupId: nullable('String'),
  widgetId: nullable('String'),
  assetId: nullable('String'),
  playlistId: nullable('String'),
  overrides: nullable('JsonObject'),
  primitive: nullable(model(LayoutPrimitive)),
  playback: nullable(model({ fit: opt('String'), muted: opt('Boolean'), loop: opt('Boolean'), fallback: opt('String'), cornerRadius: opt('Float') })),
  variantId: nullable('String'),
};
const LayoutDocument: Model = {
  schemaVersion: req('Int'),
  canvas: req(
    model({
      width: req('Int'),
      height: req('Int'),
      orientation: req('String'),
      backgroundColor: req('String'),
      backgroundAssetId: nullable('String'),
      safeAreaPercent: opt('Float'),
      backgroundVariantId: nullable('String'),
    }),
  ),
  placements: opt(listOf(model(LayoutPlacement))),
};
const ManifestLayout: Model = {
  id: req('String'),
  revisionId: req('String'),
  revision: req('Long'),
  documentSha256: req('String'),
  document: req(model(LayoutDocument)),
};
// Widgets: the entry, its declarative presentation (schema 13 on), and the provider settings the
// schema 11 and 12 validators decode (only the fields without a default, or typed, matter here).
const Binding: Model = {
  source: req('String'),
  dataset: opt('String'),
  path: opt('String'),
  selector: opt('String'),
  startField: opt('String'),
  endField: opt('String'),
  value: opt('String'),
  fields: opt(listOf('String')),
  format: opt('String'),
  precision: nullable('Int'),
  prefix: opt('String'),
  suffix: opt('String'),
  fallback: opt('String'),
  separator: opt('String'),
};
const PresentationNode: Model = {
  id: opt('String'),
  type: req('String'),
  props: opt('JsonObject'),
  binding: nullable(model(Binding)),
  repeat: nullable(
    model({ dataset: req('String'), limit: req('Int'), offset: opt('Int'), selector: opt('String'), startField: opt('String'), endField: opt('String') }),
  ),
  condition: nullable(model({ binding: req(model(Binding)), op: req('String'), value: opt('String') })),
};
PresentationNode.children = opt(listOf(model(PresentationNode)));
const WebSandbox: Model = {
  mode: req('String'),
  url: opt('String'),
  bundleId: opt('String'),
  entryPoint: opt('String'),
  integritySha256: opt('String'),
  packageSize: opt('Long'),
  downloadPath: opt('String'),
  allowedHosts: opt(listOf('String')),
  externalNetworkAccess: opt('Boolean'),
  onlineOnly: opt('Boolean'),
  fallbackBehavior: opt('String'),
  loadTimeoutSeconds: opt('Int'),
  lifecycle: opt('String'),
  warmSeconds: opt('Int'),
  reload: nullable(model({ mode: req('String'), intervalSeconds: req('Int') })),
};
const WidgetPresentation: Model = {
  schemaVersion: req('Int'),
  kind: req('String'),
  requiredCapabilities: opt({ map: 'Int' }),
  native: nullable(model({ root: req(model(PresentationNode)) })),
  web: nullable(model(WebSandbox)),
};
const ManifestWidget: Model = {
  assetId: req('String'),
  name: req('String'),
  provider: opt('String'),
  configVersion: opt('Int'),
  configuration: opt('JsonObject'),
  presentation: nullable(model(WidgetPresentation)),
};
const visual: Model = { foregroundColor: opt('String'), backgroundColor: opt('String'), textScale: nullable('Int'), contentPadding: nullable('Int') };
const WIDGET_CONFIGS: Record<string, Model> = {
  clock: { timezone: opt('String'), format: opt('String'), showSeconds: opt('Boolean'), ...visual },
  date: { timezone: opt('String'), format: opt('String'), ...visual },
  qrcode: { value: req('String'), label: opt('String'), errorCorrection: opt('String'), ...visual },
  countdown: {
    target: req('String'),
    timezone: opt('String'),
    mode: opt('String'),
    recurrence: opt('String'),
    layout: opt('String'),
    label: opt('String'),
    completionText: opt('String'),
    completionAction: opt('String'),
    showDays: opt('Boolean'),
    showHours: opt('Boolean'),
    showMinutes: opt('Boolean'),
    showSeconds: opt('Boolean'),
    ...visual,
  },
  ticker: {
    dataSourceId: req('String'),
    field: opt('String'),
    fields: opt(listOf('String')),
    separator: opt('String'),
    fieldSeparator: opt('String'),
    speed: opt('String'),
    direction: opt('String'),
    emptyState: opt('String'),
    ...visual,
  },
  display: {
    dataSourceId: req('String'),
    fields: opt(listOf('String')),
    maximumItems: opt('Int'),
    emptyState: opt('String'),
    primaryField: opt('String'),
    secondaryField: opt('String'),
    leadingField: opt('String'),
    trailingField: opt('String'),
    showDividers: opt('Boolean'),
    rowSpacing: opt('String'),
    mode: opt('String'),
    labelField: opt('String'),
    valueField: opt('String'),
    columns: opt(
      listOf(
        model({
          field: req('String'),
          label: opt('String'),
          format: opt('String'),
          precision: opt('Int'),
          prefix: opt('String'),
          suffix: opt('String'),
          alignment: opt('String'),
          width: opt('Int'),
        }),
      ),
    ),
    showHeader: opt('Boolean'),
    alternatingRows: opt('Boolean'),
    dateField: opt('String'),
    timeField: opt('String'),
    titleField: opt('String'),
    locationField: opt('String'),
    descriptionField: opt('String'),
    groupByDay: opt('Boolean'),
    ...visual,
  },
  metric: {
    dataSourceId: req('String'),
    valueField: req('String'),
    label: opt('String'),
    labelField: opt('String'),
    secondaryField: opt('String'),
    format: opt('String'),
    precision: opt('Int'),
    prefix: opt('String'),
    suffix: opt('String'),
    alignment: opt('String'),
    emptyState: opt('String'),
    ...visual,
  },
  cards: {
    dataSourceId: req('String'),
    titleField: req('String'),
    subtitleField: opt('String'),
    bodyField: opt('String'),
    badgeField: opt('String'),
    columns: opt('Int'),
    maximumItems: opt('Int'),
    density: opt('String'),
    emptyState: opt('String'),
    ...visual,
  },
  weather: {
    dataSourceId: req('String'),
    showLocation: opt('Boolean'),
    showCurrent: opt('Boolean'),
    showHumidity: opt('Boolean'),
    showWind: opt('Boolean'),
    showPrecipitation: opt('Boolean'),
    forecastDays: opt('Int'),
    ...visual,
  },
  website: {
    url: req('String'),
    allowedHosts: req(listOf('String')),
    javascriptEnabled: opt('Boolean'),
    domStorageEnabled: opt('Boolean'),
    cookiePolicy: opt('String'),
    reloadPolicy: opt('String'),
    refreshIntervalSeconds: nullable('Int'),
    loadTimeoutSeconds: opt('Int'),
    zoomPercent: opt('Int'),
    scrollX: opt('Int'),
    scrollY: opt('Int'),
    backgroundColor: opt('String'),
    failureBehavior: opt('String'),
  },
  youtube: {
    url: req('String'),
    kind: opt('String'),
    videoId: nullable('String'),
    playlistId: nullable('String'),
    startSeconds: opt('Int'),
    endSeconds: nullable('Int'),
    loop: opt('Boolean'),
    muted: opt('Boolean'),
    volume: opt('Int'),
    captions: opt('Boolean'),
    captionLanguage: opt('String'),
    controls: opt('Boolean'),
    failureBehavior: opt('String'),
  },
};
for (const p of ['menu', 'table', 'list', 'agenda']) WIDGET_CONFIGS[p] = WIDGET_CONFIGS.display!;
/** The providers schema 11 and 12 players draw themselves; any other widget item makes them refuse the manifest. */
const LEGACY_WIDGETS = [
  'website',
  'youtube',
  'clock',
  'date',
  'qrcode',
  'countdown',
  'ticker',
  'menu',
  'list',
  'table',
  'agenda',
  'metric',
  'cards',
  'weather',
];
/** What the stock Android player draws (its `PlayerPresentationSupport`): a presentation asking more is refused. */
const ANDROID_NATIVE: Record<string, number> = {
  ...Object.fromEntries(['surface', 'box', 'row', 'column', 'stack', 'grid', 'spacer', 'divider'].map((t) => [`layout.${t}`, 1])),
  'content.text': 1,
  'content.icon': 2,
  'content.asset_image': 2,
  'content.badge': 1,
  'content.progress': 2,
  'content.qr_code': 1,
  'content.marquee': 1,
  'content.line_chart': 2,
  'content.bar_chart': 2,
  'content.donut_chart': 2,
  'collection.repeat': 2,
  'collection.conditional': 2,
  'collection.grouped_sections': 1,
  'binding.core': 2,
  'format.typed': 2,
  'selection.relative_date': 1,
  'selection.temporal': 1,
  'playback.auto_skip': 1,
};
const ANDROID_WEB_RUNTIME = 2;
const NODE_TYPES = [
  'surface',
  'box',
  'row',
  'column',
  'stack',
  'grid',
  'spacer',
  'divider',
  'text',
  'icon',
  'asset_image',
  'badge',
  'progress',
  'qr_code',
  'marquee',
  'line_chart',
  'bar_chart',
  'donut_chart',
  'repeat',
  'conditional',
  'grouped_sections',
];
const SELECTORS = ['all', 'current', 'next', 'upcoming', 'current_or_next'];
const CONDITION_OPS = ['equals', 'not_equals', 'empty', 'not_empty', 'greater_than', 'greater_or_equal', 'less_than', 'less_or_equal', 'before', 'after'];

const validZoneName = (zone: unknown) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(zone) });
    return typeof zone === 'string';
  } catch {
    return false;
  }
};

/** Why the player's presentation validator refuses a widget's presentation; empty when it takes it. */
function presentationProblems(p: any, sourceIds: Set<string>, where: string): string[] {
  const problems: string[] = [];
  check(problems, p.schemaVersion === 1 && ['native', 'web'].includes(p.kind), `${where}: schema or kind`);
  for (const [capability, version] of Object.entries(p.requiredCapabilities ?? {}))
    check(
      problems,
      (capability === 'web.remote' ? ANDROID_WEB_RUNTIME : (ANDROID_NATIVE[capability] ?? 0)) >= (version as number),
      `${where}: needs ${capability}@${version}`,
    );
  if (p.kind === 'native') {
    if (!p.native?.root) return [...problems, `${where}: native root missing`];
    let nodes = 0;
    let animations = 0;
    const visit = (n: any, depth: number) => {
      nodes++;
      check(problems, depth <= 24 && nodes <= 500 && NODE_TYPES.includes(n.type), `${where}: node ${n.type} at depth ${depth}`);
      const b = n.binding;
      if (b) {
        const selector = b.selector ?? 'all';
        check(
          problems,
          ['literal', 'dataset', 'repeat', 'repeat_index', 'environment'].includes(b.source) &&
            (b.fields ?? []).length <= 16 &&
            (b.value ?? '').length <= 4096 &&
            (b.path ?? '').length <= 180 &&
            SELECTORS.includes(selector) &&
            (selector === 'all' || Boolean(b.startField)) &&
            (selector !== 'current' || Boolean(b.endField)),
          `${where}: binding of ${n.type}`,
        );
      }
      if (n.condition) check(problems, CONDITION_OPS.includes(n.condition.op), `${where}: condition`);
      if (n.type === 'marquee') animations++;
      if (n.repeat) {
        const r = n.repeat;
        check(
          problems,
          r.limit >= 1 && r.limit <= 200 && (r.offset ?? 0) >= 0 && (r.offset ?? 0) <= 2000 && sourceIds.has(String(r.dataset).split(':')[0]!),
          `${where}: repeat`,
        );
      }
      for (const child of n.children ?? []) visit(child, depth + 1);
    };
    visit(p.native.root, 0);
    check(problems, animations <= 4, `${where}: animations`);
  } else {
    const w = p.web;
    if (!w) return [...problems, `${where}: web descriptor missing`];
    check(
      problems,
      ['remote', 'bundle'].includes(w.mode) &&
        (w.allowedHosts ?? []).length <= 25 &&
        within(w.loadTimeoutSeconds ?? 20, 1, 120) &&
        within(w.warmSeconds ?? 0, 0, 300),
      `${where}: web descriptor`,
    );
    if (w.mode === 'remote') check(problems, w.onlineOnly === true && String(w.url).startsWith('https://'), `${where}: remote page`);
  }
  return problems;
}

/** Why the schema 11/12 validator refuses a widget's provider configuration; empty when it takes it. */
function legacyWidgetProblems(w: any, sources: Map<string, any>): string[] {
  const where = `widget ${w.assetId}`;
  const shape = WIDGET_CONFIGS[w.provider];
  if (!shape) return [];
  const c = w.configuration ?? {};
  const decoded = problemsOf(c, model(shape), `${where}.configuration`);
  if (decoded.length) return decoded;
  const problems: string[] = [];
  const zoneOk = validZoneName(c.timezone ?? 'UTC');
  switch (w.provider) {
    case 'clock':
      check(problems, zoneOk && ['12', '24'].includes(c.format ?? '12'), `${where}: clock`);
      break;
    case 'date':
      check(problems, zoneOk && ['full', 'long', 'medium', 'short'].includes(c.format ?? 'full'), `${where}: date`);
      break;
    case 'qrcode':
      check(problems, c.value.trim() !== '' && c.value.length <= 2048, `${where}: qrcode`);
      break;
    case 'countdown': {
      const mode = c.mode ?? 'countdown';
      const recurrence = c.recurrence ?? 'none';
      check(
        problems,
        zoneOk &&
          ['countdown', 'count_up'].includes(mode) &&
          ['none', 'daily', 'weekly', 'monthly', 'yearly'].includes(recurrence) &&
          ['stacked', 'horizontal', 'countdown_only'].includes(c.layout ?? 'stacked') &&
          (mode === 'countdown' || recurrence === 'none'),
        `${where}: countdown`,
      );
      break;
    }
    case 'ticker': {
      const fields = c.fields?.length ? c.fields : [c.field ?? 'title'];
      check(problems, sources.has(c.dataSourceId) && fields.length >= 1 && fields.length <= 3, `${where}: ticker`);
      break;
    }
    case 'menu':
    case 'table':
    case 'list':
    case 'agenda': {
      const fields = c.fields ?? ['title'];
      check(
        problems,
        sources.has(c.dataSourceId) && fields.length >= 1 && fields.length <= 12 && within(c.maximumItems ?? 20, 1, 100),
        `${where}: ${w.provider}`,
      );
      break;
    }
    case 'metric':
      check(problems, sources.has(c.dataSourceId) && c.valueField.trim() !== '', `${where}: metric`);
      break;
    case 'cards':
      check(
        problems,
        sources.has(c.dataSourceId) && c.titleField.trim() !== '' && within(c.columns ?? 2, 1, 4) && within(c.maximumItems ?? 6, 1, 12),
        `${where}: cards`,
      );
      break;
    case 'weather':
      check(problems, sources.get(c.dataSourceId)?.provider === 'weather' && within(c.forecastDays ?? 5, 0, 7), `${where}: weather`);
      break;
  }
  return problems;
}

const PlayerManifest: Model = {
  dataSources: opt(listOf(model(ManifestDataSource))),
  takeover: nullable(model(Takeover)),
  emergency: nullable(model(Takeover)),
  presentationOverride: nullable(model(PresentationOverride)),
  schemaVersion: req('Int'),
  manifestVersion: req('Long'),
  screenId: req('String'),
  generatedAt: req('String'),
  mode: req('String'),
  playlist: nullable(model(ManifestPlaylist)),
  playlists: opt(listOf(model(ManifestPlaylist))),
  assets: opt(listOf(model(ManifestAsset))),
  websites: opt(listOf(model(ManifestWebsite))),
  widgets: opt(listOf(model(ManifestWidget))),
  layout: nullable(model(ManifestLayout)),
  directFallbackLayout: nullable(model(ManifestLayout)),
  layouts: opt(listOf(model(ManifestLayout))),
  branding: nullable(model({ logoAssetId: nullable('String'), logoVariantId: nullable('String') })),
  plugins: opt(listOf(model({ id: req('String'), type: req('String'), version: req('Int'), config: req(model(ManifestPluginConfig)) }))),
  serverTime: nullable('String'),
  prefetchHorizonDays: opt('Int'),
  activationGraceSeconds: opt('Int'),
};

const check = (problems: string[], ok: boolean, message: string) => {
  if (!ok) problems.push(message);
};

/** Why the Android player would refuse this manifest for this screen; empty when it takes it. */
export function androidManifestProblems(manifest: any, screenId: string): string[] {
  const problems = problemsOf(manifest, model(PlayerManifest), 'manifest');
  if (problems.length) return problems;
  check(
    problems,
    [11, 12, 13, 14, 15].includes(manifest.schemaVersion) && ['single-zone', 'presentation'].includes(manifest.mode) && manifest.screenId === screenId,
    'schema version, mode or screen',
  );
  const assets = new Map(manifest.assets.map((a: any) => [a.variantId, a]));
  const playlists = [...manifest.playlists, ...(manifest.playlist ? [manifest.playlist] : [])];
  // Every schedule and the takeover must name a presentation the manifest carries.
  const playlistIds = new Set([...playlists, ...(manifest.directFallbackPlaylist ? [manifest.directFallbackPlaylist] : [])].map((p: any) => p.id));
  const layoutIds = new Set((manifest.layouts ?? []).map((l: any) => l.id));
  const takeover = manifest.takeover ?? manifest.emergency;
  check(
    problems,
    (manifest.schedules ?? []).every((s: any) => (s.layoutId ? layoutIds.has(s.layoutId) : playlistIds.has(s.playlistId))) &&
      (!takeover || playlistIds.has(takeover.playlistId)),
    'a schedule or the takeover references an unavailable presentation',
  );
  for (const item of playlists.flatMap((p: any) => p.items)) {
    const where = `item ${item.id}`;
    if (item.assetType === 'website') {
      const site = (manifest.websites ?? []).find((w: any) => w.assetId === item.assetId);
      check(problems, site !== undefined && (item.durationMs ?? 0) > 0 && item.deliveryPolicy === 'stream', `${where}: website item`);
    } else if (item.assetType === 'widget') {
      const widget = (manifest.widgets ?? []).find((w: any) => w.assetId === item.assetId);
      check(
        problems,
        (manifest.schemaVersion >= 13 ? widget?.presentation != null : LEGACY_WIDGETS.includes(widget?.provider)) && item.deliveryPolicy === 'stream',
        `${where}: widget item`,
      );
    } else if (item.assetType !== 'layout')
      check(problems, item.variantId != null && (assets.get(item.variantId) as any)?.assetId === item.assetId, `${where}: its variant is not in assets`);
    const transitions = manifest.schemaVersion >= 14 ? ['none', 'fade', 'crossfade'] : ['none', 'fade'];
    check(
      problems,
      ['contain', 'cover', 'stretch'].includes(item.fitMode) &&
        transitions.includes(item.transition) &&
        ['download', 'stream', 'automatic'].includes(item.deliveryPolicy) &&
        item.volume >= 0 &&
        item.volume <= 1,
      `${where}: settings (fitMode ${item.fitMode}, transition ${item.transition}, delivery ${item.deliveryPolicy}, volume ${item.volume})`,
    );
    check(
      problems,
      item.availableFrom == null || item.expiresAt == null || Date.parse(item.availableFrom) < Date.parse(item.expiresAt),
      `${where}: availability`,
    );
    if ((assets.get(item.variantId) as any)?.mimeType?.startsWith('image/'))
      check(problems, (item.durationMs ?? 0) > 0 || item.usePlayerDefaults === true, `${where}: image duration`);
    if (item.videoEndOffsetMs != null) check(problems, item.videoEndOffsetMs > (item.videoStartOffsetMs ?? 0), `${where}: video offsets`);
  }
  const FIELD_TYPES = ['text', 'number', 'integer', 'percent', 'currency', 'boolean', 'date', 'datetime', 'url'];
  for (const source of manifest.dataSources ?? []) {
    const where = `data source ${source.id}`;
    if (manifest.schemaVersion === 12) {
      const data = source.configuration ?? {};
      const decoded = problemsOf(data, model(TypedRecordData), `${where}.configuration`);
      problems.push(...decoded);
      if (decoded.length) continue;
      const fields = data.fields ?? [];
      const records = data.records ?? [];
      check(
        problems,
        fields.length <= 20 &&
          records.length <= 2000 &&
          new Set(fields.map((f: any) => f.key)).size === fields.length &&
          fields.every((f: any) => FIELD_TYPES.includes(f.type)) &&
          records.every(
            (r: any) => r.id.length <= 80 && Object.keys(r.values ?? {}).length <= 20 && Object.values(r.values ?? {}).every((v: any) => v.length <= 500),
          ),
        `${where}: typed records out of bounds`,
      );
    }
    if (manifest.schemaVersion >= 13) {
      const document = source.dataDocument;
      check(
        problems,
        Boolean(document) && document.schemaVersion === 1 && (document.datasets ?? []).length <= 16,
        `${where}: data document missing or invalid`,
      );
      for (const dataset of document?.datasets ?? []) {
        const fields = dataset.fields ?? [];
        check(
          problems,
          typeof dataset.id === 'string' &&
            dataset.id.length >= 1 &&
            dataset.id.length <= 80 &&
            ['scalar', 'records', 'time_series', 'list', 'object'].includes(dataset.kind) &&
            fields.length <= 16 &&
            new Set(fields.map((f: any) => f.key)).size === fields.length &&
            fields.every((f: any) => [...FIELD_TYPES, 'duration', 'asset', 'null'].includes(f.type)) &&
            (dataset.records ?? []).length <= 2000,
          `${where}: dataset ${dataset.id}`,
        );
      }
    }
  }
  const sources = new Map<string, any>((manifest.dataSources ?? []).map((d: any) => [d.id, d]));
  for (const widget of manifest.widgets ?? []) {
    if (manifest.schemaVersion >= 13) {
      if (!widget.presentation) problems.push(`widget ${widget.assetId}: presentation missing`);
      else problems.push(...presentationProblems(widget.presentation, new Set(sources.keys()), `widget ${widget.assetId}`));
    } else problems.push(...legacyWidgetProblems(widget, sources));
  }
  const widgetIds = new Set((manifest.widgets ?? []).map((w: any) => w.assetId));
  const hasFile = (assetId: string, variantId: string | undefined) => variantId != null && (assets.get(variantId) as any)?.assetId === assetId;
  for (const layout of manifest.layouts ?? []) {
    const where = `layout ${layout.id}`;
    problems.push(...layoutDocumentProblems(layout.document).map((p) => `${where}: ${p}`));
    const { canvas, placements = [] } = layout.document;
    check(problems, canvas.backgroundAssetId == null || hasFile(canvas.backgroundAssetId, canvas.backgroundVariantId), `${where}: background unavailable`);
    for (const p of placements) {
      const available =
        p.type === 'widget'
          ? widgetIds.has(p.widgetId)
          : p.type === 'asset'
            ? hasFile(p.assetId, p.variantId)
            : p.type === 'playlistZone'
              ? playlistIds.has(p.playlistId)
              : true;
      check(problems, available, `${where}: placement ${p.id} names what the manifest lacks`);
      check(problems, !p.primitive?.binding || sources.has(p.primitive.binding.dataSourceId), `${where}: placement ${p.id} binds a missing data source`);
    }
  }
  check(
    problems,
    [manifest.layout, manifest.directFallbackLayout].every((l: any) => !l || layoutIds.has(l.id)),
    'the root layout is not among the layouts',
  );
  for (const item of playlists.flatMap((p: any) => p.items).filter((i: any) => i.assetType === 'layout'))
    check(problems, layoutIds.has(item.layoutId) && (item.durationMs ?? 0) > 0 && item.deliveryPolicy === 'stream', `item ${item.id}: layout item`);
  for (const site of manifest.websites ?? []) {
    check(
      problems,
      site.allowedHosts.length >= 1 &&
        site.allowedHosts.length <= 25 &&
        site.url.length <= 2048 &&
        within(site.loadTimeoutSeconds, 1, 120) &&
        within(site.zoomPercent, 50, 200),
      `website ${site.assetId}: configuration`,
    );
    if (site.fallbackVariantId != null)
      check(problems, (assets.get(site.fallbackVariantId) as any)?.assetId === site.fallbackImageAssetId, `website ${site.assetId}: fallback`);
  }
  return problems;
}

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const HH_MM = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
const within = (v: number, min: number, max: number) => v >= min && v <= max;
const s = (kind: Scalar) => opt(kind);
const PlayerConfig: Model = {
  schemaVersion: req('Int'),
  configRevision: req('Long'),
  generatedAt: req('String'),
  branding: opt(
    model({
      organizationName: s('String'),
      logoAssetId: nullable('String'),
      backgroundColor: s('String'),
      textColor: s('String'),
      noContentTitle: s('String'),
      noContentMessage: s('String'),
      disabledTitle: s('String'),
      disabledMessage: s('String'),
      footerText: s('String'),
    }),
  ),
  playback: opt(
    model({
      defaultVolume: s('Double'),
      defaultFitMode: s('String'),
      defaultImageDurationSeconds: s('Int'),
      defaultTransition: s('String'),
      defaultAudioEnabled: s('Boolean'),
      resumeAfterRestart: s('Boolean'),
      identifyShowsLocation: s('Boolean'),
      screenLocation: s('String'),
    }),
  ),
  cache: opt(model({ maximumBytes: s('Long'), minimumFreeBytes: s('Long'), concurrentDownloads: s('Int'), automaticThresholdBytes: s('Long') })),
  sync: opt(model({ manifestReconciliationSeconds: s('Int'), statusReportSeconds: s('Int') })),
  website: opt(
    model({
      timeoutSeconds: s('Int'),
      cookiePolicy: s('String'),
      clearOnRestart: s('Boolean'),
      defaultJavascript: s('Boolean'),
      defaultDomStorage: s('Boolean'),
      defaultTimeoutSeconds: s('Int'),
      defaultCookiePolicy: s('String'),
      defaultReloadPolicy: s('String'),
      minimumRefreshSeconds: s('Int'),
      defaultFailureBehavior: s('String'),
      defaultZoomPercent: s('Int'),
      defaultFallbackImageId: s('String'),
    }),
  ),
  reliability: opt(
    model({
      mode: s('String'),
      launchAfterBoot: s('Boolean'),
      immersiveMode: s('Boolean'),
      foregroundWatchdogEnabled: s('Boolean'),
      playbackStallSeconds: s('Int'),
      webviewStallSeconds: s('Int'),
      maximumProcessRestarts: s('Int'),
      restartWindowMinutes: s('Int'),
      safeModeEnabled: s('Boolean'),
    }),
  ),
  power: opt(
    model({
      activeHoursEnabled: s('Boolean'),
      activeHoursTimezone: s('String'),
      activeHoursDays: opt(listOf('Int')),
      activeHoursStart: s('String'),
      activeHoursEnd: s('String'),
      startupGraceSeconds: s('Int'),
      shutdownPrepareSeconds: s('Int'),
      keepScreenOn: s('Boolean'),
      sleepOutsideActiveHours: s('Boolean'),
      outsideActiveHoursDisplay: s('String'),
      outsideActiveHoursText: s('String'),
      blackScreenFallback: s('Boolean'),
    }),
  ),
  managedKiosk: opt(
    model({ lockTaskEnabled: s('Boolean'), blockOverlays: s('Boolean'), allowSettingsDuringAdmin: s('Boolean'), adminSessionMinutes: s('Int') }),
  ),
  accessibility: opt(
    model({
      controlAssistEnabled: s('Boolean'),
      returnDelaySeconds: s('Int'),
      allowedPackages: opt(listOf('String')),
      pauseDuringUpdates: s('Boolean'),
      pauseDuringAdminSession: s('Boolean'),
      reportForegroundPackage: s('Boolean'),
      maximumReturns: s('Int'),
      returnWindowMinutes: s('Int'),
    }),
  ),
  updates: opt(model({ channel: s('String') })),
};

/** Why the Android player would refuse this config; empty when it takes it. */
export function androidConfigProblems(config: any): string[] {
  const problems = problemsOf(config, model(PlayerConfig), 'config');
  if (problems.length) return problems;
  const { cache, sync, playback, website, branding, reliability, power, accessibility, updates } = config;
  const rules: [boolean, string][] = [
    [config.schemaVersion === 1, 'schemaVersion'],
    [within(cache.maximumBytes, 268_435_456, 1_099_511_627_776), 'cache.maximumBytes'],
    [within(cache.minimumFreeBytes, 134_217_728, cache.maximumBytes), 'cache.minimumFreeBytes'],
    [within(cache.concurrentDownloads, 1, 8), 'cache.concurrentDownloads'],
    [within(sync.manifestReconciliationSeconds, 60, 86_400), 'sync.manifestReconciliationSeconds'],
    [within(sync.statusReportSeconds, 15, 3_600), 'sync.statusReportSeconds'],
    [within(playback.defaultVolume, 0, 1), 'playback.defaultVolume'],
    [['contain', 'cover', 'stretch'].includes(playback.defaultFitMode), 'playback.defaultFitMode'],
    [within(playback.defaultImageDurationSeconds, 1, 86_400), 'playback.defaultImageDurationSeconds'],
    [['none', 'fade', 'crossfade'].includes(playback.defaultTransition), 'playback.defaultTransition'],
    [within(website.timeoutSeconds, 1, 120) && within(website.defaultTimeoutSeconds, 1, 120), 'website timeouts'],
    [
      ['disabled', 'first_party', 'first_and_third_party'].includes(website.cookiePolicy) &&
        ['disabled', 'first_party', 'first_and_third_party'].includes(website.defaultCookiePolicy),
      'website cookie policies',
    ],
    [['load_once', 'on_each_activation', 'interval'].includes(website.defaultReloadPolicy), 'website.defaultReloadPolicy'],
    [within(website.minimumRefreshSeconds, 30, 86_400), 'website.minimumRefreshSeconds'],
    [['last_success', 'placeholder', 'fallback_image', 'skip'].includes(website.defaultFailureBehavior), 'website.defaultFailureBehavior'],
    [within(website.defaultZoomPercent, 50, 200), 'website.defaultZoomPercent'],
    [COLOR.test(branding.backgroundColor) && COLOR.test(branding.textColor), 'branding colors'],
    [['standard', 'managed_kiosk'].includes(reliability.mode), 'reliability.mode'],
    [within(reliability.playbackStallSeconds, 10, 600) && within(reliability.webviewStallSeconds, 15, 600), 'reliability stall thresholds'],
    [within(reliability.maximumProcessRestarts, 0, 10) && within(reliability.restartWindowMinutes, 1, 120), 'reliability restarts'],
    [power.activeHoursDays.length > 0 && power.activeHoursDays.every((d: number) => within(d, 1, 7)), 'power.activeHoursDays'],
    [HH_MM.test(power.activeHoursStart) && HH_MM.test(power.activeHoursEnd), 'power active hours'],
    [validZone(power.activeHoursTimezone), 'power.activeHoursTimezone'],
    [
      within(accessibility.returnDelaySeconds, 3, 300) && within(accessibility.maximumReturns, 1, 20) && within(accessibility.returnWindowMinutes, 1, 120),
      'accessibility',
    ],
    [['stable', 'beta'].includes(updates.channel), 'updates.channel'],
  ];
  return rules.filter(([ok]) => !ok).map(([, name]) => name);
}

// java.time.ZoneId.of accepts region ids and UTC; an unknown zone throws.
function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return !/^[+-]/.test(zone);
  } catch {
    return false;
  }
}

const LAYOUT_COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the Android player's LayoutValidator refuses in a document (primitive fields at their model defaults when absent). */
function layoutDocumentProblems(document: any): string[] {
  const problems: string[] = [];
  const { canvas, placements = [] } = document;
  check(problems, document.schemaVersion === 2, 'schemaVersion');
  check(problems, within(canvas.width, 320, 7680) && within(canvas.height, 320, 7680), 'canvas size');
  check(problems, ['landscape', 'portrait', 'custom'].includes(canvas.orientation), 'orientation');
  check(problems, LAYOUT_COLOR.test(canvas.backgroundColor) && within(canvas.safeAreaPercent ?? 5, 0, 20), 'background colour or safe area');
  check(problems, canvas.backgroundVariantId == null || canvas.backgroundAssetId != null, 'background variant without asset');
  check(problems, placements.length <= 200, 'placements');
  const ids = new Set<string>();
  for (const p of placements) {
    const where = `placement ${p.id}`;
    check(problems, UUID.test(p.id) && !ids.has(p.id), `${where}: id`);
    ids.add(p.id);
    check(
      problems,
      ['widget', 'asset', 'playlistZone', 'primitive'].includes(p.type) && p.name.trim() !== '' && p.name.length <= 120,
      `${where}: type or name`,
    );
    check(problems, p.x >= 0 && p.y >= 0 && p.width > 0 && p.height > 0, `${where}: bounds`);
    check(problems, p.x + p.width <= canvas.width + 0.01 && p.y + p.height <= canvas.height + 0.01, `${where}: outside the canvas`);
    check(problems, within(p.layer, 0, 999) && within(p.opacity, 0, 1), `${where}: layer or opacity`);
    check(problems, [p.widgetId, p.assetId, p.playlistId, p.primitive].filter((r) => r != null).length === 1, `${where}: references`);
    check(
      problems,
      (p.type !== 'widget' || p.widgetId != null) && (p.type !== 'asset' || p.assetId != null) && (p.type !== 'playlistZone' || p.playlistId != null),
      `${where}: reference of its type`,
    );
    check(problems, p.variantId == null || (p.type === 'asset' && p.assetId != null), `${where}: variant`);
    const s = p.primitive;
    if (s) {
      check(problems, p.type === 'primitive' && ['text', 'rectangle', 'circle', 'line', 'group'].includes(s.kind), `${where}: primitive kind`);
      check(
        problems,
        (s.text ?? '').length <= 4000 && ['Inter', 'Roboto', 'Source Sans 3', 'Noto Sans'].includes(s.fontFamily ?? 'Inter'),
        `${where}: text or font`,
      );
      check(problems, within(s.fontSize ?? 48, 8, 600) && within(s.minimumFontSize ?? 8, 8, 300), `${where}: font sizes`);
      check(
        problems,
        within(s.maximumLines ?? 4, 1, 100) && within(s.lineHeight ?? 1.2, 0.8, 3) && within(s.letterSpacing ?? 0, 0, 40),
        `${where}: text layout`,
      );
      const colours = [
        s.color ?? '#FFFFFF',
        s.backgroundColor ?? '#00000000',
        s.borderColor ?? '#00000000',
        s.fillColor ?? '#00000000',
        s.strokeColor ?? '#FFFFFF',
      ];
      check(
        problems,
        colours.every((c) => LAYOUT_COLOR.test(c)),
        `${where}: colours`,
      );
    }
  }
  const groups = new Set(placements.filter((p: any) => p.primitive?.kind === 'group').map((p: any) => p.id));
  for (const p of placements) if (p.groupId != null) check(problems, groups.has(p.groupId) && p.groupId !== p.id, `placement ${p.id}: group`);
  return problems;
}
