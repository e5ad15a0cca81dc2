import type { NwsAlert } from './nws-client.js';
import { SEVERITIES, URGENCIES } from './emergency-alerts.schemas.js';

/** What of a rule decides whether an alert matches it. */
export interface RuleFilter {
  event_names: string[];
  minimum_severity: string;
  minimum_urgency: string;
}

// A severity the feed spells otherwise (`Unknown`) is below every minimum; an urgency, `Unknown`.
const severityRank = (value: string) => SEVERITIES.indexOf(value as (typeof SEVERITIES)[number]);
const urgencyRank = (value: string) => Math.max(0, URGENCIES.indexOf(value as (typeof URGENCIES)[number]));

/** A rule's matcher: event names in any case (none means every event), at least its severity and urgency. */
export function matcherOf(rule: RuleFilter): (alert: NwsAlert) => boolean {
  const events = new Set(rule.event_names.map((e) => e.trim().toLowerCase()).filter(Boolean));
  const severity = severityRank(rule.minimum_severity);
  const urgency = urgencyRank(rule.minimum_urgency);
  return (alert) =>
    severityRank(alert.severity) >= severity && urgencyRank(alert.urgency) >= urgency && (events.size === 0 || events.has(alert.event.toLowerCase()));
}

/** Whether the publisher's end has passed (an alert without one is active while the feed lists it). */
export const hasEnded = (alert: NwsAlert, now: Date) => alert.endsAt !== null && alert.endsAt <= now;

/** An activation ends at the alert's end or at the rule's ceiling from when it was first seen, whichever is earlier. */
export function expiryOf(alert: NwsAlert, firstSeenAt: Date, maximumMinutes: number): Date {
  const ceiling = new Date(firstSeenAt.getTime() + maximumMinutes * 60_000);
  return alert.endsAt && alert.endsAt < ceiling ? alert.endsAt : ceiling;
}
