import { AppError, badGateway, conflict, invalidInput, notFound, unavailable } from '../../kernel/errors.js';

export const releaseNotFound = () => notFound('player_release_not_found', 'No such player release.');
export const manifestKeyMissing = () =>
  unavailable('update_manifest_key_missing', 'Player releases cannot be verified: set UPDATE_MANIFEST_PUBLIC_KEY to the update-signing public key.');
export const releaseCheckFailed = (message: string) => badGateway('codehost_release_check_failed', message);
export const notImportable = () => conflict('player_release_not_importable', 'This release is not a codehost release waiting to be downloaded.');
export const releaseBusy = () => conflict('player_release_busy', 'This release is downloading. Wait for the download to end before removing it.');
export const releaseInUse = () => conflict('player_release_in_use', 'An update deployment still needs this release. Cancel or finish it first.');
export const artifactMissing = () => notFound('player_release_not_cached', 'The release’s file is no longer held by this server.');

export const uploadInvalid = (message: string) => new AppError('bad_request', 'player_release_upload_invalid', message);
export const fileInvalid = (message: string) => invalidInput('player_release_file_invalid', message, 'body/files');
export const fileMissing = (name: string) => invalidInput('player_release_file_missing', `Missing required release file: ${name}.`, 'body/files');
export const fileTooLarge = (limit: number) =>
  new AppError('payload_too_large', 'player_release_file_too_large', `A release file exceeds its size limit (the artifact may have ${limit} bytes).`);
export const verificationFailed = (message: string) => invalidInput('player_release_verification_failed', message, 'body/files');
export const versionExists = () =>
  invalidInput('player_release_version_exists', 'This platform’s version code is already held with different release data.', 'body/files');
export const notNewer = () =>
  invalidInput('player_release_not_newer', 'The version code must be newer than every release of this platform held here.', 'body/files');

export const signInUnavailable = () =>
  unavailable('codehost_sign_in_unavailable', 'Codehost sign-in is unavailable: set CODEHOST_CLIENT_ID to a device-flow OAuth app’s client id.');
export const signInFailed = (message: string) => badGateway('codehost_sign_in_failed', message);
export const signInFlowInvalid = () => invalidInput('codehost_sign_in_flow_invalid', 'No such codehost sign-in.', 'body/flowId');
export const signInExpired = () => new AppError('gone', 'codehost_sign_in_expired', 'This codehost sign-in expired; start again.');
export const authEnvironmentManaged = () =>
  conflict('codehost_auth_environment_managed', 'The codehost token comes from the environment (CODEHOST_TOKEN) and cannot be disconnected here.');
