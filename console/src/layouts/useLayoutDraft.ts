import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorCode, isApiError } from '../api/errors';
import { notifyFailed } from '../common/notify';
import type { Layout, LayoutDocument, Problem } from './types';

/**
 * The draft being edited and its round trips: save (409 when someone else saved since), publish (422
 * with the placements at fault) and restore a revision. `layout` is the server's copy it started from.
 */
export function useLayoutDraft(layout: Layout) {
  const client = useQueryClient();
  const [document, setDocument] = useState(layout.draft);
  const [saved, setSaved] = useState({ revision: layout.draftRevision, json: JSON.stringify(layout.draft) });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | 'restore'>();
  const dirty = JSON.stringify(document) !== saved.json;
  const key = ['get', '/api/v1/layouts/{id}', { params: { path: { id: layout.id } } }];

  /** The server's copy is the saved one; the draft takes it unless edited meanwhile (`sent`: what was sent). */
  const settle = async (fresh: Layout, sent?: LayoutDocument) => {
    client.setQueryData(key, { data: fresh });
    setSaved({ revision: fresh.draftRevision, json: JSON.stringify(fresh.draft) });
    // The server writes the document in its own words (key order, defaults): a draft not edited
    // since it was sent takes them (compared by content: an edit may put back an equal copy).
    if (sent) {
      const sentJson = JSON.stringify(sent);
      setDocument((current) => (current === sent || JSON.stringify(current) === sentJson ? fresh.draft : current));
    }
    await client.invalidateQueries({ queryKey: ['get', '/api/v1/layouts'] });
  };
  const refused = (error: unknown) => {
    if (errorCode(error) === 'layout_revision_conflict') setConflict(true);
    else if (errorCode(error) === 'layout_validation_failed' && isApiError(error))
      setProblems((error.error.details as { problems?: Problem[] } | undefined)?.problems ?? [{ message: error.error.message }]);
    else notifyFailed(error);
  };

  /** Saves the draft when it changed; the draft revision now current, or undefined when refused. */
  const save = async (): Promise<number | undefined> => {
    if (!dirty) return saved.revision;
    const { data, error } = await api.PUT('/api/v1/layouts/{id}/draft', {
      params: { path: { id: layout.id } },
      body: { expectedDraftRevision: saved.revision, document },
    });
    if (error !== undefined || !data) return void refused(error);
    await settle(data.data, document);
    return data.data.draftRevision;
  };
  const run = async <T>(what: 'save' | 'publish' | 'restore', work: () => Promise<T>) => {
    setBusy(what);
    try {
      return await work();
    } finally {
      setBusy(undefined);
    }
  };

  return {
    document,
    setDocument,
    dirty,
    problems,
    conflict,
    busy,
    save: () => run('save', save),
    publish: () =>
      run('publish', async () => {
        setProblems([]);
        const revision = await save();
        if (revision === undefined) return undefined;
        const { data, error } = await api.POST('/api/v1/layouts/{id}/publish', {
          params: { path: { id: layout.id } },
          body: { expectedDraftRevision: revision },
        });
        if (error !== undefined || !data) return void refused(error);
        await client.invalidateQueries({ queryKey: key });
        await client.invalidateQueries({ queryKey: ['get', '/api/v1/layouts/{id}/revisions'] });
        return data.data;
      }),
    restore: (revisionId: string) =>
      run('restore', async () => {
        const { data, error } = await api.POST('/api/v1/layouts/{id}/revisions/{revisionId}/restore', {
          params: { path: { id: layout.id, revisionId } },
          body: { expectedDraftRevision: saved.revision },
        });
        if (error !== undefined || !data) return void refused(error);
        setDocument(data.data.draft);
        setProblems([]);
        await settle(data.data);
        return data.data;
      }),
  };
}

export type LayoutDraft = ReturnType<typeof useLayoutDraft>;
export type { LayoutDocument };
