export const security = {
  title: 'My security',
} as const;
