import { contentKindsRef, manifestPluginsRef } from '../../core-modules/player/player.api.js';
import { screenTargetsRef } from '../../core-modules/screens/screens.api.js';
import { settingsServiceRef } from '../../core-modules/settings/settings.api.js';
import { takeoversRef } from '../../core-modules/takeovers/takeovers.api.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { AlertMonitorService } from './alert-monitor.service.js';
import type { AlertPoller } from './alert-poller.js';
import type { AlertResponses } from './alert-responses.js';
import type { AlertRulesService } from './alert-rules.service.js';
import type { AlertsRepository } from './alerts.repository.js';
import type { NwsClient } from './nws-client.js';
import type { WeatherAlertsConfig } from './emergency-alerts-config.js';

export const weatherAlertsUses = {
  takeovers: takeoversRef,
  manifestPlugins: manifestPluginsRef,
  contentKinds: contentKindsRef,
  screenTargets: screenTargetsRef,
  settingsService: settingsServiceRef,
};

export interface WeatherAlertsDeps extends KernelDeps, UsedDeps<typeof weatherAlertsUses> {
  // Own.
  weatherAlertsConfig: WeatherAlertsConfig;
  nwsClient: NwsClient;
  alertsRepository: AlertsRepository;
  alertResponses: AlertResponses;
  alertPoller: AlertPoller;
  alertRulesService: AlertRulesService;
  alertMonitorService: AlertMonitorService;
}
