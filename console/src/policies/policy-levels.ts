// The levels a player setting is decided at, side by side. Pure (unit-tested in test/console/policy-levels.test.ts).

export const LEVELS = ['organization', 'group', 'screen'] as const;
export type Level = (typeof LEVELS)[number];
export type Source = Level | 'built_in';

export interface Definition {
  key: string;
  title: string;
  default: unknown;
  scope: string;
}

export interface PolicyRow {
  key: string;
  title: string;
  /** The organization's value (its default when it set none). */
  organization: { value: unknown; isDefault: boolean };
  /** Absent: the level sets nothing (or does not apply: a screen in no group). */
  group?: unknown;
  screen?: unknown;
  /** For a screen: what it follows and where that comes from. */
  effective?: { value: unknown; source: Source; sourceName?: string };
}

interface Inputs {
  definitions: Definition[];
  organization: Record<string, unknown>;
  group?: Record<string, unknown>;
  screen?: Record<string, unknown>;
  effective?: Record<string, { value: unknown; source: Source; sourceName?: string }>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One row per setting a policy may set, by title. */
export function policyRows({ definitions, organization, group, screen, effective }: Inputs): PolicyRow[] {
  return definitions
    .filter((d) => d.scope === 'policy')
    .map((d) => {
      const org = d.key in organization ? organization[d.key] : d.default;
      return {
        key: d.key,
        title: d.title,
        organization: { value: org, isDefault: same(org, d.default) },
        ...(group && d.key in group ? { group: group[d.key] } : {}),
        ...(screen && d.key in screen ? { screen: screen[d.key] } : {}),
        ...(effective?.[d.key] ? { effective: effective[d.key] } : {}),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** What a level inherits for a key: the nearest level above that sets it, else the organization's. */
export function inherited(row: PolicyRow, level: Exclude<Level, 'organization'>): unknown {
  return level === 'screen' && row.group !== undefined ? row.group : row.organization.value;
}

/** A level's values less one key: what "reset to inherited" saves (undefined when nothing is left, so the level's policy goes). */
export function withoutKey(values: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const { [key]: _, ...rest } = values;
  return Object.keys(rest).length ? rest : undefined;
}

/** A value as a person reads it. */
export function shown(value: unknown, yes: string, no: string): string {
  if (value === true) return yes;
  if (value === false) return no;
  if (Array.isArray(value)) return value.join(', ');
  if (value === '' || value === undefined || value === null) return '—';
  return String(value);
}
