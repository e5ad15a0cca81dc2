import { conflict, notFound, validationFailed, type ValidationIssue } from '../../../kernel/errors.js';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import { invalidReason, type SettingValue, type SettingsDocument, wireDefinition } from '../../settings/settings.api.js';
import type { PreferencesBaseDeps } from './preferences-base-deps.js';
import { PREFERENCE_DEFINITIONS, PREFERENCES_BY_KEY } from './preference-definitions.js';
import type { StoredPreferences } from './preferences.repository.js';

const LOCALE_KEY = 'preference.locale';
const TIMEZONE_KEY = 'preference.timezone';

function canonicalLocale(tag: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$/.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** Spellings stored in canonical form; a value with none is refused. */
const canonical: Record<string, (v: string) => string | undefined> = {
  [LOCALE_KEY]: canonicalLocale,
  [TIMEZONE_KEY]: canonicalTimeZone,
};

/**
 * Stored preferences may predate the current definitions (a renamed option, a narrower range, a time
 * zone dropped from tzdata); each such value reads as its default instead of failing the page.
 */
function effectiveValues(stored: Record<string, unknown>): Record<string, SettingValue> {
  const values: Record<string, SettingValue> = {};
  for (const def of PREFERENCE_DEFINITIONS) {
    const value = stored[def.key];
    const usable = value !== undefined && !invalidReason(def, value) && (!canonical[def.key] || canonical[def.key]!(value as string));
    values[def.key] = usable ? (value as SettingValue) : def.default;
  }
  return values;
}

const document = (stored: StoredPreferences): SettingsDocument => ({
  schemaVersion: 1,
  revision: stored.revision,
  values: effectiveValues(stored.values),
  definitions: PREFERENCE_DEFINITIONS.map(wireDefinition),
  updatedAt: stored.updatedAt.toISOString(),
});

type Deps = Pick<PreferencesBaseDeps, 'preferencesRepository'>;

/**
 * Per-user console preferences, answered as a settings document like the organization's (values,
 * definitions, a revision to send back). Each user manages their own.
 */
export class PreferencesService {
  constructor(private readonly d: Deps) {}

  async get(userId: string): Promise<SettingsDocument> {
    const stored = await this.d.preferencesRepository.get(userId);
    // The console authenticator has just loaded this user, so only a concurrent permanent delete gets here.
    if (!stored) throw notFound('user_not_found', 'No such user.');
    return document(stored);
  }

  /** Applies all of `values` or none; `revision` must be the one the caller read. */
  async update(userId: string, revision: number, values: Record<string, unknown>): Promise<SettingsDocument> {
    const unknown: ValidationIssue[] = [];
    const invalid: ValidationIssue[] = [];
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const field = `body/values/${key}`;
      const def = PREFERENCES_BY_KEY.get(key);
      if (!def) {
        unknown.push({ field, message: 'is not a known preference' });
        continue;
      }
      const reason = invalidReason(def, value);
      const spelled = !reason && canonical[key] ? canonical[key](value as string) : value;
      if (reason || spelled === undefined) invalid.push({ field, message: reason ?? `is not a valid ${def.title.toLowerCase()}` });
      else changes[key] = spelled;
    }
    if (unknown.length) throw validationFailed('Some preferences are unknown.', unknown, 'unknown_setting');
    if (invalid.length) throw validationFailed('Some preferences are invalid.', invalid, 'invalid_setting_value');
    const stored = await this.d.preferencesRepository.merge(userId, revision, changes);
    if (stored) return document(stored);
    if (!(await this.d.preferencesRepository.get(userId))) throw notFound('user_not_found', 'No such user.');
    throw conflict('settings_revision_conflict', 'Your preferences changed since you read them; reload and try again.');
  }
}
