export const users = {
  title: 'Users',
} as const;
