/**
 * The commands the screen page offers (a subset of the server's allowlist that needs no setup of
 * its own), with the payload each is sent with and whether it interrupts what plays (asked first).
 */
export const OFFERED_COMMANDS = [
  { type: 'sync_now', disruptive: false },
  { type: 'identify_screen', disruptive: false, payload: { durationSeconds: 30 } },
  { type: 'reload_playback', disruptive: true },
  { type: 'restart_player_process', disruptive: true },
  { type: 'clear_media_cache', disruptive: true },
  { type: 'display_power_on', disruptive: false },
  { type: 'display_power_off', disruptive: true },
] as const;

export type OfferedCommand = (typeof OFFERED_COMMANDS)[number];
export type OfferedCommandType = OfferedCommand['type'];

export const isOffered = (type: string): type is OfferedCommandType => OFFERED_COMMANDS.some((c) => c.type === type);

/** States in which the player has not finished a command, so it may still be cancelled. */
export const OPEN_STATES = new Set(['pending', 'delivered', 'acknowledged']);
