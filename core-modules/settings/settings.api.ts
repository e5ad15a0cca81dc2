// The settings module's public face: other modules define their organization settings and read them.
export type { SettingDefinition, SettingValue } from './setting-definition.js';
export type { SettingsRule, SettingsService } from './settings.service.js';
