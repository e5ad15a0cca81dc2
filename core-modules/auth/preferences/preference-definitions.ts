import type { SettingDefinition } from '../../settings/settings.api.js';
import { MAX_PAGE_SIZE } from '../../../kernel/http/wire.js';

/**
 * Each user's own console preferences, with the reference's keys where it has one (its console
 * applies `preference.appearance`, `preference.density` and `preference.reduced_motion` as soon as
 * they change, and groups the rest by prefix); language, time zone and date format are ours.
 */
const DEFINITIONS: SettingDefinition[] = [
  {
    key: 'preference.appearance',
    category: 'interface',
    type: 'enum',
    title: 'Appearance',
    description: 'Light, dark, or as the device is set.',
    default: 'system',
    allowed: ['system', 'light', 'dark'],
    immediate: true,
  },
  {
    key: 'preference.density',
    category: 'interface',
    type: 'enum',
    title: 'Interface density',
    description: 'How much space the console leaves around rows and controls.',
    default: 'comfortable',
    allowed: ['comfortable', 'compact'],
    immediate: true,
  },
  {
    key: 'preference.reduced_motion',
    category: 'interface',
    type: 'boolean',
    title: 'Reduced motion',
    description: 'Turn off animations and transitions.',
    default: false,
    immediate: true,
  },
  {
    key: 'preference.locale',
    category: 'interface',
    type: 'string',
    title: 'Language',
    description: "A BCP 47 language tag such as 'en' or 'en-GB'.",
    default: 'en',
    maxLength: 16,
  },
  {
    key: 'preference.timezone',
    category: 'interface',
    type: 'timezone',
    title: 'Time zone',
    description: 'Times in the console are shown in this zone.',
    default: 'UTC',
  },
  {
    key: 'preference.date_format',
    category: 'interface',
    type: 'enum',
    title: 'Date format',
    description: 'ISO (2026-03-31), day first (31/03/2026) or month first (03/31/2026).',
    default: 'iso',
    allowed: ['iso', 'dmy', 'mdy'],
  },
  {
    key: 'preference.time_format',
    category: 'interface',
    type: 'enum',
    title: 'Time format',
    description: "The organization's, or 12-hour or 24-hour.",
    default: 'organization',
    allowed: ['organization', '12-hour', '24-hour'],
  },
  {
    key: 'preference.table_page_size',
    category: 'interface',
    type: 'integer',
    title: 'Table page size',
    description: 'Rows a table shows per page.',
    default: 25,
    min: 10,
    max: MAX_PAGE_SIZE,
  },
  {
    key: 'preference.content_view',
    category: 'interface',
    type: 'enum',
    title: 'Default content view',
    description: 'How the media library opens.',
    default: 'grid',
    allowed: ['grid', 'list'],
  },
  {
    key: 'preference.screens_view',
    category: 'interface',
    type: 'enum',
    title: 'Default screens view',
    description: 'How the screens page opens.',
    default: 'list',
    allowed: ['list', 'groups'],
  },
  {
    key: 'preference.remember_filters',
    category: 'interface',
    type: 'boolean',
    title: 'Remember filters',
    description: 'Keep the filters last used on each list.',
    default: true,
  },
  {
    key: 'preference.hide_completed_uploads_minutes',
    category: 'interface',
    type: 'integer',
    title: 'Hide completed uploads after',
    description: 'Minutes a finished upload stays in the upload list (0: at once).',
    default: 60,
    min: 0,
    max: 10_080,
  },
];

export const PREFERENCE_DEFINITIONS: readonly SettingDefinition[] = DEFINITIONS.map((def) => ({ ...def, scope: 'preference' }));
export const PREFERENCES_BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(PREFERENCE_DEFINITIONS.map((def) => [def.key, def]));
