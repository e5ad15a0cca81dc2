import type { PoliciesBaseDeps } from './policies-base-deps.js';
import type { PoliciesService } from './policies.service.js';

export interface PoliciesDeps extends PoliciesBaseDeps {
  policiesService: PoliciesService;
}
