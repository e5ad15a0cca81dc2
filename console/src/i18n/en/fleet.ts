export const fleet = {
  title: 'Fleet health',
  byStatus: 'Screens by status',
  total: 'All screens',
  problems: 'Screens that need attention',
  problemsEmpty: 'Every screen is in touch. Nothing needs attention.',
  name: 'Screen',
  status: 'Status',
  location: 'Location',
  lastContact: 'Last contact',
  showAll: 'Show all {{count}} {{status}} screens',
  last24h: 'Last 24 hours',
  cards: {
    screensWithReportingGaps: 'Screens with reporting gaps',
    playbackFailures: 'Playback failures',
    interruptedPlays: 'Interrupted plays',
    failedPlayerUpdates: 'Failed player updates',
  },
} as const;
