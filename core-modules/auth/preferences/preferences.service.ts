import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { notFound, validationFailed } from '../../../kernel/errors.js';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import type { PreferencesBaseDeps } from './preferences-base-deps.js';

// No `default` keywords here: request bodies are validated with useDefaults, which would fill a
// PATCH with defaults and reset every field the user did not send. Defaults live in DEFAULTS.
const FIELDS = {
  locale: Type.String({
    pattern: '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$',
    maxLength: 16,
    description: "BCP 47 language tag such as 'en' or 'en-GB'.",
  }),
  timezone: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$', description: "IANA time zone name such as 'Europe/Berlin'." }),
  dateFormat: Type.Union([Type.Literal('iso'), Type.Literal('dmy'), Type.Literal('mdy')]),
  timeFormat: Type.Union([Type.Literal('24h'), Type.Literal('12h')]),
  theme: Type.Union([Type.Literal('system'), Type.Literal('light'), Type.Literal('dark')]),
  defaultPageSize: Type.Integer({ minimum: 10, maximum: 200 }),
  reducedMotion: Type.Boolean(),
};

/** Every preference, as GET answers it (missing or outdated stored values replaced by defaults). */
export const PreferencesSchema = Type.Object(FIELDS);
/** Any subset, as PATCH takes it; unknown keys are refused because the object is closed. */
export const PreferencesPatchSchema = Type.Partial(Type.Object(FIELDS));
export type Preferences = Static<typeof PreferencesSchema>;
export type PreferencesPatch = Static<typeof PreferencesPatchSchema>;

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  locale: 'en',
  timezone: 'UTC',
  dateFormat: 'iso',
  timeFormat: '24h',
  theme: 'system',
  defaultPageSize: 50,
  reducedMotion: false,
});

function canonicalLocale(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

const stillValid: { [K in keyof Preferences]?: (v: Preferences[K]) => boolean } = {
  timezone: (v) => canonicalTimeZone(v) !== undefined,
  locale: (v) => canonicalLocale(v) !== undefined,
};

/**
 * Stored preferences may predate the current schema (a renamed option, a narrower range, a time
 * zone dropped from tzdata); each such field falls back to its default instead of failing the page.
 */
export function resolvePreferences(stored: Record<string, unknown> | undefined): Preferences {
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, schema] of Object.entries(FIELDS) as [keyof Preferences, TSchema][]) {
    const value = stored?.[key];
    if (value === undefined || !Value.Check(schema, value)) continue;
    const check = stillValid[key] as ((v: unknown) => boolean) | undefined;
    if (!check || check(value)) out[key] = value;
  }
  return out as Preferences;
}

type Deps = Pick<PreferencesBaseDeps, 'preferencesRepository'>;

/** Per-user console preferences (language, time zone, formats, theme). Each user manages their own. */
export class PreferencesService {
  constructor(private readonly d: Deps) {}

  async get(userId: string): Promise<Preferences> {
    return resolvePreferences(await this.d.preferencesRepository.get(userId));
  }

  async update(userId: string, patch: PreferencesPatch): Promise<Preferences> {
    const changes: PreferencesPatch = { ...patch };
    if (patch.timezone !== undefined) {
      const zone = canonicalTimeZone(patch.timezone);
      if (!zone) throw validationFailed('The request body is invalid.', [{ field: 'body/timezone', message: 'is not a known IANA time zone' }]);
      changes.timezone = zone;
    }
    if (patch.locale !== undefined) {
      const locale = canonicalLocale(patch.locale);
      if (!locale) throw validationFailed('The request body is invalid.', [{ field: 'body/locale', message: 'is not a valid language tag' }]);
      changes.locale = locale;
    }
    const stored = await this.d.preferencesRepository.merge(userId, changes);
    // The console authenticator has just loaded this user, so only a concurrent permanent delete gets here.
    if (!stored) throw notFound('user_not_found', 'No such user.');
    return resolvePreferences(stored);
  }
}
