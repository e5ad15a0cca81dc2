export const fleet = {
  title: 'Fleet health',
} as const;
