export const settings = {
  title: 'Organization',
} as const;
