import {
  IconApps,
  IconCalendarTime,
  IconDeviceTv,
  IconHeartRateMonitor,
  IconKey,
  IconLayoutBoard,
  IconListDetails,
  IconMapPin,
  IconPhoto,
  IconPlug,
  IconSettings,
  IconUsers,
  IconUrgent,
  IconCloudStorm,
  IconWifi,
} from '@tabler/icons-react';
import type { Role } from '../auth/roles';

/** The console's sections, in the order the navigation shows them; `minRole` hides what a role may not open. */
export const navigation = [
  { to: '/screens', label: 'nav.screens', icon: IconDeviceTv, minRole: 'viewer' },
  { to: '/media', label: 'nav.media', icon: IconPhoto, minRole: 'viewer' },
  { to: '/widgets', label: 'nav.widgets', icon: IconApps, minRole: 'viewer' },
  { to: '/layouts', label: 'nav.layouts', icon: IconLayoutBoard, minRole: 'viewer' },
  { to: '/playlists', label: 'nav.playlists', icon: IconListDetails, minRole: 'viewer' },
  { to: '/locations', label: 'nav.locations', icon: IconMapPin, minRole: 'viewer' },
  { to: '/fleet', label: 'nav.fleet', icon: IconHeartRateMonitor, minRole: 'viewer' },
  { to: '/schedules', label: 'nav.schedules', icon: IconCalendarTime, minRole: 'viewer' },
  { to: '/takeovers', label: 'nav.takeovers', icon: IconUrgent, minRole: 'viewer' },
  { to: '/weather-alerts', label: 'nav.weather', icon: IconCloudStorm, minRole: 'viewer' },
  { to: '/users', label: 'nav.users', icon: IconUsers, minRole: 'administrator' },
  { to: '/tokens', label: 'nav.tokens', icon: IconKey, minRole: 'administrator' },
  { to: '/presentation-networks', label: 'nav.networks', icon: IconWifi, minRole: 'administrator' },
  { to: '/plugins', label: 'nav.plugins', icon: IconPlug, minRole: 'administrator' },
  { to: '/settings', label: 'nav.settings', icon: IconSettings, minRole: 'administrator' },
] as const satisfies readonly { to: string; label: `nav.${string}`; icon: unknown; minRole: Role }[];
