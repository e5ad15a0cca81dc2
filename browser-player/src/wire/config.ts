/**
 * `GET /api/v1/player/config` (`data`): the sections and fields the browser player reads. The server
 * sends more (Android kiosk, accessibility, power, cache sizes); a player ignores what it does not
 * know, so only what is read here is typed.
 */
export interface PlayerConfig {
  schemaVersion: number;
  /** Rises on every change; a `config.changed` message names the new one. */
  configRevision: number;
  generatedAt: string;
  branding: {
    organizationName: string;
    /** A library image id, or "" for none. */
    logoAssetId: string;
    /** `#rrggbb`. */
    backgroundColor: string;
    textColor: string;
    noContentTitle: string;
    noContentMessage: string;
    disabledTitle: string;
    disabledMessage: string;
    footerText: string;
  };
  playback: {
    /** 0–1, for items that use the player defaults. */
    defaultVolume: number;
    defaultFitMode: string;
    defaultImageDurationSeconds: number;
    defaultTransition: string;
    defaultAudioEnabled: boolean;
    resumeAfterRestart: boolean;
    /** `identify_screen` shows `screenLocation` beside the name when set. */
    identifyShowsLocation: boolean;
    /** "location · room · number", the parts that are set, or "". */
    screenLocation: string;
  };
  sync: {
    /** How often the manifest is checked even without `manifest.changed`. */
    manifestReconciliationSeconds: number;
    /** The heartbeat interval. */
    statusReportSeconds: number;
  };
  website: {
    timeoutSeconds: number;
    defaultTimeoutSeconds: number;
    defaultReloadPolicy: string;
    minimumRefreshSeconds: number;
    defaultFailureBehavior: string;
    defaultZoomPercent: number;
    /** An image shown when a website fails, or "". */
    defaultFallbackImageId: string;
  };
  power: {
    activeHoursEnabled: boolean;
    activeHoursTimezone: string;
    /** ISO weekdays, 1 = Monday. */
    activeHoursDays: number[];
    /** `HH:MM`. */
    activeHoursStart: string;
    activeHoursEnd: string;
    keepScreenOn: boolean;
    outsideActiveHoursDisplay: string;
    outsideActiveHoursText: string;
  };
  linuxKiosk: {
    fullscreenEnabled: boolean;
    preventDisplaySleep: boolean;
  };
  /** Absent from servers before it existed: upright then. */
  display?: {
    /** Degrees clockwise the picture is turned (a screen mounted in portrait). */
    rotation: 0 | 90 | 180 | 270;
  };
}
