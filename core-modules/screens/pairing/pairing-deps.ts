import type { ScreensServiceDeps } from '../screens-service-deps.js';
import type { EnrollmentService } from './enrollment.service.js';
import type { PairingApprovalService } from './pairing-approval.service.js';
import type { PairingService } from './pairing.service.js';

export interface PairingDeps extends ScreensServiceDeps {
  pairingService: PairingService;
  pairingApprovalService: PairingApprovalService;
  enrollmentService: EnrollmentService;
}
