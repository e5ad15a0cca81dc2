import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { PreferencesDeps } from './preferences-deps.js';
import { PreferencesRepository } from './preferences.repository.js';
import { preferencesRoutes } from './preferences.routes.js';
import { PreferencesService } from './preferences.service.js';

/** Each user's own console preferences (language, time zone, formats, theme). */
export const preferencesPart: ModulePart<PreferencesDeps> = (r) => {
  r.provide({
    preferencesRepository: asClass(PreferencesRepository).singleton(),
    preferencesService: asFunction((d: PreferencesDeps) => new PreferencesService(d)).singleton(),
  });
  r.routes(preferencesRoutes);
};
