import type { ManifestDisplayAction } from '../wire/manifest.js';

/**
 * What a browser can do of a display-control action: the stock players drive the panel itself
 * (HDMI-CEC, DDC/CI); a page can only black out, quieten and dim what it draws. Input switching is
 * beyond it. Pure: the loop keeps the settings, the stage applies them.
 */
export interface DisplaySettings {
  /** Powered off: the screen is black (a takeover or quick presentation still plays). */
  poweredOff: boolean;
  muted: boolean;
  /** 0–100: the share of each item's own volume that is heard. */
  volume: number;
  /** 0–100: 0 is black. */
  brightness: number;
}

export const NORMAL_DISPLAY: DisplaySettings = { poweredOff: false, muted: false, volume: 100, brightness: 100 };

const percent = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100;

/**
 * The settings after `action`, or undefined when the browser cannot carry it out
 * (`display_set_input`, `display_probe`, a type it does not know) or its value is not 0–100.
 */
export function afterDisplayAction(s: DisplaySettings, action: ManifestDisplayAction): DisplaySettings | undefined {
  switch (action.type) {
    case 'display_power_on':
      return { ...s, poweredOff: false };
    case 'display_power_off':
      return { ...s, poweredOff: true };
    case 'display_mute':
      return { ...s, muted: true };
    case 'display_unmute':
      return { ...s, muted: false };
    case 'display_set_volume':
      return percent(action.volume) ? { ...s, volume: action.volume } : undefined;
    case 'display_set_brightness':
      return percent(action.brightness) ? { ...s, brightness: action.brightness } : undefined;
    default:
      return undefined;
  }
}
