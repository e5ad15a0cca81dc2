import { conflict, forbidden, notFound } from '../../kernel/errors.js';

export const submissionNotFound = () => notFound('submission_not_found', 'The requested submission was not found.');
export const publicationNotFound = () => notFound('publication_not_found', 'The requested publication was not found.');
export const draftMoved = () => conflict('editorial_conflict', 'The working draft changed meanwhile. Reload it before publishing or submitting.');
export const roleRefused = (what: string) => forbidden('insufficient_role', `Your role does not allow you to ${what}.`);
