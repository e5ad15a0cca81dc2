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
const ManifestWidget: Model = { assetId: req('String'), name: req('String'), provider: req('String') };

const PlayerManifest: Model = {
  dataSources: opt(listOf(model(ManifestDataSource))),
  takeover: nullable(model(Takeover)),
  emergency: nullable(model(Takeover)),
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
    } else if (!['layout', 'widget'].includes(item.assetType))
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
  if (manifest.schemaVersion >= 13)
    check(
      problems,
      (manifest.widgets ?? []).every((w: any) => w.presentation),
      'a widget without its presentation',
    );
  const widgetIds = new Set((manifest.widgets ?? []).map((w: any) => w.assetId));
  const sourceIds = new Set((manifest.dataSources ?? []).map((d: any) => d.id));
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
      check(problems, !p.primitive?.binding || sourceIds.has(p.primitive.binding.dataSourceId), `${where}: placement ${p.id} binds a missing data source`);
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
