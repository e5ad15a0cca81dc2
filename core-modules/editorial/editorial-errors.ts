import { AppError, conflict, forbidden, notFound } from '../../kernel/errors.js';

export const submissionNotFound = () => notFound('submission_not_found', 'The requested submission was not found.');
export const publicationNotFound = () => notFound('publication_not_found', 'The requested publication was not found.');
export const draftMoved = () => conflict('editorial_conflict', 'The working draft changed meanwhile. Reload it before publishing or submitting.');
export const roleRefused = (what: string) => forbidden('insufficient_role', `Your role does not allow you to ${what}.`);
/** 422 `editorial_validation_failed`, the reference's code for a review request it cannot take (a missing note, a past time, self-approval). */
export const editorialInvalid = (message: string) => new AppError('validation', 'editorial_validation_failed', message);
