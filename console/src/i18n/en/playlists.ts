export const playlists = {
  title: 'Playlists',
} as const;
