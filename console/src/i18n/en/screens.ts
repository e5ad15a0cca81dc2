export const screens = {
  title: 'Screens',
} as const;
