import { AppError, conflict, notFound } from '../../kernel/errors.js';

export const campaignNotFound = () => notFound('campaign_not_found', 'The requested campaign was not found.');
export const releaseNotFound = () => notFound('release_not_found', 'The requested campaign release was not found.');
export const draftConflict = () => conflict('campaign_conflict', 'The campaign’s draft changed meanwhile. Reload it before saving again.');

/** 422 `campaign_invalid`: the first problem as the message, every problem in `details.problems`. */
export function campaignInvalid(problems: string[]): AppError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return new AppError('validation', 'campaign_invalid', `${problems[0]}${more}`, { problems });
}
