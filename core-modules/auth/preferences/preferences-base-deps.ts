import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { PreferencesRepository } from './preferences.repository.js';

/** The preferences' table, below the service that keeps it. */
export interface PreferencesBaseDeps extends AuthBaseDeps {
  preferencesRepository: PreferencesRepository;
}
