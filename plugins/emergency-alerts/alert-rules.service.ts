import type { Knex } from 'knex';
import type { ContentKinds } from '../../core-modules/player/player.api.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { OrganizationSettings } from '../../core-modules/settings/settings.api.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { AppError, invalidInput, notFound } from '../../kernel/errors.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { ResponseChanges, type AlertResponses } from './alert-responses.js';
import type { AlertsRepository, ManagedIds, RuleRow, RuleValues } from './alerts.repository.js';
import { ruleView } from './alert-views.js';
import { type BuiltinPresentations, managedIds, NO_PIECES } from './builtin-presentations.js';
import type { Rule, RuleBody } from './emergency-alerts.schemas.js';

type Deps = Pick<KernelDeps, 'db' | 'auditLog'> & {
  alertsRepository: AlertsRepository;
  alertResponses: AlertResponses;
  contentKinds: ContentKinds;
  screenTargets: ScreenTargets;
  settingsService: OrganizationSettings;
  builtinPresentations: BuiltinPresentations;
};

// The takeovers module's setting: a rule's ceiling is a takeover's longest allowed duration.
const TAKEOVER_MAXIMUM_KEY = 'takeover.maximum_duration_minutes';
const DEFAULT_MAXIMUM_MINUTES = 360;
const MAX_TARGETS = 250;

const invalid = (message: string, field: string) => invalidInput('alert_rule_invalid', message, `body/${field}`);
const ruleNotFound = () => notFound('alert_rule_not_found', 'No weather alert rule has this id.');
/** What of a rule decides how it answers: a change ends its live activations, and the next poll answers again. */
const answersDifferently = (a: RuleRow, b: RuleValues) =>
  a.response_mode !== b.response_mode ||
  a.presentation_mode !== b.presentation_mode ||
  a.playlist_id !== b.playlist_id ||
  a.screen_ids.join() !== b.screen_ids.join() ||
  a.group_ids.join() !== b.group_ids.join() ||
  (a.enabled && !b.enabled);
/** A takeover with the built-in presentation: it needs the pieces that make it. */
const builtin = (v: RuleValues) => v.response_mode === 'takeover' && v.presentation_mode === 'builtin';
const heldPieces = (r: RuleRow): ManagedIds => ({
  managed_data_source_id: r.managed_data_source_id,
  managed_widget_id: r.managed_widget_id,
  managed_playlist_id: r.managed_playlist_id,
});

/** Weather alert rules: which alerts they answer, and how. */
export class AlertRulesService {
  constructor(private readonly d: Deps) {}

  async list(): Promise<Rule[]> {
    const rules = await this.d.alertsRepository.rules();
    const names = await this.d.contentKinds.names(rules.filter((r) => r.playlist_id).map((r) => ({ contentType: 'playlist', contentId: r.playlist_id! })));
    return rules.map((r) => ruleView(r, names));
  }

  async create(actor: ConsolePrincipal, body: RuleBody, ip: string): Promise<Rule> {
    const values = await this.values(body);
    const write = async (trx: Knex.Transaction, managed: ManagedIds) => {
      await this.checkPlaylist(values.playlist_id, trx);
      const created = await this.d.alertsRepository.insertRule({ ...values, ...managed }, trx);
      await this.d.auditLog.record({ action: 'weather_alert_rule.created', actor, ip, resourceType: 'weather_alert_rule', resourceId: created.id }, trx);
      return created;
    };
    const row = builtin(values)
      ? await this.d.builtinPresentations.create(actor, ip, values.name, (trx, pieces) => write(trx, managedIds(pieces)))
      : await this.d.db.transaction((trx) => write(trx, NO_PIECES));
    return this.view(row);
  }

  /**
   * Saves a rule. One becoming a built-in takeover gets its pieces made in the same transaction;
   * one leaving it has them removed once what they showed has ended.
   */
  async update(actor: ConsolePrincipal, id: string, body: RuleBody, ip: string): Promise<Rule> {
    const values = await this.values(body);
    const stored = await this.d.alertsRepository.rule(id);
    if (!stored) throw ruleNotFound();
    const write = async (trx: Knex.Transaction, made?: ManagedIds) => {
      const before = await this.d.alertsRepository.rule(id, trx, true);
      if (!before) throw ruleNotFound();
      await this.checkPlaylist(values.playlist_id, trx);
      const held = heldPieces(before);
      const next = made ?? (builtin(values) ? held : NO_PIECES);
      const after = await this.d.alertsRepository.updateRule(id, { ...values, ...next }, trx);
      const changes = new ResponseChanges();
      if (answersDifferently(before, values)) await this.endActivations(before, 'rule_changed', changes, trx);
      // A bar's look and targets are in the manifest: the screens before and after rebuild.
      for (const rule of [before, after]) if (rule.response_mode === 'ticker') changes.ticker(rule);
      await this.d.alertResponses.flush(changes, trx);
      if (next.managed_playlist_id !== held.managed_playlist_id) await this.d.builtinPresentations.remove(held, trx);
      await this.d.auditLog.record({ action: 'weather_alert_rule.updated', actor, ip, resourceType: 'weather_alert_rule', resourceId: id }, trx);
      return after;
    };
    const row =
      builtin(values) && !stored.managed_playlist_id
        ? await this.d.builtinPresentations.create(actor, ip, values.name, (trx, pieces) => write(trx, managedIds(pieces)))
        : await this.d.db.transaction((trx) => write(trx));
    return this.view(row);
  }

  /** Deletes a rule and ends what it shows (its takeovers, its bars). */
  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<{ id: string; deleted: true }> {
    await this.d.db.transaction(async (trx) => {
      const rule = await this.d.alertsRepository.rule(id, trx, true);
      if (!rule) throw ruleNotFound();
      const changes = new ResponseChanges();
      await this.endActivations(rule, 'rule_deleted', changes, trx);
      await this.d.alertsRepository.deleteRule(id, trx);
      await this.d.alertResponses.flush(changes, trx);
      await this.d.builtinPresentations.remove(heldPieces(rule), trx);
      await this.d.auditLog.record(
        { action: 'weather_alert_rule.deleted', actor, ip, resourceType: 'weather_alert_rule', resourceId: id, metadata: { name: rule.name } },
        trx,
      );
    });
    return { id, deleted: true };
  }

  /** Ends a rule's live activations with their responses, in `trx`. */
  async endActivations(rule: RuleRow, reason: string, changes: ResponseChanges, trx: Knex.Transaction): Promise<void> {
    const live = await this.d.alertsRepository.liveActivations(trx, rule.id);
    for (const activation of live) this.d.alertResponses.end(rule, activation, changes);
    await this.d.alertsRepository.clearActivations(live, reason, new Date(), trx);
  }

  private async view(row: RuleRow): Promise<Rule> {
    const names = row.playlist_id ? await this.d.contentKinds.names([{ contentType: 'playlist', contentId: row.playlist_id }]) : new Map<string, string>();
    return ruleView(row, names);
  }

  /** The stored values of a body, checked as a whole. */
  private async values(body: RuleBody): Promise<RuleValues> {
    const responseMode: RuleRow['response_mode'] = body.responseMode ?? 'takeover';
    const playlistId = body.playlistId ?? null;
    const presentationMode: RuleRow['presentation_mode'] = body.presentationMode ?? (playlistId ? 'playlist' : 'builtin');
    if (responseMode === 'ticker' && (presentationMode === 'playlist' || playlistId)) {
      throw invalid('A ticker shows the alert itself and takes no playlist.', 'playlistId');
    }
    if (presentationMode === 'playlist' && !playlistId) throw invalid('A playlist presentation needs a ready, non-empty playlist.', 'playlistId');
    if (presentationMode === 'builtin' && playlistId) throw invalid('A built-in presentation takes no playlist.', 'playlistId');
    const ceiling = await this.d.settingsService.get<number>(TAKEOVER_MAXIMUM_KEY);
    const maximum = body.maximumDurationMinutes ?? Math.min(DEFAULT_MAXIMUM_MINUTES, ceiling);
    if (maximum > ceiling) throw invalid(`The maximum duration is from 5 to ${ceiling} minutes (the takeover maximum).`, 'maximumDurationMinutes');
    await this.checkTargets(body.screenIds, body.groupIds);
    const events = new Map<string, string>();
    for (const name of body.eventNames) if (name.trim()) events.set(name.trim().toLowerCase(), name.trim());
    return {
      name: body.name.trim(),
      enabled: body.enabled,
      event_names: [...events.values()],
      minimum_severity: body.minimumSeverity ?? 'Severe',
      minimum_urgency: body.minimumUrgency ?? 'Expected',
      response_mode: responseMode,
      presentation_mode: presentationMode,
      playlist_id: playlistId,
      ticker_display_mode: body.tickerDisplayMode ?? 'push',
      ticker_height_px: body.tickerHeightPx ?? 96,
      ticker_speed: body.tickerSpeed ?? 'medium',
      maximum_duration_minutes: maximum,
      screen_ids: body.screenIds,
      group_ids: body.groupIds,
    };
  }

  /** Holds the rule's playlist until `trx` ends, so a delete of it waits and then sees the rule using it. */
  private async checkPlaylist(playlistId: string | null, trx: Knex.Transaction): Promise<void> {
    if (!playlistId) return;
    // Another rule's built-in presentation goes with that rule: it cannot be this one's playlist.
    if (await this.d.alertsRepository.isManagedPlaylist(playlistId, trx)) {
      throw invalid('This playlist is another rule’s built-in presentation: choose a playlist of your own.', 'playlistId');
    }
    try {
      await this.d.contentKinds.check([{ contentType: 'playlist', contentId: playlistId }], trx);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) throw invalid(`The playlist cannot be shown: ${err.message}`, 'playlistId');
      throw err;
    }
  }

  private async checkTargets(screenIds: string[], groupIds: string[]): Promise<void> {
    const count = screenIds.length + groupIds.length;
    if (count === 0 || count > MAX_TARGETS) throw invalid(`A rule targets 1–${MAX_TARGETS} screens and groups.`, 'screenIds');
    for (const [scope, ids, field] of [
      ['screens', screenIds, 'screenIds'],
      ['sync_groups', groupIds, 'groupIds'],
    ] as const) {
      if (!ids.length) continue;
      const problems = await this.d.screenTargets.problems({ targetScope: scope, targetIds: ids });
      if (problems.length) throw invalid(problems[0]!, field);
    }
  }
}
