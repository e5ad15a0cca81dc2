import type { SettingDefinition } from '../settings/settings.api.js';
import { CONFIRMATION_KEY, DEFAULT_DURATION_KEY, MAX_DURATION_KEY, REAUTHENTICATION_KEY } from './takeovers.service.js';

/** The reference's `takeover.*` settings, with its keys (its console reads them by name). */
export const takeoverSettings: SettingDefinition[] = [
  {
    key: DEFAULT_DURATION_KEY,
    category: 'takeover',
    type: 'integer',
    title: 'Default takeover duration',
    description: 'Minutes a takeover lasts unless its expiry is chosen.',
    default: 60,
    min: 1,
    max: 1440,
  },
  {
    key: MAX_DURATION_KEY,
    category: 'takeover',
    type: 'integer',
    title: 'Maximum takeover duration',
    description: 'The latest a new takeover may expire, in minutes from its start (up to a week).',
    default: 1440,
    min: 1,
    max: 10080,
  },
  {
    key: CONFIRMATION_KEY,
    category: 'takeover',
    type: 'boolean',
    title: 'Require takeover confirmation',
    description: 'The console asks for a confirmation before it starts a takeover.',
    default: true,
  },
  {
    key: REAUTHENTICATION_KEY,
    category: 'takeover',
    type: 'boolean',
    title: 'Require password confirmation',
    description: 'Starting a takeover from the console needs the user’s current password.',
    default: false,
  },
];
