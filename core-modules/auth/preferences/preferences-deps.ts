import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { PreferencesRepository } from './preferences.repository.js';
import type { PreferencesService } from './preferences.service.js';

export interface PreferencesDeps extends AuthBaseDeps {
  preferencesRepository: PreferencesRepository;
  preferencesService: PreferencesService;
}
