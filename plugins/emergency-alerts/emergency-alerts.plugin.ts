import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { AlertMonitorService } from './alert-monitor.service.js';
import { AlertPoller } from './alert-poller.js';
import { alertDocumentProvider } from './alert-document.provider.js';
import { alertWidget } from './alert-presentation.widget.js';
import { AlertResponses } from './alert-responses.js';
import { AlertRulesService } from './alert-rules.service.js';
import { alertTickerContributor } from './alert-ticker.contributor.js';
import { AlertsRepository } from './alerts.repository.js';
import { BuiltinPresentations } from './builtin-presentations.js';
import { NwsClient } from './nws-client.js';
import { loadWeatherAlertsConfig } from './emergency-alerts-config.js';
import { weatherAlertsUses, type WeatherAlertsDeps } from './emergency-alerts-deps.js';
import { POLL_JOB, weatherAlertsJobs } from './emergency-alerts.jobs.js';
import { weatherAlertsRoutes } from './emergency-alerts.routes.js';

// The first poll after a start, as soon as the process has settled (the cron only ticks each minute).
const FIRST_POLL_AFTER_SECONDS = 5;

/**
 * Weather alerts from the US National Weather Service: a monitor polls the active alerts of its
 * areas and zones, and rules answer matching alerts with a takeover or a ticker bar. Named
 * `emergency-alerts` so the catalog lists it as the reference does (`emergency_alerts`).
 */
export const weatherAlertsPlugin = definePlugin<WeatherAlertsDeps>({
  name: 'emergency-alerts',
  dependsOn: ['settings', 'screens', 'player', 'takeovers', 'data-sources', 'widgets', 'playlists'],
  uses: weatherAlertsUses,
  migrations: new URL('./migrations', import.meta.url),
  installable: {
    title: 'Emergency alerts',
    description: 'Watches National Weather Service alerts and answers matching ones with a takeover or a ticker bar on chosen screens.',
    resources: async ({ alertsRepository }) => (await alertsRepository.rules()).map((r) => ({ type: 'weather_alert_rule', id: r.id, name: r.name })),
    status: async ({ alertsRepository }) => {
      const [monitor, rules] = await Promise.all([alertsRepository.monitor(), alertsRepository.countRules()]);
      const configured = monitor.areas.length + monitor.zones.length > 0 && rules > 0;
      const failing = monitor.enabled && monitor.last_error_code;
      return {
        configured,
        active: monitor.enabled,
        instanceCount: rules,
        attention: failing ? `The last poll failed (${monitor.last_error_code}).` : null,
      };
    },
  },
  register(r) {
    r.provide({
      weatherAlertsConfig: asFunction(({ config }: WeatherAlertsDeps) => loadWeatherAlertsConfig(config)).singleton(),
      nwsClient: asFunction(({ weatherAlertsConfig }: WeatherAlertsDeps) => new NwsClient(weatherAlertsConfig)).singleton(),
      alertsRepository: asClass(AlertsRepository).singleton(),
      alertResponses: asClass(AlertResponses).singleton(),
      builtinPresentations: asClass(BuiltinPresentations).singleton(),
      alertPoller: asClass(AlertPoller).singleton(),
      alertRulesService: asClass(AlertRulesService).singleton(),
      alertMonitorService: asClass(AlertMonitorService).singleton(),
    });
    r.routes(weatherAlertsRoutes);
    r.jobs(weatherAlertsJobs);
    r.onStart(async (d) => {
      const { manifestPlugins, contentKinds, pluginInstallations, alertsRepository, weatherAlertsConfig, jobs, processRole } = d;
      void weatherAlertsConfig; // resolved at start: a malformed NWS_BASE_URL stops the server here, not at the first poll
      manifestPlugins.register(alertTickerContributor('emergency-alerts', alertsRepository));
      // A takeover rule's built-in presentation: a source of its live alerts and a widget type drawing them.
      d.widgetDefinitions.register(alertWidget);
      d.dataSourceLibrary.registerProvider(alertDocumentProvider(d));
      d.builtinPresentations.start();
      // A rule's playlist cannot be deleted from under it (its tables exist only once installed).
      contentKinds.registerUse(async (ref, trx) =>
        ref.contentType === 'playlist' && (await pluginInstallations.isInstalled('emergency-alerts', true))
          ? (await alertsRepository.rulesShowing(ref.contentId, trx)).map((r) => ({ kind: 'weather_alert_rule', id: r.id, name: r.name }))
          : [],
      );
      if (processRole === 'all' || processRole === 'worker')
        await jobs.send(POLL_JOB, {}, { startAfterSeconds: FIRST_POLL_AFTER_SECONDS, singletonKey: 'start' });
    });
  },
});
