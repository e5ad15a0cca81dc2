import type { SettingDefinition, SettingsRule } from '../settings/settings.api.js';

// The settings players follow, under the reference's keys so its console and documentation apply.
// Each maps to one key of the player config (see player-config.ts) or of the manifest.

type Def = SettingDefinition;
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const TiB = 1024 ** 4;

const bool = (key: string, title: string, value: boolean, description = ''): Def => ({
  key,
  category: category(key),
  type: 'boolean',
  title,
  description,
  default: value,
});
const int = (key: string, title: string, value: number, min: number, max: number, description = ''): Def => ({
  key,
  category: category(key),
  type: 'integer',
  title,
  description,
  default: value,
  min,
  max,
});
const text = (key: string, title: string, value: string, maxLength: number, description = ''): Def => ({
  key,
  category: category(key),
  type: 'string',
  title,
  description,
  default: value,
  maxLength,
});
const oneOf = (key: string, title: string, value: string, allowed: string[], description = ''): Def => ({
  key,
  category: category(key),
  type: 'enum',
  title,
  description,
  default: value,
  allowed,
});
const color = (key: string, title: string, value: string): Def => ({ key, category: category(key), type: 'color', title, description: '', default: value });
const category = (key: string) => (key.startsWith('player.') ? key.split('.')[1]! : key.split('.')[0]!);

const FIT_MODES = ['contain', 'cover', 'stretch'];
const COOKIE_POLICIES = ['disabled', 'first_party', 'first_and_third_party'];

export const LOGO_KEY = 'branding.logo_asset_id';
export const brandingSettings: Def[] = [
  {
    key: LOGO_KEY,
    category: 'branding',
    type: 'uuid_or_empty',
    title: 'Logo',
    description: 'A library image players show on their own screens (no content, disabled, outside active hours).',
    default: '',
  },
  color('branding.player_background_color', 'Player background', '#0E141B'),
  color('branding.player_text_color', 'Player text', '#F5F7FA'),
  text('branding.no_content_title', 'No-content title', 'No content assigned', 120),
  text('branding.no_content_message', 'No-content message', 'This screen is ready for content.', 500),
  text('branding.disabled_title', 'Disabled title', 'Playback disabled', 120),
  text('branding.disabled_message', 'Disabled message', 'This screen is still connected to the server.', 500),
  text('branding.footer_text', 'Footer text', '', 200),
];

export const playbackSettings: Def[] = [
  oneOf('player.playback.default_fit_mode', 'Default fit mode', 'contain', FIT_MODES),
  {
    key: 'player.playback.default_volume',
    category: 'playback',
    type: 'number',
    title: 'Default volume',
    description: 'From 0 (silent) to 1 (full).',
    default: 0.5,
    min: 0,
    max: 1,
  },
  int('player.playback.default_image_duration_seconds', 'Default image duration (seconds)', 10, 1, 86_400),
  oneOf('player.playback.default_transition', 'Default transition', 'none', ['none', 'fade', 'crossfade']),
  bool('player.playback.default_audio_enabled', 'Play audio by default', true),
  bool('player.playback.resume_after_restart', 'Resume after restart', true, 'A restarted player continues the item it was playing.'),
  bool('player.identify.show_location', 'Show the location when identifying', true),
  int('player.cache.max_bytes', 'Maximum player cache (bytes)', 8 * GiB, 256 * MiB, TiB),
  int('player.cache.minimum_free_bytes', 'Free space players keep (bytes)', GiB, 128 * MiB, TiB),
  int('player.download.concurrent_limit', 'Concurrent downloads', 2, 1, 8),
  int(
    'player.download.automatic_threshold_bytes',
    'Automatic delivery threshold (bytes)',
    256 * MiB,
    MiB,
    10 * GiB,
    'Videos set to automatic delivery stream above this size and download below it.',
  ),
  int('player.sync.manifest_seconds', 'Manifest reconciliation (seconds)', 300, 60, 86_400, 'How often players check their content without being told.'),
  int('player.sync.status_seconds', 'Status report interval (seconds)', 60, 15, 3_600),
  oneOf('player.update.channel', 'Player update channel', 'stable', ['stable', 'beta']),
];

export const websiteSettings: Def[] = [
  int('player.website.timeout_seconds', 'Website timeout (seconds)', 20, 1, 120),
  oneOf('player.website.cookie_policy', 'Website cookie policy', 'first_party', COOKIE_POLICIES),
  bool('player.website.clear_on_restart', 'Clear website data on restart', false),
  bool('website.default_javascript', 'JavaScript on by default', true),
  bool('website.default_dom_storage', 'DOM storage on by default', true),
  int('website.default_timeout_seconds', 'Default website timeout (seconds)', 20, 1, 120),
  oneOf('website.default_cookie_policy', 'Default cookie policy', 'first_party', COOKIE_POLICIES),
  oneOf('website.default_reload_policy', 'Default reload policy', 'on_each_activation', ['load_once', 'on_each_activation', 'interval']),
  int('website.minimum_refresh_seconds', 'Minimum refresh interval (seconds)', 30, 30, 86_400),
  oneOf('website.default_failure_behavior', 'Default failure behavior', 'placeholder', ['last_success', 'placeholder', 'fallback_image', 'skip']),
  int('website.default_zoom_percent', 'Default zoom (%)', 100, 50, 200),
  { key: 'website.default_fallback_image_id', category: 'website', type: 'uuid_or_empty', title: 'Default fallback image', description: '', default: '' },
];

export const reliabilitySettings: Def[] = [
  oneOf(
    'reliability.mode',
    'Reliability mode',
    'standard',
    ['standard', 'managed_kiosk'],
    'Managed kiosk takes effect only on Android players that confirm device-owner capability.',
  ),
  bool('reliability.launch_after_boot', 'Launch after boot', true, 'Android players; Linux players start from their systemd user service.'),
  bool('reliability.immersive_mode', 'Immersive fullscreen', true),
  bool('reliability.foreground_watchdog_enabled', 'Foreground watchdog', true),
  int('reliability.playback_stall_seconds', 'Playback stall threshold (seconds)', 30, 10, 600),
  int('reliability.webview_stall_seconds', 'Website stall threshold (seconds)', 45, 15, 600),
  int('reliability.maximum_process_restarts', 'Maximum process recoveries', 3, 0, 10),
  int('reliability.restart_window_minutes', 'Recovery window (minutes)', 10, 1, 120),
  bool('reliability.safe_mode_enabled', 'Crash-loop safe mode', true),
  bool('managed_kiosk.lock_task_enabled', 'Lock task', false),
  bool('managed_kiosk.block_overlays', 'Block overlays where supported', true),
  bool('managed_kiosk.allow_settings_during_admin', 'Allow Settings during maintenance', true),
  int('managed_kiosk.admin_session_minutes', 'Maintenance session (minutes)', 15, 1, 120),
  bool('linux_kiosk.fullscreen_enabled', 'Kiosk fullscreen (Linux)', true),
  bool('linux_kiosk.prevent_display_sleep', 'Prevent display sleep (Linux)', true),
];

export const powerSettings: Def[] = [
  bool('power.active_hours_enabled', 'Active hours', false),
  { key: 'power.active_hours_timezone', category: 'power', type: 'timezone', title: 'Active-hours time zone', description: '', default: 'UTC' },
  {
    key: 'power.active_hours_days',
    category: 'power',
    type: 'weekday_list',
    title: 'Active days',
    description: 'ISO weekdays: 1 is Monday, 7 is Sunday.',
    default: [1, 2, 3, 4, 5],
  },
  { key: 'power.active_hours_start', category: 'power', type: 'local_time', title: 'Active hours start', description: '', default: '06:30' },
  { key: 'power.active_hours_end', category: 'power', type: 'local_time', title: 'Active hours end', description: '', default: '16:00' },
  int('power.startup_grace_seconds', 'Startup grace (seconds)', 30, 0, 3_600),
  int('power.shutdown_prepare_seconds', 'Shutdown preparation (seconds)', 60, 0, 3_600),
  bool('power.keep_screen_on', 'Keep the screen awake during active hours', true),
  bool(
    'power.sleep_outside_active_hours',
    'Request sleep outside active hours',
    false,
    'Android players; Linux players show the outside-hours surface instead.',
  ),
  oneOf('power.outside_active_hours_display', 'Outside active hours, show', 'black', ['bouncing_logo', 'custom_text', 'black']),
  text('power.outside_active_hours_text', 'Outside-hours text', '', 200, 'Shown centered outside active hours; the footer text when empty.'),
];

export const accessibilitySettings: Def[] = [
  bool(
    'accessibility.control_assist_enabled',
    'Accessibility control assist',
    true,
    'Requested by default; the Android service still has to be enabled on the device.',
  ),
  int('accessibility.return_delay_seconds', 'Return delay (seconds)', 10, 3, 300),
  {
    key: 'accessibility.allowed_packages',
    category: 'accessibility',
    type: 'package_list',
    title: 'Maintenance applications',
    description: 'Android application ids the player lets stay in front.',
    default: [],
  },
  bool('accessibility.pause_during_updates', 'Pause during player updates', true),
  bool('accessibility.pause_during_admin_session', 'Pause during maintenance', true),
  bool('accessibility.report_foreground_package', 'Report the foreground application', false),
  int('accessibility.maximum_returns', 'Maximum automatic returns', 3, 1, 20),
  int('accessibility.return_window_minutes', 'Return attempt window (minutes)', 10, 1, 120),
];

export const displaySettings: Def[] = [
  oneOf(
    'display.rotation',
    'Screen rotation (degrees clockwise)',
    '0',
    ['0', '90', '180', '270'],
    'Browser players turn their picture, for a screen mounted in portrait; other players follow the device’s own display settings.',
  ),
];

/** What the manifest says about timing (there is no scheduling module yet; these are its keys). */
export const PREFETCH_DAYS_KEY = 'scheduling.prefetch_days';
export const ACTIVATION_GRACE_KEY = 'scheduling.activation_grace_seconds';
export const manifestSettings: Def[] = [
  int(PREFETCH_DAYS_KEY, 'Prefetch horizon (days)', 14, 1, 365, 'How far ahead players download what they will play.'),
  int(ACTIVATION_GRACE_KEY, 'Activation grace (seconds)', 30, 1, 3_600, 'How late a player may switch to newly scheduled content.'),
];

/** Players refuse a config whose free-space floor is above the cache size. */
export const cacheFloorRule: SettingsRule = (v) =>
  (v['player.cache.minimum_free_bytes'] as number) > (v['player.cache.max_bytes'] as number)
    ? { field: 'body/values/player.cache.minimum_free_bytes', message: 'must not exceed player.cache.max_bytes' }
    : undefined;

/**
 * The settings screen groups and screens may override (player policies), as the reference scopes
 * them: device behaviour, not what the organization decides for everyone (branding, authoring
 * defaults, the playback defaults a playlist item may delegate to).
 */
const POLICY_PREFIXES = ['reliability.', 'power.', 'managed_kiosk.', 'linux_kiosk.', 'accessibility.', 'display.'];
const POLICY_PLAYER_KEYS = new Set([
  'player.playback.default_fit_mode',
  'player.playback.default_volume',
  'player.cache.max_bytes',
  'player.cache.minimum_free_bytes',
  'player.download.concurrent_limit',
  'player.download.automatic_threshold_bytes',
  'player.sync.manifest_seconds',
  'player.sync.status_seconds',
  'player.website.timeout_seconds',
  'player.website.cookie_policy',
  'player.website.clear_on_restart',
  'player.identify.show_location',
  'player.update.channel',
]);
const scoped = (def: Def): Def => (POLICY_PLAYER_KEYS.has(def.key) || POLICY_PREFIXES.some((p) => def.key.startsWith(p)) ? { ...def, scope: 'policy' } : def);

/** The settings the reference's players apply as soon as the pushed config arrives (the rest at their next start or reload). */
const IMMEDIATE_KEYS = new Set([
  'branding.player_background_color',
  'branding.player_text_color',
  'player.playback.default_volume',
  'player.sync.manifest_seconds',
  'player.sync.status_seconds',
  'player.website.timeout_seconds',
  'reliability.launch_after_boot',
  'reliability.immersive_mode',
  'reliability.foreground_watchdog_enabled',
  'power.keep_screen_on',
  'display.rotation',
  'linux_kiosk.fullscreen_enabled',
  'linux_kiosk.prevent_display_sleep',
]);
const immediate = (def: Def): Def => (IMMEDIATE_KEYS.has(def.key) ? { ...def, immediate: true } : def);

export const configSettings = [
  ...brandingSettings,
  ...playbackSettings,
  ...websiteSettings,
  ...reliabilitySettings,
  ...powerSettings,
  ...accessibilitySettings,
  ...displaySettings,
]
  .map(scoped)
  .map(immediate);
/** The settings a screen or group policy may set. */
export const POLICY_KEYS = configSettings.filter((d) => d.scope === 'policy').map((d) => d.key);
/** The settings a manifest follows: every screen's manifest is rebuilt when one changes. */
export const MANIFEST_SETTING_KEYS = [...manifestSettings.map((d) => d.key), LOGO_KEY];
