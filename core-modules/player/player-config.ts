import { Stamp } from '../../kernel/http/wire.js';
import { Type, type Static } from '@sinclair/typebox';
import type { SettingValue } from '../settings/settings.api.js';

export const CONFIG_SCHEMA_VERSION = 1;

const int = () => Type.Integer();
const bool = () => Type.Boolean();
const str = () => Type.String();

/**
 * The player's settings, in the sections and key names the players read. Every key is always
 * present and never null: the players read them without null checks. Each comes from one setting
 * (`SOURCES`), except the organization's name, the screen's place and one derived flag.
 */
const Sections = {
  branding: Type.Object({
    organizationName: str(),
    logoAssetId: Type.String({ description: 'A library image id, or "" for none.' }),
    backgroundColor: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }),
    textColor: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }),
    noContentTitle: str(),
    noContentMessage: str(),
    disabledTitle: str(),
    disabledMessage: str(),
    footerText: str(),
  }),
  playback: Type.Object({
    defaultVolume: Type.Number({ minimum: 0, maximum: 1 }),
    defaultFitMode: str(),
    defaultImageDurationSeconds: int(),
    defaultTransition: str(),
    defaultAudioEnabled: bool(),
    resumeAfterRestart: bool(),
    identifyShowsLocation: bool(),
    screenLocation: Type.String({ description: 'Where the screen is: "location · room · number", the parts that are set, or "".' }),
  }),
  cache: Type.Object({ maximumBytes: int(), minimumFreeBytes: int(), concurrentDownloads: int(), automaticThresholdBytes: int() }),
  sync: Type.Object({ manifestReconciliationSeconds: int(), statusReportSeconds: int() }),
  website: Type.Object({
    timeoutSeconds: int(),
    cookiePolicy: str(),
    clearOnRestart: bool(),
    defaultJavascript: bool(),
    defaultDomStorage: bool(),
    defaultTimeoutSeconds: int(),
    defaultCookiePolicy: str(),
    defaultReloadPolicy: str(),
    minimumRefreshSeconds: int(),
    defaultFailureBehavior: str(),
    defaultZoomPercent: int(),
    defaultFallbackImageId: str(),
  }),
  reliability: Type.Object({
    mode: str(),
    launchAfterBoot: bool(),
    immersiveMode: bool(),
    foregroundWatchdogEnabled: bool(),
    playbackStallSeconds: int(),
    webviewStallSeconds: int(),
    maximumProcessRestarts: int(),
    restartWindowMinutes: int(),
    safeModeEnabled: bool(),
  }),
  power: Type.Object({
    activeHoursEnabled: bool(),
    activeHoursTimezone: str(),
    activeHoursDays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { description: 'ISO weekdays, 1 = Monday.' }),
    activeHoursStart: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    activeHoursEnd: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    startupGraceSeconds: int(),
    shutdownPrepareSeconds: int(),
    keepScreenOn: bool(),
    sleepOutsideActiveHours: bool(),
    outsideActiveHoursDisplay: str(),
    outsideActiveHoursText: str(),
    blackScreenFallback: bool(),
  }),
  managedKiosk: Type.Object({ lockTaskEnabled: bool(), blockOverlays: bool(), allowSettingsDuringAdmin: bool(), adminSessionMinutes: int() }),
  linuxKiosk: Type.Object({ fullscreenEnabled: bool(), preventDisplaySleep: bool() }),
  accessibility: Type.Object({
    controlAssistEnabled: bool(),
    returnDelaySeconds: int(),
    allowedPackages: Type.Array(str()),
    pauseDuringUpdates: bool(),
    pauseDuringAdminSession: bool(),
    reportForegroundPackage: bool(),
    maximumReturns: int(),
    returnWindowMinutes: int(),
  }),
  updates: Type.Object({ channel: str() }),
  display: Type.Object({
    rotation: Type.Union(
      [0, 90, 180, 270].map((d) => Type.Literal(d)),
      {
        description: 'Degrees clockwise the player turns its picture (browser players; other players follow the device’s display settings).',
      },
    ),
  }),
};
const ConfigBodySchema = Type.Object(Sections);
export type ConfigBody = Static<typeof ConfigBodySchema>;

export const PlayerConfigSchema = Type.Composite([
  Type.Object({ schemaVersion: Type.Integer(), configRevision: Type.Integer(), generatedAt: Stamp }),
  ConfigBodySchema,
]);

type Section = keyof typeof Sections;
type Derived = { branding: 'organizationName'; playback: 'screenLocation'; power: 'blackScreenFallback'; display: 'rotation' };
type KeysOf<S extends Section> = Exclude<keyof Static<(typeof Sections)[S]>, S extends keyof Derived ? Derived[S] : never>;

/** The setting behind each config key. */
const SOURCES: { [S in Section]: Record<KeysOf<S>, string> } = {
  branding: {
    logoAssetId: 'branding.logo_asset_id',
    backgroundColor: 'branding.player_background_color',
    textColor: 'branding.player_text_color',
    noContentTitle: 'branding.no_content_title',
    noContentMessage: 'branding.no_content_message',
    disabledTitle: 'branding.disabled_title',
    disabledMessage: 'branding.disabled_message',
    footerText: 'branding.footer_text',
  },
  playback: {
    defaultVolume: 'player.playback.default_volume',
    defaultFitMode: 'player.playback.default_fit_mode',
    defaultImageDurationSeconds: 'player.playback.default_image_duration_seconds',
    defaultTransition: 'player.playback.default_transition',
    defaultAudioEnabled: 'player.playback.default_audio_enabled',
    resumeAfterRestart: 'player.playback.resume_after_restart',
    identifyShowsLocation: 'player.identify.show_location',
  },
  cache: {
    maximumBytes: 'player.cache.max_bytes',
    minimumFreeBytes: 'player.cache.minimum_free_bytes',
    concurrentDownloads: 'player.download.concurrent_limit',
    automaticThresholdBytes: 'player.download.automatic_threshold_bytes',
  },
  sync: { manifestReconciliationSeconds: 'player.sync.manifest_seconds', statusReportSeconds: 'player.sync.status_seconds' },
  website: {
    timeoutSeconds: 'player.website.timeout_seconds',
    cookiePolicy: 'player.website.cookie_policy',
    clearOnRestart: 'player.website.clear_on_restart',
    defaultJavascript: 'website.default_javascript',
    defaultDomStorage: 'website.default_dom_storage',
    defaultTimeoutSeconds: 'website.default_timeout_seconds',
    defaultCookiePolicy: 'website.default_cookie_policy',
    defaultReloadPolicy: 'website.default_reload_policy',
    minimumRefreshSeconds: 'website.minimum_refresh_seconds',
    defaultFailureBehavior: 'website.default_failure_behavior',
    defaultZoomPercent: 'website.default_zoom_percent',
    defaultFallbackImageId: 'website.default_fallback_image_id',
  },
  reliability: {
    mode: 'reliability.mode',
    launchAfterBoot: 'reliability.launch_after_boot',
    immersiveMode: 'reliability.immersive_mode',
    foregroundWatchdogEnabled: 'reliability.foreground_watchdog_enabled',
    playbackStallSeconds: 'reliability.playback_stall_seconds',
    webviewStallSeconds: 'reliability.webview_stall_seconds',
    maximumProcessRestarts: 'reliability.maximum_process_restarts',
    restartWindowMinutes: 'reliability.restart_window_minutes',
    safeModeEnabled: 'reliability.safe_mode_enabled',
  },
  power: {
    activeHoursEnabled: 'power.active_hours_enabled',
    activeHoursTimezone: 'power.active_hours_timezone',
    activeHoursDays: 'power.active_hours_days',
    activeHoursStart: 'power.active_hours_start',
    activeHoursEnd: 'power.active_hours_end',
    startupGraceSeconds: 'power.startup_grace_seconds',
    shutdownPrepareSeconds: 'power.shutdown_prepare_seconds',
    keepScreenOn: 'power.keep_screen_on',
    sleepOutsideActiveHours: 'power.sleep_outside_active_hours',
    outsideActiveHoursDisplay: 'power.outside_active_hours_display',
    outsideActiveHoursText: 'power.outside_active_hours_text',
  },
  managedKiosk: {
    lockTaskEnabled: 'managed_kiosk.lock_task_enabled',
    blockOverlays: 'managed_kiosk.block_overlays',
    allowSettingsDuringAdmin: 'managed_kiosk.allow_settings_during_admin',
    adminSessionMinutes: 'managed_kiosk.admin_session_minutes',
  },
  linuxKiosk: { fullscreenEnabled: 'linux_kiosk.fullscreen_enabled', preventDisplaySleep: 'linux_kiosk.prevent_display_sleep' },
  accessibility: {
    controlAssistEnabled: 'accessibility.control_assist_enabled',
    returnDelaySeconds: 'accessibility.return_delay_seconds',
    allowedPackages: 'accessibility.allowed_packages',
    pauseDuringUpdates: 'accessibility.pause_during_updates',
    pauseDuringAdminSession: 'accessibility.pause_during_admin_session',
    reportForegroundPackage: 'accessibility.report_foreground_package',
    maximumReturns: 'accessibility.maximum_returns',
    returnWindowMinutes: 'accessibility.return_window_minutes',
  },
  updates: { channel: 'player.update.channel' },
  display: {},
};

/** The settings behind derived config keys. */
const ROTATION_KEY = 'display.rotation';

/** Every setting the config reads. */
export const CONFIG_SOURCE_KEYS = [...Object.values(SOURCES).flatMap((s) => Object.values(s) as string[]), ROTATION_KEY];

/** The config body from setting values (all of CONFIG_SOURCE_KEYS), the organization's name and the screen's place label. Pure. */
export function configBody(values: Record<string, SettingValue>, organizationName: string, screenLocation: string): ConfigBody {
  const section = <S extends Section>(name: S) => Object.fromEntries(Object.entries(SOURCES[name]).map(([k, key]) => [k, values[key as string]]));
  const body = Object.fromEntries((Object.keys(SOURCES) as Section[]).map((name) => [name, section(name)])) as Record<Section, Record<string, unknown>>;
  body.branding.organizationName = organizationName;
  body.playback.screenLocation = screenLocation;
  body.power.blackScreenFallback = values['power.outside_active_hours_display'] === 'black';
  body.display.rotation = Number(values[ROTATION_KEY] ?? 0);
  return body as unknown as ConfigBody;
}
