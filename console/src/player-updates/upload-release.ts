import { csrfToken, sessionChanged } from '../api/session';
import type { ApiPaths } from '../api/client';
import type { DataOf } from '../api/types';

const UPLOAD = '/api/v1/player-releases/upload' satisfies keyof ApiPaths;

export type UploadedRelease = DataOf<typeof UPLOAD, 'post'>;
export type UploadAnswer = { ok: true; data: UploadedRelease } | { ok: false; error: unknown };

/**
 * Sends a release's three files as one multipart form. Through XMLHttpRequest, not the typed client:
 * fetch reports no upload progress, and an artifact may be hundreds of megabytes.
 */
export function uploadRelease(files: File[], onProgress: (percent: number) => void): Promise<UploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD);
    request.withCredentials = true;
    const token = csrfToken();
    if (token) request.setRequestHeader('X-CSRF-Token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      // As the typed client's middleware: a 401 means the session ended.
      if (request.status === 401) sessionChanged();
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve(request.status === 201 ? { ok: true, data: (body as { data: UploadedRelease }).data } : { ok: false, error: body });
    };
    request.onerror = () => resolve({ ok: false, error: undefined });
    request.send(form);
  });
}
