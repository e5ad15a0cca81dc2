import type { NameAndRegistrationPair } from 'awilix';
import type { CommandDef, Hook, JobDef, RouteDef } from '../../kernel/plugin.js';

/**
 * One area of the media module (uploads, processing, library). Each keeps its own services, routes
 * and jobs; media.plugin.ts registers them all in the one `media` plugin.
 */
export interface MediaPart<D> {
  provide: NameAndRegistrationPair<any>;
  routes: RouteDef<D, any, any, any>[];
  jobs: JobDef<D, any>[];
  commands?: CommandDef<D>[];
  /** I/O at boot (setting definitions, registrations with other parts); runs in the plugin's start hook. */
  onStart?: Hook<D>;
}
