import type { InstanceKind } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import { canonicalTimeZone } from '../../kernel/time-zone.js';
import type { ValidationIssue } from '../../kernel/errors.js';
import { countdownBarDefaults, type CountdownBarSettings } from './countdown-bar.fields.js';

const issue = (field: string, message: string): ValidationIssue => ({ field: `body/${field}`, message });

const SCHEDULE_FIELDS = { weekly: ['targetTime', 'daysOfWeek'], one_time: ['oneTimeAt'] } as const;

/** Each schedule type needs its own fields and takes none of the other's. */
function scheduleProblems(s: CountdownBarSettings): ValidationIssue[] {
  const problems: ValidationIssue[] = [];
  for (const [type, fields] of Object.entries(SCHEDULE_FIELDS)) {
    for (const field of fields) {
      const given = s[field] !== undefined;
      if (type === s.scheduleType && !given) problems.push(issue(field, `A ${type} countdown needs ${field}.`));
      if (type !== s.scheduleType && given) problems.push(issue(field, `A ${s.scheduleType} countdown takes no ${field}.`));
    }
  }
  return problems;
}

/**
 * What makes an instance a countdown bar. The player evaluates the schedule itself (next target in
 * the time zone, lead time, urgency stages), so the manifest carries the whole rule rather than a
 * computed moment that would go stale every week.
 */
export const countdownBarKind: InstanceKind<CountdownBarSettings> = {
  plugin: 'countdown-bar',
  type: 'countdown_bar',
  noun: 'countdown bar',
  defaults: countdownBarDefaults,
  normalize: (s) => ({ ...s, timezone: canonicalTimeZone(s.timezone) ?? s.timezone }),
  check(s) {
    const problems = scheduleProblems(s);
    if (!canonicalTimeZone(s.timezone)) problems.push(issue('timezone', `Unknown time zone "${s.timezone}"; use an IANA name such as Europe/Berlin.`));
    // Defaults are applied by now, so a request giving only one of the three is checked too.
    if (!(s.startingSoonSeconds! > s.urgentSeconds! && s.urgentSeconds! > s.pulseSeconds!)) {
      problems.push(issue('urgentSeconds', 'Urgency stages must be ordered: startingSoonSeconds > urgentSeconds > pulseSeconds.'));
    }
    return problems;
  },
  async manifestConfigs(rows) {
    return new Map(rows.map((row) => [row.id, { name: row.name, ...row.settings }]));
  },
};
