/**
 * One instance of each optional plugin, with the reference's field names, as the conformance tests
 * create them (and skip while the plugin is not offered).
 */
export interface PluginCase {
  /** The catalog path segment, `/api/v1/plugins/<path>/instances`. */
  path: string;
  type: string;
  body: Record<string, unknown>;
}

export const PLUGIN_CASES: PluginCase[] = [
  {
    path: 'countdown-bar',
    type: 'countdown_bar',
    body: {
      name: 'Lunch',
      message: 'Lunch starts in',
      scheduleType: 'weekly',
      targetTime: '12:30',
      daysOfWeek: [1, 2, 3, 4, 5],
      timezone: 'Europe/Berlin',
      leadTimeSeconds: 900,
      completionText: 'Enjoy your lunch',
      showConfetti: true,
      displayMode: 'push',
      heightPx: 96,
      progressFill: 'drain',
      contentPadding: 4,
      textScale: 100,
      urgencyEnabled: true,
      startingSoonSeconds: 300,
      urgentSeconds: 60,
      pulseSeconds: 10,
      enabled: true,
      priority: 5,
      targetScope: 'all',
      targetIds: [],
    },
  },
  {
    path: 'brand-bug',
    type: 'brand_bug',
    body: {
      name: 'School crest',
      corner: 'top_right',
      imageAssetId: null,
      text: 'Gymnasium Nord',
      widthPercent: 12,
      textSizePercent: 3,
      opacityPercent: 80,
      marginPercent: 3,
      textColor: '#FFFFFF',
      backgroundStyle: 'scrim',
      startsAt: null,
      endsAt: null,
      enabled: true,
      priority: 0,
      targetScope: 'all',
      targetIds: [],
    },
  },
  {
    path: 'noise-meter',
    type: 'noise_meter',
    body: {
      name: 'Library',
      message: 'Quiet please',
      warningLevel: 55,
      loudLevel: 75,
      sensitivity: 120,
      triggerHoldMs: 1500,
      clearHoldMs: 4000,
      displayMode: 'overlay',
      heightPx: 96,
      historyEnabled: true,
      historyRetentionDays: 7,
      historyActiveHoursOnly: true,
      scheduleEnabled: true,
      scheduleDaysOfWeek: [1, 2, 3, 4, 5],
      scheduleStartTime: '08:00',
      scheduleEndTime: '16:00',
      scheduleTimezone: 'Europe/Berlin',
      enabled: true,
      targetScope: 'all',
      targetIds: [],
    },
  },
];
