import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ConsoleEventDef, EventFields } from '../console-events/console-events.api.js';
import { DEPLOYMENT_STATUSES } from './update-deployment-rules.js';

const fields = {
  deploymentId: Uuid,
  status: Type.Union(DEPLOYMENT_STATUSES.map((s) => Type.Literal(s))),
};

/** A deployment or one of its screens moved: players report, heartbeats settle, canaries pause or promote it. */
export const deploymentChanged: ConsoleEventDef<typeof fields> = {
  type: 'update_deployment.changed',
  module: 'update-deployments',
  fields,
  description:
    'An update deployment or one of its screens changed (a player reported, an update settled, the rollout paused, moved past its canary, ' +
    'completed or was cancelled): refetch GET /api/v1/update-deployments (and the deployment shown).',
};

declare module '../console-events/console-events.api.js' {
  interface ConsoleEventFields {
    'update_deployment.changed': EventFields<typeof fields>;
  }
}
