import type { PluginDef } from '../kernel/plugin.js';

/** Installable features. Listed by hand: no glob loading. */
export const optionalPlugins: PluginDef[] = [];
