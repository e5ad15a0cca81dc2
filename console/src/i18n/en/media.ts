export const media = {
  title: 'Media',
} as const;
