import type { PluginDef } from '../kernel/plugin.js';

/** Features every installation has, each a plugin in form. Listed by hand: no glob loading. */
export const coreModules: PluginDef[] = [];
