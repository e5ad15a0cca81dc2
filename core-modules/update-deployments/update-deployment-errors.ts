import { conflict, forbidden, invalidInput, notFound } from '../../kernel/errors.js';

export const deploymentNotFound = () => notFound('update_deployment_not_found', 'No such update deployment.');
export const deploymentInvalid = (message: string, field: string) => invalidInput('update_deployment_invalid', message, field);
export const releaseNotVerified = () =>
  invalidInput('player_release_not_verified', 'Only a release that is verified and cached on this server can be deployed.', 'body/releaseId');
export const targetRequired = (message: string) => invalidInput('update_target_required', message, 'body/screenIds');
export const deploymentFinished = () => conflict('update_deployment_completed', 'This deployment is no longer running.');
export const retryNotAllowed = () => conflict('update_retry_not_allowed', 'Only a screen whose update failed can be retried.');
export const statusInvalid = (message: string, field: string) => invalidInput('update_status_invalid', message, field);
export const targetClosed = () => conflict('update_deployment_cancelled', 'This screen’s update was cancelled or has already finished.');
export const updateNotFound = () => notFound('player_update_not_found', 'This update is not available to this screen.');
export const notTargeted = () => forbidden('player_update_not_targeted', 'This screen is not in a running deployment of this release.');
