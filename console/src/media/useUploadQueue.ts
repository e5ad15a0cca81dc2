import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import { emptyQueue, nextToStart, type UploadFailure, uploadQueue } from './upload-queue';
import { cancelServerUpload, runUpload } from './upload-runner';

let keys = 0;

/**
 * The page's upload queue: files added here are sent a few at a time, each with its own abort; a
 * retry resumes the server's upload, a cancel deletes it. Finished uploads refresh the library.
 */
export function useUploadQueue(networkFailure: string) {
  const [state, dispatch] = useReducer(uploadQueue, emptyQueue);
  const files = useRef(new Map<string, File>());
  const running = useRef(new Map<string, AbortController>());
  const client = useQueryClient();
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    for (const key of nextToStart(state)) {
      const file = files.current.get(key);
      const entry = state.entries.find((e) => e.key === key);
      if (!file || !entry || running.current.has(key)) continue;
      const controller = new AbortController();
      running.current.set(key, controller);
      dispatch({ type: 'start', key });
      void runUpload(file, entry, dispatch, controller.signal, networkFailure).finally(() => {
        running.current.delete(key);
        void client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
      });
    }
  }, [state, networkFailure, client]);

  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);

  const add = useCallback((added: File[]) => {
    const entries = added.map((file) => {
      const key = `upload-${++keys}`;
      files.current.set(key, file);
      return { key, name: file.name, size: file.size };
    });
    dispatch({ type: 'add', files: entries });
  }, []);

  const cancel = useCallback((key: string) => {
    const runner = running.current.get(key);
    const entry = stateRef.current.entries.find((e) => e.key === key);
    // A running upload is cancelled on the server by its runner; a failed one here.
    if (runner) runner.abort();
    else if (entry?.uploadId && entry.phase === 'failed') void cancelServerUpload(entry.uploadId);
    files.current.delete(key);
    dispatch({ type: 'remove', key });
  }, []);

  const retry = useCallback(
    async (key: string) => {
      const entry = stateRef.current.entries.find((e) => e.key === key);
      if (entry?.failure?.kind === 'processing' && entry.assetId) {
        const { error } = await api.POST('/api/v1/assets/{id}/retry', { params: { path: { id: entry.assetId } } });
        if (error) {
          dispatch({ type: 'failed', key, failure: { kind: 'processing', message: errorMessage(error, networkFailure) } });
          return;
        }
        await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets/{id}', { params: { path: { id: entry.assetId } } }] });
      }
      dispatch({ type: 'retry', key });
    },
    [client, networkFailure],
  );

  const processed = useCallback(
    (key: string, status: string | undefined, percent: number | undefined, failure?: UploadFailure) => {
      if (status === 'ready') {
        dispatch({ type: 'ready', key });
        void client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
      } else if (status === 'failed' && failure) dispatch({ type: 'failed', key, failure });
      else dispatch({ type: 'processing', key, percent });
    },
    [client],
  );

  const clearFinished = useCallback(() => dispatch({ type: 'clearFinished' }), []);

  return { state, add, cancel, retry, processed, clearFinished };
}
