import type { SettingDefinition } from '../settings/settings.api.js';

export const ALLOW_HTTP_KEY = 'data_sources.allow_http';
export const ALLOW_PRIVATE_KEY = 'data_sources.allow_private_addresses';
export const ALLOWED_HOSTS_KEY = 'data_sources.allowed_hosts';
export const FETCH_CONCURRENCY_KEY = 'data_sources.fetch_concurrency';

export const dataSourcesSettings: SettingDefinition[] = [
  {
    key: ALLOW_HTTP_KEY,
    category: 'data_sources',
    type: 'boolean',
    title: 'Let data sources read plain http addresses',
    description: 'Feeds are read over https by default: plain http can be altered on the way to the server, and screens would show what an attacker wrote.',
    default: false,
  },
  {
    key: ALLOW_PRIVATE_KEY,
    category: 'data_sources',
    type: 'boolean',
    title: 'Let data sources reach private addresses',
    description:
      "Feeds are fetched by the server. By default it refuses loopback, private, link-local and other internal addresses, so a data source cannot be used to probe the server's own network. Prefer listing the intranet hosts you trust in data_sources.allowed_hosts.",
    default: false,
  },
  {
    key: ALLOWED_HOSTS_KEY,
    category: 'data_sources',
    type: 'string',
    title: 'Hosts data sources may reach whatever their address',
    description:
      'Comma-separated host names (or host:port) of intranet feeds the server may read although they resolve to private addresses. Redirects elsewhere are still checked.',
    default: '',
    maxLength: 2000,
  },
  {
    key: FETCH_CONCURRENCY_KEY,
    category: 'data_sources',
    type: 'integer',
    title: 'Feeds fetched at once, per server process',
    description: 'How many due data sources one server process refreshes at the same time.',
    default: 4,
    min: 1,
    max: 32,
  },
];
