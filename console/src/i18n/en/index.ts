import { common } from './common';
import { fleet } from './fleet';
import { locations } from './locations';
import { media } from './media';
import { playlists } from './playlists';
import { plugins } from './plugins';
import { screens } from './screens';
import { security } from './security';
import { settings } from './settings';
import { tokens } from './tokens';
import { users } from './users';
import { widgets } from './widgets';
import { layouts } from './layouts';
import { takeovers } from './takeovers';
import { weather } from './weather';
import { networks } from './networks';
import { dataSources } from './dataSources';
import { reports } from './reports';
import { groups } from './groups';
import { policies } from './policies';
import { forms } from './forms';
import { schedules } from './schedules';
import { editorial } from './editorial';
import { campaigns } from './campaigns';
import { system } from './system';
import { playerUpdates } from './playerUpdates';

export const en = {
  common,
  screens,
  media,
  playlists,
  locations,
  users,
  security,
  tokens,
  settings,
  plugins,
  fleet,
  widgets,
  layouts,
  takeovers,
  weather,
  networks,
  dataSources,
  reports,
  groups,
  policies,
  forms,
  schedules,
  editorial,
  campaigns,
  system,
  playerUpdates,
} as const;
