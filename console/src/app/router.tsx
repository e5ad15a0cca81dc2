import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from '../auth/RequireSession';
import { NotFoundPage } from '../common/NotFoundPage';
import { RouteError } from '../common/RouteError';
import { ScreensPage } from '../screens/ScreensPage';
import { Shell } from './Shell';

// Each page is its own chunk, but for the screens page, where a signed-in person lands.
export const router = createBrowserRouter([
  { path: '/setup', lazy: () => import('../auth/SetupPage').then((m) => ({ Component: m.SetupPage })), errorElement: <RouteError /> },
  { path: '/sign-in', lazy: () => import('../auth/SignInPage').then((m) => ({ Component: m.SignInPage })), errorElement: <RouteError /> },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <Navigate to="/screens" replace /> },
          // The landing page comes with the app's first file: one round trip less on a slow network.
          { path: 'screens', Component: ScreensPage },
          { path: 'screens/:id', lazy: () => import('../screens/ScreenPage').then((m) => ({ Component: m.ScreenPage })) },
          { path: 'groups', lazy: () => import('../groups/GroupsPage').then((m) => ({ Component: m.GroupsPage })) },
          { path: 'groups/:id', lazy: () => import('../groups/GroupPage').then((m) => ({ Component: m.GroupPage })) },
          { path: 'locations', lazy: () => import('../locations/LocationsPage').then((m) => ({ Component: m.LocationsPage })) },
          { path: 'media', lazy: () => import('../media/MediaPage').then((m) => ({ Component: m.MediaPage })) },
          { path: 'widgets', lazy: () => import('../widgets/WidgetsPage').then((m) => ({ Component: m.WidgetsPage })) },
          { path: 'widgets/new/:type', lazy: () => import('../widgets/WidgetEditorPage').then((m) => ({ Component: m.WidgetEditorPage })) },
          { path: 'widgets/:id', lazy: () => import('../widgets/WidgetEditorPage').then((m) => ({ Component: m.WidgetEditorPage })) },
          { path: 'layouts', lazy: () => import('../layouts/LayoutsPage').then((m) => ({ Component: m.LayoutsPage })) },
          { path: 'layouts/:id', lazy: () => import('../layouts/LayoutEditorPage').then((m) => ({ Component: m.LayoutEditorPage })) },
          { path: 'playlists', lazy: () => import('../playlists/PlaylistsPage').then((m) => ({ Component: m.PlaylistsPage })) },
          { path: 'campaigns', lazy: () => import('../campaigns/CampaignsPage').then((m) => ({ Component: m.CampaignsPage })) },
          { path: 'campaigns/:id', lazy: () => import('../campaigns/CampaignPage').then((m) => ({ Component: m.CampaignPage })) },
          { path: 'playlists/:id', lazy: () => import('../playlists/PlaylistPage').then((m) => ({ Component: m.PlaylistPage })) },
          { path: 'data-sources', lazy: () => import('../data-sources/DataSourcesPage').then((m) => ({ Component: m.DataSourcesPage })) },
          { path: 'data-sources/new', lazy: () => import('../data-sources/NewDataSourcePage').then((m) => ({ Component: m.NewDataSourcePage })) },
          { path: 'data-sources/:id', lazy: () => import('../data-sources/DataSourcePage').then((m) => ({ Component: m.DataSourcePage })) },
          { path: 'fleet', lazy: () => import('../fleet/FleetHealthPage').then((m) => ({ Component: m.FleetHealthPage })) },
          { path: 'reports', lazy: () => import('../reports/ReportsPage').then((m) => ({ Component: m.ReportsPage })) },
          { path: 'schedules', lazy: () => import('../schedules/SchedulesPage').then((m) => ({ Component: m.SchedulesPage })) },
          { path: 'takeovers', lazy: () => import('../takeovers/TakeoversPage').then((m) => ({ Component: m.TakeoversPage })) },
          { path: 'takeovers/:id', lazy: () => import('../takeovers/TakeoverPage').then((m) => ({ Component: m.TakeoverPage })) },
          { path: 'weather-alerts', lazy: () => import('../weather/WeatherAlertsPage').then((m) => ({ Component: m.WeatherAlertsPage })) },
          { path: 'presentation-networks', lazy: () => import('../networks/NetworksPage').then((m) => ({ Component: m.NetworksPage })) },
          { path: 'presentation-networks/:id', lazy: () => import('../networks/NetworkPage').then((m) => ({ Component: m.NetworkPage })) },
          { path: 'forms', lazy: () => import('../forms/FormsPage').then((m) => ({ Component: m.FormsPage })) },
          { path: 'forms/:id', lazy: () => import('../forms/FormPage').then((m) => ({ Component: m.FormPage })) },
          { path: 'review', lazy: () => import('../editorial/ReviewInboxPage').then((m) => ({ Component: m.ReviewInboxPage })) },
          { path: 'approvals', lazy: () => import('../forms/ApprovalsPage').then((m) => ({ Component: m.ApprovalsPage })) },
          { path: 'users', lazy: () => import('../users/UsersPage').then((m) => ({ Component: m.UsersPage })) },
          { path: 'tokens', lazy: () => import('../tokens/TokensPage').then((m) => ({ Component: m.TokensPage })) },
          { path: 'plugins', lazy: () => import('../plugins/PluginsPage').then((m) => ({ Component: m.PluginsPage })) },
          { path: 'settings', lazy: () => import('../settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })) },
          { path: 'player-updates', lazy: () => import('../player-updates/PlayerUpdatesPage').then((m) => ({ Component: m.PlayerUpdatesPage })) },
          {
            path: 'player-updates/deployments/:id',
            lazy: () => import('../player-updates/DeploymentPage').then((m) => ({ Component: m.DeploymentPage })),
          },
          { path: 'system', lazy: () => import('../system/SystemPage').then((m) => ({ Component: m.SystemPage })) },
          { path: 'security', lazy: () => import('../security/SecurityPage').then((m) => ({ Component: m.SecurityPage })) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
