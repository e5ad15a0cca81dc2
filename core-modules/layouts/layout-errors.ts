import { AppError, conflict, notFound } from '../../kernel/errors.js';
import type { LayoutProblem } from './layout-rules.js';

export const layoutNotFound = () => notFound('layout_not_found', 'The layout was not found.');
export const revisionConflict = () => conflict('layout_revision_conflict', 'The layout’s draft changed meanwhile. Reload it before saving again.');

/** 422 `layout_validation_failed`: the first problem as the message; every problem, and the placements at fault, in `details`. */
export function layoutInvalid(problems: LayoutProblem[]): AppError {
  const placementIds = [...new Set(problems.flatMap((p) => (p.placementId ? [p.placementId] : [])))];
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return new AppError('validation', 'layout_validation_failed', `${first.message}${more}`, { placementIds, problems });
}
