import type { PluginDef } from '../kernel/plugin.js';
import { brandBugPlugin } from './brand-bug/brand-bug.plugin.js';
import { countdownBarPlugin } from './countdown-bar/countdown-bar.plugin.js';
import { noiseMeterPlugin } from './noise-meter/noise-meter.plugin.js';
import { weatherAlertsPlugin } from './emergency-alerts/emergency-alerts.plugin.js';

/** Installable features. Listed by hand: no glob loading. */
export const optionalPlugins: PluginDef[] = [brandBugPlugin, countdownBarPlugin, noiseMeterPlugin, weatherAlertsPlugin];
