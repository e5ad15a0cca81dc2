export const locations = {
  title: 'Locations',
} as const;
