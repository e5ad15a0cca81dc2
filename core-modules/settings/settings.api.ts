// The settings module's public face: other modules define their organization settings and read them.
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { ValidationIssue } from '../../kernel/errors.js';
import type { EventListener } from '../../kernel/after-commit-events.js';
import { exportRef } from '../../kernel/export-ref.js';
import type { SettingDefinition, SettingValue } from './setting-definition.js';
import type { SettingsRule } from './settings.service.js';
import type { SettingsDocument } from './settings-wire.js';

export type { SettingDefinition, SettingValue, SettingsRule };
export type { SettingsDocument } from './settings-wire.js';
// The document's shape and rules, shared with each user's preferences (the auth module's), which
// the console reads as the same kind of document.
export { invalidReason } from './setting-definition.js';
export { INT4_MAX, SettingsChangeSchema, SettingsDocumentSchema, wireDefinition } from './settings-wire.js';

/** What other modules may do with organization settings: define theirs and read values. Changing them is the settings routes' job. */
export interface OrganizationSettings {
  /** Adds definitions (in a start hook); a key defined twice is an error. */
  define(defs: SettingDefinition[]): void;
  /** A rule across settings (a minimum below a maximum), checked on every change against the values it would leave. */
  defineRule(rule: SettingsRule): void;
  /** What is wrong with values for a screen or group policy (unknown keys, organization-only keys, bad values), or nothing. */
  policyIssues(values: Record<string, unknown>): { code: string; issues: ValidationIssue[] } | undefined;
  /** The values the organization has set among `keys` (not the defaults), and the organization's revision. */
  explicit(keys: readonly string[]): Promise<{ values: Record<string, SettingValue>; revision: number }>;
  /** The current value, or the definition's default. */
  get<T extends SettingValue>(key: string): Promise<T>;
  /** The current values of `keys`, in one read. */
  values(keys: readonly string[]): Promise<Record<string, SettingValue>>;
  /**
   * Sets `values` as `PATCH /settings` does (checked, audited, told), whatever the revision: for a
   * module's own page over some of its settings. 422 `unknown_setting` / `invalid_setting_value`.
   */
  change(values: Record<string, unknown>, actor: ConsolePrincipal, ip: string): Promise<void>;
  /** The settings document `GET /settings` answers (values, definitions, revision). */
  document(): Promise<SettingsDocument>;
  /** Whether a setting that takes effect only at a restart was set after `since` (this process's start). */
  restartPendingSince(since: Date): Promise<boolean>;
  /** Every organization value but the secrets, with the revision read: what a settings export carries. */
  transferable(): Promise<{ revision: number; updatedAt: string; values: Record<string, SettingValue> }>;
  /** What is wrong with imported organization values, as fields under `field`: unknown keys, secrets, bad values, broken rules. */
  importIssues(values: Record<string, unknown>, field: string): Promise<ValidationIssue[]>;
  /** Writes values `importIssues` passed, in the caller's transaction, against `revision` (409 `settings_revision_conflict`). Not audited: the import is. */
  writeImported(values: Record<string, SettingValue>, revision: number, userId: string, trx: Knex.Transaction): Promise<void>;
  /** When any of `keys` was last set; for keys never set, when the organization's settings last changed. */
  changedAt(keys: readonly string[]): Promise<Date>;
  /** Told, in the process that made it, of each committed change: the keys whose values were sent. */
  readonly changed: { subscribe(listener: EventListener<{ keys: string[] }>): void };
}

export const settingsServiceRef = exportRef<OrganizationSettings>('settings', 'settingsService');
