import { dataSourceLibraryRef } from '../../core-modules/data-sources/data-sources.api.js';
import { contentKindsRef, manifestPluginsRef } from '../../core-modules/player/player.api.js';
import { playlistLibraryRef } from '../../core-modules/playlists/playlists.api.js';
import { widgetDefinitionsRef, widgetLibraryRef } from '../../core-modules/widgets/widgets.api.js';
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
import type { BuiltinPresentations } from './builtin-presentations.js';
import type { NwsClient } from './nws-client.js';
import type { WeatherAlertsConfig } from './emergency-alerts-config.js';

export const weatherAlertsUses = {
  takeovers: takeoversRef,
  manifestPlugins: manifestPluginsRef,
  contentKinds: contentKindsRef,
  screenTargets: screenTargetsRef,
  settingsService: settingsServiceRef,
  dataSourceLibrary: dataSourceLibraryRef,
  widgetLibrary: widgetLibraryRef,
  widgetDefinitions: widgetDefinitionsRef,
  playlistLibrary: playlistLibraryRef,
};

export interface WeatherAlertsDeps extends KernelDeps, UsedDeps<typeof weatherAlertsUses> {
  // Own.
  weatherAlertsConfig: WeatherAlertsConfig;
  nwsClient: NwsClient;
  alertsRepository: AlertsRepository;
  alertResponses: AlertResponses;
  builtinPresentations: BuiltinPresentations;
  alertPoller: AlertPoller;
  alertRulesService: AlertRulesService;
  alertMonitorService: AlertMonitorService;
}
