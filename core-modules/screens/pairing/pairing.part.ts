import { asClass, asFunction } from 'awilix';
import { retentionJob } from '../../../kernel/jobs/retention-job.js';
import type { ModulePart } from '../../../kernel/plugin.js';
import { EnrollmentService } from './enrollment.service.js';
import { PairingApprovalService } from './pairing-approval.service.js';
import { PairingSessionsRepository } from './pairing-sessions.repository.js';
import { pairingRoutes } from './pairing.routes.js';
import { PairingService } from './pairing.service.js';
import type { PairingDeps } from './pairing-deps.js';

/** Long enough to tell a player "expired" or "rejected" and to look a request up afterwards. */
const PAIRING_KEEP_DAYS = 1;

/** A player asks to pair, an administrator approves it into a screen, the player enrolls for its credential. */
export const pairingPart: ModulePart<PairingDeps> = (r) => {
  r.provide({
    pairingSessionsRepository: asClass(PairingSessionsRepository).singleton(),
    pairingService: asFunction((d: PairingDeps) => new PairingService(d)).singleton(),
    pairingApprovalService: asFunction((d: PairingDeps) => new PairingApprovalService(d)).singleton(),
    enrollmentService: asFunction((d: PairingDeps) => new EnrollmentService(d)).singleton(),
  });
  r.routes(pairingRoutes);
  r.jobs([
    retentionJob<PairingDeps>({
      name: 'screens.purge-pairing-sessions',
      cron: '17 * * * *',
      what: 'expired pairing sessions',
      purge: ({ pairingSessionsRepository }) => pairingSessionsRepository.purgeExpired(PAIRING_KEEP_DAYS),
    }),
  ]);
};
