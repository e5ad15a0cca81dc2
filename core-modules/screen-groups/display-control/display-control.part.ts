import { asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { DisplayControlDeps } from './display-control-deps.js';
import { displayControlRoutes } from './display-control.routes.js';
import { DisplayControlService } from './display-control.service.js';

/** Display commands (power, mute) to every member of a group that can take them, after a preview. */
export const displayControlPart: ModulePart<DisplayControlDeps> = (r) => {
  r.provide({ displayControlService: asFunction((d: DisplayControlDeps) => new DisplayControlService(d)).singleton() });
  r.routes(displayControlRoutes);
};
