import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorCode, isApiError } from '../api/errors';
import { showAnswer } from '../api/showAnswer';
import { notifyFailed } from '../common/notify';
import type { PublishOutcome } from '../editorial/PublishControls';
import type { Submission } from '../editorial/types';
import type { Layout, LayoutDocument, Problem } from './types';

/**
 * The draft being edited and its round trips: save (409 when someone else saved since) and publish
 * (422 with the placements at fault). `layout` is the server's copy it started from.
 */
export function useLayoutDraft(layout: Layout) {
  const client = useQueryClient();
  const [document, setDocument] = useState(layout.draft);
  const [saved, setSaved] = useState({ revision: layout.draftRevision, json: JSON.stringify(layout.draft) });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish'>();
  const dirty = JSON.stringify(document) !== saved.json;
  const key = ['get', '/api/v1/layouts/{id}', { params: { path: { id: layout.id } } }];

  /** The server's copy is the saved one; the draft takes it unless edited meanwhile (`sent`: what was sent). */
  const settle = async (fresh: Layout, sent: LayoutDocument) => {
    await showAnswer(client, key, { data: fresh });
    setSaved({ revision: fresh.draftRevision, json: JSON.stringify(fresh.draft) });
    // The server writes the document in its own words (key order, defaults): a draft not edited
    // since it was sent takes them (compared by content: an edit may put back an equal copy).
    const sentJson = JSON.stringify(sent);
    setDocument((current) => (current === sent || JSON.stringify(current) === sentJson ? fresh.draft : current));
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
  const run = async <T>(what: 'save' | 'publish', work: () => Promise<T>) => {
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
    /** Publishes a saved draft revision: a new revision (201), or a submission when review is required (202). */
    publish: (expectedDraftRevision: number) =>
      run('publish', async (): Promise<PublishOutcome | 'conflict' | undefined> => {
        setProblems([]);
        const { data, error, response } = await api.POST('/api/v1/layouts/{id}/publish', {
          params: { path: { id: layout.id } },
          body: { expectedDraftRevision },
        });
        if (errorCode(error) === 'editorial_conflict') return 'conflict';
        if (error !== undefined || !data) return void refused(error);
        await client.invalidateQueries({ queryKey: key });
        return response.status === 202 ? { submission: data.data as Submission } : { published: (data.data as { revision: number }).revision };
      }),
  };
}

export type LayoutDraft = ReturnType<typeof useLayoutDraft>;
export type { LayoutDocument };
