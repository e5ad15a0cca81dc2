import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../api/types';

type Deployment = DataOf<'/api/v1/update-deployments/{id}', 'get'>;
export type DeploymentStatus = Deployment['status'];
export type TargetState = Deployment['screens'][number]['state'];

const STATUS_COLOR: Record<DeploymentStatus, string> = { pending: 'gray', active: 'blue', paused: 'orange', cancelled: 'gray', completed: 'green' };
const STATE_COLOR: Record<TargetState, string> = {
  held: 'gray',
  pending: 'blue',
  offline: 'yellow',
  downloading: 'blue',
  downloaded: 'blue',
  verifying: 'blue',
  ready: 'teal',
  waiting_for_permission: 'orange',
  waiting_for_user: 'orange',
  installing: 'blue',
  reconnecting: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
  incompatible: 'gray',
  already_current: 'green',
};

/** A deployment's status in words (the colour only repeats it). */
export function DeploymentStatusBadge({ status }: { status: DeploymentStatus }) {
  const { t } = useTranslation('playerUpdates');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm">
      {t(`deployments.statuses.${status}`)}
    </Badge>
  );
}

/** One screen's part in a deployment, in words. */
export function TargetStateBadge({ state }: { state: TargetState }) {
  const { t } = useTranslation('playerUpdates');
  return (
    <Badge color={STATE_COLOR[state]} variant="light" radius="sm">
      {t(`detail.states.${state}`)}
    </Badge>
  );
}
