import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { badGateway, invalidInput } from '../../kernel/errors.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { AlertPoller } from './alert-poller.js';
import { ResponseChanges, type AlertResponses } from './alert-responses.js';
import type { AlertRulesService } from './alert-rules.service.js';
import { activationView, monitorView } from './alert-views.js';
import type { AlertsRepository } from './alerts.repository.js';
import { NwsFailure, type NwsClient, type NwsZone } from './nws-client.js';
import type { Monitor, MonitorBody, Overview } from './emergency-alerts.schemas.js';

type Deps = Pick<KernelDeps, 'db' | 'auditLog'> & {
  alertsRepository: AlertsRepository;
  alertRulesService: AlertRulesService;
  alertResponses: AlertResponses;
  alertPoller: AlertPoller;
  nwsClient: NwsClient;
};

const OVERVIEW_ACTIVATIONS = 100;
const AREA = /^[A-Z]{2}$/;
// UGC codes: state, C (county) or Z (zone), three digits; the reference takes any six letters and digits.
const ZONE = /^[A-Z0-9]{6}$/;

/** Upper-cased, trimmed, without blanks and repeats, sorted; or the first code that is malformed. */
function codes(values: string[], pattern: RegExp): { codes: string[]; bad?: string } {
  const set = new Set<string>();
  for (const value of values) {
    const code = value.trim().toUpperCase();
    if (!code) continue;
    if (!pattern.test(code)) return { codes: [], bad: value };
    set.add(code);
  }
  return { codes: [...set].sort() };
}

/** The monitor: where it watches, how often, how its polls went; the zones lookup and the manual poll. */
export class AlertMonitorService {
  constructor(private readonly d: Deps) {}

  async overview(): Promise<Overview> {
    const [monitor, rules, active] = await Promise.all([
      this.d.alertsRepository.monitor(),
      this.d.alertRulesService.list(),
      this.d.alertsRepository.overview(OVERVIEW_ACTIVATIONS),
    ]);
    return { monitor: monitorView(monitor), rules, activeAlerts: active.map(activationView) };
  }

  /** Saves the monitor; turning it off ends every live activation (nothing would poll them away). */
  async update(actor: ConsolePrincipal, body: MonitorBody, ip: string): Promise<Monitor> {
    const areas = codes(body.areas, AREA);
    if (areas.bad !== undefined) throw invalidInput('alert_monitor_invalid', `"${areas.bad}" is not a two-letter state or territory code.`, 'body/areas');
    const zones = codes(body.zones, ZONE);
    if (zones.bad !== undefined) throw invalidInput('alert_monitor_invalid', `"${zones.bad}" is not a six-character zone code.`, 'body/zones');
    if (body.enabled && !areas.codes.length && !zones.codes.length) {
      throw invalidInput('alert_monitor_invalid', 'Choose at least one state, territory, county or zone to watch.', 'body/areas');
    }
    const row = await this.d.db.transaction(async (trx) => {
      const before = await this.d.alertsRepository.monitor(trx, true);
      const saved = await this.d.alertsRepository.saveMonitor(
        { enabled: body.enabled, areas: areas.codes, zones: zones.codes, poll_interval_seconds: body.pollIntervalSeconds },
        trx,
      );
      if (before.enabled && !body.enabled) {
        const changes = new ResponseChanges();
        for (const rule of await this.d.alertsRepository.rules(trx)) await this.d.alertRulesService.endActivations(rule, 'monitor_disabled', changes, trx);
        await this.d.alertResponses.flush(changes, trx);
      }
      await this.d.auditLog.record(
        {
          action: 'weather_alert_monitor.updated',
          actor,
          ip,
          resourceType: 'weather_alert_monitor',
          metadata: { enabled: body.enabled, areas: areas.codes, zones: zones.codes, pollIntervalSeconds: body.pollIntervalSeconds },
        },
        trx,
      );
      return saved;
    });
    return monitorView(row);
  }

  async zones(area: string): Promise<NwsZone[]> {
    const code = area.trim().toUpperCase();
    if (!AREA.test(code)) throw invalidInput('alert_area_invalid', 'Choose a two-letter state or territory code.', 'query/area');
    try {
      const zones = await this.d.nwsClient.zones(code);
      return zones.sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    } catch (err) {
      if (err instanceof NwsFailure) throw badGateway('nws_zones_unavailable', 'The weather service did not give its counties and zones; try again later.');
      throw err;
    }
  }

  /** Polls now, whether or not the monitor is on; answers the overview after it. */
  async pollNow(): Promise<Overview> {
    try {
      await this.d.alertPoller.poll();
    } catch (err) {
      if (err instanceof NwsFailure) throw badGateway('nws_poll_failed', `The weather service gave no usable answer (${err.code}); nothing was changed.`);
      throw err;
    }
    return this.overview();
  }
}
