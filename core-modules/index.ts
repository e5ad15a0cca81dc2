import { installersModule } from '../installers/installers.plugin.js';
import type { PluginDef } from '../kernel/plugin.js';
import { activityModule } from './activity/activity.plugin.js';
import { authModule } from './auth/auth.plugin.js';
import { backupsModule } from './backups/backups.plugin.js';
import { campaignsModule } from './campaigns/campaigns.plugin.js';
import { consoleEventsModule } from './console-events/console-events.plugin.js';
import { demoModule } from './demo/demo.plugin.js';
import { dataSourcesModule } from './data-sources/data-sources.plugin.js';
import { dependencyGraphModule } from './dependency-graph/dependency-graph.plugin.js';
import { editorialModule } from './editorial/editorial.plugin.js';
import { layoutsModule } from './layouts/layouts.plugin.js';
import { formsModule } from './forms/forms.plugin.js';
import { fleetHealthModule } from './fleet-health/fleet-health.plugin.js';
import { loginBackgroundModule } from './login-background/login-background.plugin.js';
import { mediaModule } from './media/media.plugin.js';
import { notificationsModule } from './notifications/notifications.plugin.js';
import { pluginCatalogModule } from './plugin-catalog/plugin-catalog.plugin.js';
import { playerModule } from './player/player.plugin.js';
import { playerReleasesModule } from './player-releases/player-releases.plugin.js';
import { playlistsModule } from './playlists/playlists.plugin.js';
import { presentationNetworksModule } from './presentation-networks/presentation-networks.plugin.js';
import { presentationOverridesModule } from './presentation-overrides/presentation-overrides.plugin.js';
import { previewsModule } from './previews/previews.plugin.js';
import { policiesModule } from './policies/policies.plugin.js';
import { schedulesModule } from './schedules/schedules.plugin.js';
import { screenGroupsModule } from './screen-groups/screen-groups.plugin.js';
import { screensModule } from './screens/screens.plugin.js';
import { settingsModule } from './settings/settings.plugin.js';
import { systemModule } from './system/system.plugin.js';
import { takeoversModule } from './takeovers/takeovers.plugin.js';
import { updateDeploymentsModule } from './update-deployments/update-deployments.plugin.js';
import { widgetsModule } from './widgets/widgets.plugin.js';

/**
 * Features every installation has, each a plugin in form. Listed by hand: no glob loading. The
 * installers module keeps its top-level folder (installers/) but is listed here: every installation has it.
 */
export const coreModules: PluginDef[] = [
  settingsModule,
  notificationsModule,
  authModule,
  consoleEventsModule,
  dependencyGraphModule,
  editorialModule,
  mediaModule,
  loginBackgroundModule,
  screensModule,
  playlistsModule,
  playerModule,
  screenGroupsModule,
  schedulesModule,
  takeoversModule,
  presentationOverridesModule,
  policiesModule,
  dataSourcesModule,
  widgetsModule,
  layoutsModule,
  campaignsModule,
  formsModule,
  activityModule,
  previewsModule,
  fleetHealthModule,
  presentationNetworksModule,
  pluginCatalogModule,
  systemModule,
  playerReleasesModule,
  updateDeploymentsModule,
  installersModule,
  demoModule,
  backupsModule,
];
