export const tokens = {
  title: 'Integration tokens',
} as const;
