import { AppError, conflict, invalidInput, notFound, unauthenticated } from '../../kernel/errors.js';

export const takeoverNotFound = () => notFound('takeover_not_found', 'No such takeover.');
export const takeoverEnded = () => conflict('takeover_expired', 'This takeover is no longer active.');
export const targetRequired = (message: string) => invalidInput('takeover_target_required', message, 'body/screenIds');
export const durationExceeded = (maxMinutes: number) =>
  invalidInput('takeover_duration_exceeded', `A takeover must expire in the future and within ${maxMinutes} minutes.`, 'body/expiresAt');
export const playlistNotReady = () =>
  invalidInput('takeover_playlist_not_ready', 'Choose a playlist that exists and has something a screen can play now.', 'body/playlistId');
export const reauthenticationRequired = () => unauthenticated('reauthentication_required', 'Confirm your current password to start a takeover.');
export const invalidTakeover = (message: string, field: string) => new AppError('validation', 'validation_failed', message, { fields: [{ field, message }] });
