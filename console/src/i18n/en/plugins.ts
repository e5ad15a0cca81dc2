export const plugins = {
  title: 'Plugins',
} as const;
