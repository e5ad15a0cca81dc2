/** One organization-wide setting. Modules define theirs; the registry is closed to anything else. */
export type SettingDefinition =
  | (Base & { type: 'boolean'; default: boolean })
  | (Base & { type: 'integer'; default: number; min: number; max: number })
  | (Base & { type: 'string'; default: string; maxLength: number })
  | (Base & { type: 'enum'; default: string; allowed: readonly string[] });

interface Base {
  /** `<category>.<name>`, e.g. `security.mfa_required_scope`. */
  key: string;
  category: string;
  title: string;
  description: string;
}

export type SettingValue = boolean | number | string;

/** Returns why `value` is not acceptable for `def`, or undefined when it is. */
export function invalidReason(def: SettingDefinition, value: unknown): string | undefined {
  switch (def.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
      return Number.isInteger(value) && (value as number) >= def.min && (value as number) <= def.max ? undefined : `must be a whole number from ${def.min} to ${def.max}`;
    case 'string':
      return typeof value === 'string' && value.length <= def.maxLength ? undefined : `must be text of at most ${def.maxLength} characters`;
    case 'enum':
      return typeof value === 'string' && def.allowed.includes(value) ? undefined : `must be one of ${def.allowed.join(', ')}`;
  }
}
