import type { ActivationRow, MonitorRow, RuleRow } from './alerts.repository.js';
import type { Activation, Monitor, Rule } from './emergency-alerts.schemas.js';

// Fields with nothing to say are left out, as the reference's console expects of them.

export const monitorView = (m: MonitorRow): Monitor => ({
  enabled: m.enabled,
  areas: m.areas,
  zones: m.zones,
  pollIntervalSeconds: m.poll_interval_seconds,
  ...(m.last_polled_at ? { lastPolledAt: m.last_polled_at.toISOString() } : {}),
  ...(m.last_success_at ? { lastSuccessAt: m.last_success_at.toISOString() } : {}),
  ...(m.last_error_code ? { lastErrorCode: m.last_error_code } : {}),
  lastMatchedCount: m.last_matched_count,
  updatedAt: m.updated_at.toISOString(),
});

/** `playlistNames` by `playlist:<id>`, as the content kinds name them. */
export const ruleView = (r: RuleRow, playlistNames: Map<string, string>): Rule => {
  const playlistName = r.playlist_id ? playlistNames.get(`playlist:${r.playlist_id}`) : undefined;
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    eventNames: r.event_names,
    minimumSeverity: r.minimum_severity as Rule['minimumSeverity'],
    minimumUrgency: r.minimum_urgency as Rule['minimumUrgency'],
    responseMode: r.response_mode,
    presentationMode: r.presentation_mode,
    ...(r.playlist_id ? { playlistId: r.playlist_id } : {}),
    ...(playlistName !== undefined ? { playlistName } : {}),
    tickerDisplayMode: r.ticker_display_mode as Rule['tickerDisplayMode'],
    tickerHeightPx: r.ticker_height_px,
    tickerSpeed: r.ticker_speed as Rule['tickerSpeed'],
    maximumDurationMinutes: r.maximum_duration_minutes,
    screenIds: r.screen_ids,
    groupIds: r.group_ids,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
};

export const activationView = (a: ActivationRow & { rule_name: string }): Activation => ({
  alertId: a.alert_id,
  ruleId: a.rule_id,
  ruleName: a.rule_name,
  event: a.event,
  headline: a.headline,
  severity: a.severity,
  urgency: a.urgency,
  areaDescription: a.area_description,
  expiresAt: a.expires_at.toISOString(),
  ...(a.takeover_id ? { takeoverId: a.takeover_id } : {}),
  firstSeenAt: a.first_seen_at.toISOString(),
  lastSeenAt: a.last_seen_at.toISOString(),
});
