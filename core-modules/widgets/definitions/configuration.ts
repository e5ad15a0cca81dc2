import type { ValidationIssue } from '../../../kernel/errors.js';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import type { SourceFacts } from '../../data-sources/data-sources.api.js';
import type { ConfigField } from './fields.js';

export type Configuration = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLOR = /^#[0-9A-Fa-f]{6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
// Text the players draw on one line: control characters would break it (and PostgreSQL refuses NUL).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a string value is wrong for its field; undefined when it is right. */
function stringProblem(f: ConfigField, v: string): string | undefined {
  if (CONTROL_CHARS.test(v) || (f.control !== 'multiline_text' && /[\r\n]/.test(v))) return 'contains control characters';
  if (f.minLength !== undefined && v.length < f.minLength) return `must be at least ${f.minLength} characters`;
  if (f.maxLength !== undefined && v.length > f.maxLength) return `must be at most ${f.maxLength} characters`;
  if (f.required && !v.trim()) return 'is required';
  switch (f.control) {
    case 'select':
      return f.options?.some((o) => o.value === v) ? undefined : `must be one of ${f.options?.map((o) => o.value).join(', ')}`;
    case 'color':
      // Empty only where empty is the default (a chart series' colour: the palette's).
      return COLOR.test(v) || (v === '' && f.default === '') ? undefined : 'must be a colour #RRGGBB';
    case 'timezone':
      return canonicalTimeZone(v) ? undefined : 'must be an IANA time zone';
    case 'date':
      return !v || (DATE.test(v) && !Number.isNaN(Date.parse(v))) ? undefined : 'must be a date YYYY-MM-DD';
    case 'datetime':
      return !v || ((LOCAL_DATETIME.test(v) || /T.*(Z|[+-]\d{2}:\d{2})$/.test(v)) && !Number.isNaN(Date.parse(v)))
        ? undefined
        : 'must be a date and time (YYYY-MM-DDTHH:mm, or with an offset)';
    case 'url':
      if (!v) return undefined;
      try {
        const url = new URL(v);
        return url.protocol === 'https:' && !url.username && !url.password ? undefined : 'must be an https address without credentials';
      } catch {
        return 'must be an https address';
      }
    case 'data_source':
    case 'media_asset':
      return !v || UUID.test(v) ? undefined : 'must be an id';
    default:
      return undefined;
  }
}

/** Why a value is wrong for its field; undefined when it is right. */
function valueProblem(f: ConfigField, v: unknown): string | undefined {
  switch (f.control) {
    case 'boolean':
      return typeof v === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v) || (f.control === 'integer' && !Number.isInteger(v)))
        return `must be ${f.control === 'integer' ? 'an integer' : 'a number'}`;
      if (f.minimum !== undefined && v < f.minimum) return `must be at least ${f.minimum}`;
      if (f.maximum !== undefined && v > f.maximum) return `must be at most ${f.maximum}`;
      return undefined;
    case 'data_source_field':
      if (f.maximumItems !== undefined) {
        if (!Array.isArray(v) || v.some((k) => typeof k !== 'string')) return 'must be a list of field keys';
        if (v.length < (f.minimumItems ?? 0) || v.length > f.maximumItems) return `must name ${f.minimumItems ?? 0} to ${f.maximumItems} fields`;
        return v.map((k) => stringProblem({ ...f, maxLength: 80, required: true }, k as string)).find(Boolean);
      }
      return typeof v === 'string' ? stringProblem({ ...f, maxLength: 80 }, v) : 'must be a field key';
    case 'repeating_group':
      if (!Array.isArray(v)) return 'must be a list';
      if (v.length < (f.minimumItems ?? 0) || v.length > (f.maximumItems ?? 100)) return `must hold ${f.minimumItems ?? 0} to ${f.maximumItems ?? 100} items`;
      return undefined;
    default:
      return typeof v === 'string' ? stringProblem(f, v) : 'must be a string';
  }
}

/** A `data_source_field` value met while normalising: checked against its source once the sources are read. */
export interface FieldUse {
  path: string;
  sourceKey: string;
  keys: string[];
  types?: string[];
}

export interface Normalised {
  value: Configuration;
  issues: ValidationIssue[];
  /** `dataSourceId`-like keys → the source id they hold, with the shapes they ask for. */
  sources: { path: string; id: string; kinds: string[] }[];
  fieldUses: FieldUse[];
}

/**
 * The configuration with defaults filled in, checked field by field against the definition: an
 * unknown key, a value of the wrong type, out of range or not among the options is an issue at
 * its path (`body/configuration/...`). What must be read (the bound sources) is returned to check.
 */
export function normaliseConfiguration(fields: ConfigField[], input: unknown, path: string, into?: Normalised): Normalised {
  const result: Normalised = into ?? { value: {}, issues: [], sources: [], fieldUses: [] };
  const value: Configuration = {};
  if (!isObject(input)) {
    result.issues.push({ field: path, message: 'must be an object' });
    return result;
  }
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(input)) if (!known.has(key)) result.issues.push({ field: `${path}/${key}`, message: 'is not a setting of this widget type' });
  for (const f of fields) {
    const at = `${path}/${f.key}`;
    const given = input[f.key];
    const v = given === undefined || given === null ? f.default : given;
    if (v === undefined) {
      if (f.required) result.issues.push({ field: at, message: 'is required' });
      continue;
    }
    const problem = valueProblem(f, v);
    if (problem) {
      result.issues.push({ field: at, message: problem });
      continue;
    }
    if (f.control === 'repeating_group') {
      value[f.key] = (v as unknown[]).map((item, i) => {
        const nested = normaliseConfiguration(f.itemFields ?? [], item, `${at}/${i}`, {
          value: {},
          issues: result.issues,
          sources: result.sources,
          fieldUses: result.fieldUses,
        });
        return nested.value;
      });
      continue;
    }
    if (f.control === 'data_source' && v) result.sources.push({ path: at, id: v as string, kinds: f.acceptedDataSourceKinds ?? ['records'] });
    if (f.control === 'data_source_field') {
      const keys = (Array.isArray(v) ? v : [v]).filter((k): k is string => typeof k === 'string' && k !== '');
      if (keys.length)
        result.fieldUses.push({
          path: at,
          sourceKey: f.dataSourceKey ?? 'dataSourceId',
          keys,
          ...(f.dataSourceFieldTypes ? { types: f.dataSourceFieldTypes } : {}),
        });
    }
    value[f.key] = typeof v === 'string' && f.control !== 'multiline_text' ? v.trim() : v;
  }
  result.value = value;
  return result;
}

/** Whether a source of this shape can feed a field asking for `kinds`. */
function compatible(facts: SourceFacts, kinds: string[]): boolean {
  return kinds.every((k) => k === 'records' || Boolean(facts.shape[k as keyof SourceFacts['shape']]));
}

/** The binding issues: each bound source exists and has the shape asked; each field it names is one it gives, of a type accepted. */
export function bindingIssues(n: Normalised, configuration: Configuration, facts: Map<string, SourceFacts>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const s of n.sources) {
    const f = facts.get(s.id);
    if (!f) issues.push({ field: s.path, message: 'no such data source' });
    else if (!compatible(f, s.kinds))
      issues.push({ field: s.path, message: `the data source (${f.provider}) cannot feed this widget: it needs ${s.kinds.join(', ')} data` });
  }
  for (const use of n.fieldUses) {
    const id = configuration[use.sourceKey];
    const fields = typeof id === 'string' ? facts.get(id)?.fields : undefined;
    if (!fields) continue; // an unknown source is reported above; one that has produced nothing cannot be checked yet
    for (const key of use.keys) {
      const field = fields.find((x) => x.key === key);
      if (!field) issues.push({ field: use.path, message: `the data source has no field “${key}”` });
      else if (use.types && !use.types.includes(field.type))
        issues.push({ field: use.path, message: `field “${key}” is ${field.type}; it must be ${use.types.join(' or ')}` });
    }
  }
  return issues;
}
