import type { Knex } from 'knex';
import { AppError } from '../../kernel/errors.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { Takeovers } from '../../core-modules/takeovers/takeovers.api.js';
import { expiryOf, hasEnded, matcherOf } from './alert-matching.js';
import { ResponseChanges, type AlertResponses } from './alert-responses.js';
import { activationKey, type ActivationRow, type AlertsRepository, type MonitorRow, type RuleRow, type ShownAlert } from './alerts.repository.js';
import { NwsFailure, type NwsAlert, type NwsClient } from './nws-client.js';

type Deps = Pick<KernelDeps, 'db' | 'logger'> & {
  nwsClient: NwsClient;
  alertsRepository: AlertsRepository;
  alertResponses: AlertResponses;
  takeovers: Pick<Takeovers, 'activeAmong'>;
};

const SHOWN_FIELDS = ['event', 'headline', 'description', 'instruction', 'severity', 'urgency', 'certainty', 'area_description', 'sender'] as const;

function shownOf(alert: NwsAlert, expiresAt: Date): ShownAlert {
  return {
    event: alert.event,
    headline: alert.headline,
    description: alert.description,
    instruction: alert.instruction,
    severity: alert.severity,
    urgency: alert.urgency,
    certainty: alert.certainty,
    area_description: alert.areaDescription,
    sender: alert.sender,
    expires_at: expiresAt,
  };
}

type NewActivation = Omit<ActivationRow, 'cleared_at' | 'clear_reason'>;

const differs = (a: ShownAlert, b: ShownAlert) => SHOWN_FIELDS.some((f) => a[f] !== b[f]) || a.expires_at.getTime() !== b.expires_at.getTime();

export interface PollResult {
  matched: number;
  failed: number;
}

/**
 * Reads the feed and brings the activations in line with it: one per matching (alert, rule), started,
 * updated and ended with their responses in one transaction. A poll that got no usable answer
 * changes nothing but the monitor's health: an alert missing from a failed read has not left the feed.
 */
export class AlertPoller {
  constructor(private readonly d: Deps) {}

  /** The scheduled poll: only when the monitor is on and its interval has passed, in one process at a time. */
  async pollIfDue(): Promise<void> {
    if (!(await this.d.alertsRepository.claimScheduledPoll())) return;
    try {
      await this.poll();
    } catch (err) {
      if (!(err instanceof NwsFailure)) throw err;
      this.d.logger.warn({ code: err.code }, 'weather alert poll failed');
    }
  }

  /** Polls now; throws NwsFailure (recorded in the monitor's health) when the feed could not be read. */
  async poll(): Promise<PollResult> {
    const monitor = await this.d.alertsRepository.monitor();
    const polledAt = new Date();
    let alerts: NwsAlert[];
    try {
      alerts = await this.fetch(monitor);
    } catch (err) {
      if (err instanceof NwsFailure) await this.d.alertsRepository.recordHealth({ last_polled_at: polledAt, last_error_code: err.code });
      throw err;
    }
    try {
      return await this.d.db.transaction(async (trx) => {
        // Polls apply one at a time (a manual one beside the scheduled one).
        await this.d.alertsRepository.monitor(trx, true);
        const result = await this.apply(alerts, new Date(), trx);
        await this.d.alertsRepository.recordHealth(
          result.failed
            ? { last_polled_at: polledAt, last_error_code: 'alert_apply_failed', last_matched_count: result.matched }
            : { last_polled_at: polledAt, last_success_at: polledAt, last_error_code: null, last_matched_count: result.matched },
          trx,
        );
        return result;
      });
    } catch (err) {
      // Nothing of the poll was kept; the monitor says so rather than look healthy (the poll's own error is the one to raise).
      await this.d.alertsRepository.recordHealth({ last_polled_at: polledAt, last_error_code: 'alert_apply_failed' }).catch(() => {});
      throw err;
    }
  }

  /** Areas and zones are separate filters of the service (both in one request would intersect them): read each, keep each alert once. */
  private async fetch(monitor: MonitorRow): Promise<NwsAlert[]> {
    const filters = [...(monitor.areas.length ? [{ area: monitor.areas }] : []), ...(monitor.zones.length ? [{ zone: monitor.zones }] : [])];
    const byId = new Map<string, NwsAlert>();
    for (const filter of filters.length ? filters : [{}]) {
      for (const alert of await this.d.nwsClient.activeAlerts(filter)) if (!byId.has(alert.id)) byId.set(alert.id, alert);
    }
    return [...byId.values()];
  }

  /** Brings the activations in line with `alerts` in `trx`. */
  async apply(alerts: NwsAlert[], now: Date, trx: Knex.Transaction): Promise<PollResult> {
    const repo = this.d.alertsRepository;
    const rules = await repo.rules(trx, true);
    const live = new Map((await repo.liveActivations(trx)).map((a) => [activationKey(a.alert_id, a.rule_id), a]));
    const current = alerts.filter((a) => !hasEnded(a, now));
    const expired = await repo.expiredKeys(
      current.map((a) => a.id),
      trx,
    );
    const changes = new ResponseChanges();
    const touched: ActivationRow[] = [];
    const started: NewActivation[] = [];
    const ended: { activation: ActivationRow; reason: string }[] = [];
    let matched = 0;
    let failed = 0;
    for (const rule of rules) {
      const before = [...live.values()].filter((a) => a.rule_id === rule.id);
      const seen = new Set<string>();
      const kept: { until: Date; alert: NwsAlert }[] = [];
      const fresh: NewActivation[] = [];
      const matches = rule.enabled ? matcherOf(rule) : () => false;
      for (const alert of current) {
        if (!matches(alert)) continue;
        const key = activationKey(alert.id, rule.id);
        if (seen.has(key) || expired.has(key)) continue;
        seen.add(key);
        matched++;
        const existing = live.get(key) ?? (await this.followUpdate(alert, rule, live, seen, trx));
        if (existing) {
          const next = shownOf(alert, expiryOf(alert, existing.first_seen_at, rule.maximum_duration_minutes));
          if (next.expires_at <= now) {
            ended.push({ activation: existing, reason: 'expired' });
            continue;
          }
          if (differs(existing, next)) {
            await repo.updateActivation(alert.id, rule.id, { ...next, last_seen_at: now }, trx);
            changes.shown(rule);
          } else touched.push(existing);
          kept.push({ until: next.expires_at, alert });
          continue;
        }
        const shown = shownOf(alert, expiryOf(alert, now, rule.maximum_duration_minutes));
        fresh.push({
          alert_id: alert.id,
          rule_id: rule.id,
          response_mode: rule.response_mode,
          ...shown,
          takeover_id: null,
          first_seen_at: now,
          last_seen_at: now,
        });
        kept.push({ until: shown.expires_at, alert });
      }
      for (const activation of before) {
        if (!seen.has(activationKey(activation.alert_id, rule.id))) ended.push({ activation, reason: 'no_longer_active' });
      }
      if (fresh.length || ended.some((e) => e.activation.rule_id === rule.id)) changes.shown(rule);
      if (rule.response_mode === 'ticker') {
        started.push(...fresh);
        continue;
      }
      // A takeover that ended without this rule (a person cancelled it, a newer one took its screens)
      // leaves the alerts it showed silenced: only alerts seen later raise a new one.
      const holding = before.filter((a) => a.takeover_id);
      const active = await this.d.takeovers.activeAmong([...new Set(holding.map((a) => a.takeover_id!))], trx);
      const alive = holding.filter((a) => active.has(a.takeover_id!));
      const silenced = new Set(holding.filter((a) => !active.has(a.takeover_id!)).map((a) => a.alert_id));
      const held = alive.length ? { id: alive[0]!.takeover_id!, until: new Date(Math.max(...alive.map((a) => a.expires_at.getTime()))) } : undefined;
      try {
        const answering = kept.filter((k) => !silenced.has(k.alert.id));
        const takeoverId = await this.d.alertResponses.settleTakeover(rule, held, answering, changes, trx);
        started.push(...fresh.map((a) => ({ ...a, takeover_id: takeoverId })));
      } catch (err) {
        // A takeover the takeovers module refuses (its playlist emptied, say): the alerts are tried again next poll.
        if (!(err instanceof AppError)) throw err;
        failed++;
        this.d.logger.warn({ ruleId: rule.id, code: err.code }, 'a weather alert rule could not take over its screens');
      }
    }
    for (const reason of new Set(ended.map((e) => e.reason))) {
      await repo.clearActivations(
        ended.filter((e) => e.reason === reason).map((e) => e.activation),
        reason,
        now,
        trx,
      );
    }
    await repo.upsertActivations(started, trx);
    await repo.touchActivations(touched, now, trx);
    await this.d.alertResponses.flush(changes, trx);
    return { matched, failed };
  }

  /** An update carries a new id and names the message it updates: a live activation of that one continues under the new id. */
  private async followUpdate(alert: NwsAlert, rule: RuleRow, live: Map<string, ActivationRow>, seen: Set<string>, trx: Knex.Transaction) {
    for (const reference of alert.references) {
      const previousKey = activationKey(reference, rule.id);
      const previous = live.get(previousKey);
      if (!previous || seen.has(previousKey)) continue;
      await this.d.alertsRepository.renameActivation(reference, alert.id, rule.id, trx);
      // The earlier message has not left the feed: it goes on as this one.
      seen.add(previousKey);
      live.delete(previousKey);
      const renamed = { ...previous, alert_id: alert.id };
      live.set(activationKey(alert.id, rule.id), renamed);
      return renamed;
    }
    return undefined;
  }
}
