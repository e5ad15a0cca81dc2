import { canonicalTimeZone } from '../../kernel/time-zone.js';

/** One organization-wide setting. Modules define theirs; the registry is closed to anything else. */
export type SettingDefinition =
  | (Base & { type: 'boolean'; default: boolean })
  | (Base & { type: 'integer'; default: number; min: number; max: number })
  | (Base & { type: 'number'; default: number; min: number; max: number })
  | (Base & { type: 'string'; default: string; maxLength: number })
  | (Base & { type: 'enum'; default: string; allowed: readonly string[] })
  /** `#RRGGBB`. */
  | (Base & { type: 'color'; default: string })
  /** `HH:MM`, 24-hour. */
  | (Base & { type: 'local_time'; default: string })
  /** An IANA time zone name. */
  | (Base & { type: 'timezone'; default: string })
  /** An id, or "" for none. */
  | (Base & { type: 'uuid_or_empty'; default: string })
  /** Unique ISO weekdays, 1 (Monday) to 7 (Sunday); at least one. */
  | (Base & { type: 'weekday_list'; default: number[] })
  /** Unique Android application ids. */
  | (Base & { type: 'package_list'; default: string[] });

interface Base {
  /** `<category>.<name>`, e.g. `security.mfa_required_scope`. */
  key: string;
  category: string;
  title: string;
  description: string;
  /**
   * `policy`: players follow it, and screen groups and screens may override it (player policies);
   * `preference`: each user sets their own (`/me/preferences`); otherwise the organization's alone.
   */
  scope?: 'organization' | 'policy' | 'preference';
  /** The value is a secret: shown and exported only to those who may change it. */
  sensitive?: boolean;
  /** Takes effect only once the server restarts. */
  restartRequired?: boolean;
  /** Running screens and consoles apply a change at once, not at their next reload or sync. */
  immediate?: boolean;
  /** Applies to work done after the change (new uploads, new processing); nothing done before is redone. */
  futureOnly?: boolean;
}

export type SettingValue = boolean | number | string | number[] | string[];

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const MAX_LIST = 50;
// Players look zones up case-sensitively (java.time.ZoneId), so `europe/paris` is refused even
// though ICU would take it; aliases (Asia/Kolkata, which ICU calls Asia/Calcutta) are kept as given.
const ZONE_SPELLING = /^[A-Z][A-Za-z_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const uniqueList = (value: unknown, ok: (item: unknown) => boolean) =>
  Array.isArray(value) && value.length <= MAX_LIST && value.every(ok) && new Set(value).size === value.length;

/** Returns why `value` is not acceptable for `def`, or undefined when it is. */
export function invalidReason(def: SettingDefinition, value: unknown): string | undefined {
  switch (def.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
      return Number.isInteger(value) && (value as number) >= def.min && (value as number) <= def.max
        ? undefined
        : `must be a whole number from ${def.min} to ${def.max}`;
    case 'number':
      return typeof value === 'number' && value >= def.min && value <= def.max ? undefined : `must be a number from ${def.min} to ${def.max}`;
    case 'string':
      return typeof value === 'string' && value.length <= def.maxLength ? undefined : `must be text of at most ${def.maxLength} characters`;
    case 'enum':
      return typeof value === 'string' && def.allowed.includes(value) ? undefined : `must be one of ${def.allowed.join(', ')}`;
    case 'color':
      return typeof value === 'string' && COLOR.test(value) ? undefined : 'must be a color written #RRGGBB';
    case 'local_time':
      return typeof value === 'string' && LOCAL_TIME.test(value) ? undefined : 'must be a time written HH:MM (24-hour)';
    case 'timezone':
      return typeof value === 'string' && ZONE_SPELLING.test(value) && canonicalTimeZone(value)
        ? undefined
        : 'must be an IANA time zone such as Europe/Paris, spelled as the tz database does';
    case 'uuid_or_empty':
      return value === '' || (typeof value === 'string' && UUID.test(value)) ? undefined : 'must be an id or empty';
    case 'weekday_list':
      return uniqueList(value, (d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7) && (value as unknown[]).length > 0
        ? undefined
        : 'must list unique weekdays from 1 (Monday) to 7 (Sunday), at least one';
    case 'package_list':
      return uniqueList(value, (p) => typeof p === 'string' && p.length <= 200 && ANDROID_PACKAGE.test(p))
        ? undefined
        : `must list at most ${MAX_LIST} unique Android application ids`;
  }
}
