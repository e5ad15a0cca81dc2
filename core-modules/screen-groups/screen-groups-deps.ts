import type { DisplayControlDeps } from './display-control/display-control-deps.js';
import type { GroupsDeps } from './groups/groups-deps.js';
import type { SpanDeps } from './span/span-deps.js';

/** The whole screen groups module's container. */
export type ScreenGroupsDeps = GroupsDeps & SpanDeps & DisplayControlDeps;
