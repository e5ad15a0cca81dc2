import { notFound } from '../../kernel/errors.js';

// The reference answers for its groups with its scheduling codes; the console relies on them.
export const groupNotFound = () => notFound('schedule_not_found', 'No such screen group.');
