import type { PreferencesBaseDeps } from './preferences-base-deps.js';
import type { PreferencesService } from './preferences.service.js';

export interface PreferencesDeps extends PreferencesBaseDeps {
  preferencesService: PreferencesService;
}
