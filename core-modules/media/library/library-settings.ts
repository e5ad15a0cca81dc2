import type { SettingDefinition } from '../../settings/settings.api.js';

export const ALLOW_PRIVATE_ADDRESSES_KEY = 'website.allow_private_addresses';

export const librarySettings: SettingDefinition[] = [
  {
    key: ALLOW_PRIVATE_ADDRESSES_KEY,
    category: 'website',
    type: 'boolean',
    title: 'Let website diagnostics reach private addresses',
    description:
      "Website diagnostics fetch the page from the server. By default they refuse loopback, private, link-local and other internal addresses, so the feature cannot be used to probe the server's own network. Turn this on only for intranet pages you trust.",
    default: false,
  },
];
