export const policies = {
  title: 'Player policy',
  intro: {
    group: 'Settings this group’s screens follow, over the organization’s. A screen’s own policy wins over the group’s.',
    screen: 'What this screen follows for each setting, and where it comes from: its own policy, then its group’s, then the organization’s.',
  },
  needsAdmin: 'Administrators see and change every level here.',
  setting: 'Setting',
  effective: 'Follows',
  inherits: 'Inherits',
  on: 'On',
  off: 'Off',
  levels: { organization: 'Organization', group: 'Group', groupNamed: 'Group “{{name}}”', screen: 'This screen' },
  sources: { organization: 'Organization', built_in: 'Built-in default', screen: 'This screen', group: 'Group' },
  edit: {
    label: 'Change {{setting}} for {{level}}',
    title: '{{setting}}: {{level}}',
    done: '{{setting}} was saved.',
  },
  reset: {
    label: 'Reset {{setting}} for {{level}} to inherited',
    done: '{{setting}} for {{level}} follows what it inherits again.',
  },
  clear: {
    label: 'Remove the policy of {{level}}',
    done: 'The policy of {{level}} was removed.',
  },
} as const;
