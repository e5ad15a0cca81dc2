import { AppError, notFound } from '../../../kernel/errors.js';

export const assetNotFound = () => notFound('not_found', 'No such asset.');

/** 404 naming every id that is not a visible asset, so a client can tell which ones to drop. */
export function missingAssets(requested: string[], found: { id: string }[]): AppError | undefined {
  const present = new Set(found.map((r) => r.id));
  const missing = requested.filter((id) => !present.has(id));
  return missing.length
    ? new AppError('not_found', 'not_found', `${missing.length} of the assets do not exist.`, { resource: 'asset', ids: missing })
    : undefined;
}

/** 404 for a folder, collection or tag; `ids` names the unknown ones of a bulk request. */
export const organizerNotFound = (kind: 'folder' | 'collection' | 'tag', ids?: string[]) =>
  new AppError('not_found', 'not_found', ids && ids.length > 1 ? `${ids.length} of the ${kind}s do not exist.` : `No such ${kind}.`, {
    resource: kind,
    ...(ids ? { ids } : {}),
  });
