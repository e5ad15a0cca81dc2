import { api } from '../api/client';
import { errorCode, errorMessage, isApiError } from '../api/errors';
import { chunkAt, failureOf, type UploadAction, type UploadEntry, type UploadFailure } from './upload-queue';

/** Thrown inside the runner to end one file with a failure the queue shows. */
class UploadFailed extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.message);
  }
}

/** How often one chunk is tried again after a dropped connection before the file fails. */
const CHUNK_ATTEMPTS = 4;
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function failed(response: Response | undefined, error: unknown, fallback: string): UploadFailed {
  const details = isApiError(error) ? error.error.details : undefined;
  return new UploadFailed(failureOf(response?.status, errorCode(error), errorMessage(error, fallback), details));
}

/** Where the server's copy stands (HEAD): the offset to continue from. */
async function serverOffset(id: string, signal: AbortSignal, fallback: string): Promise<number> {
  const { response, error } = await api.HEAD('/api/v1/uploads/{id}', { params: { path: { id } }, signal });
  if (!response.ok) throw failed(response, error, fallback);
  return Number(response.headers.get('Upload-Offset') ?? 0);
}

/** One PATCH of `chunk` at `offset`: the server's new offset, or undefined when the connection dropped. */
async function sendChunk(id: string, offset: number, chunk: Blob, signal: AbortSignal, fallback: string): Promise<number | undefined> {
  const patch = () =>
    api.PATCH('/api/v1/uploads/{id}', {
      params: { path: { id }, header: { 'Upload-Offset': offset } },
      // The schema calls the binary body a string; the bytes go as they are, as a Blob.
      body: chunk as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/offset+octet-stream' },
      signal,
    });
  let result: Awaited<ReturnType<typeof patch>>;
  try {
    result = await patch();
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined; // the connection dropped: ask the server where it stands
  }
  const { response, error } = result;
  if (response.ok) return Number(response.headers.get('Upload-Offset') ?? offset + chunk.size);
  const code = errorCode(error);
  if (code === 'upload_interrupted' || code === 'upload_offset_mismatch') return undefined;
  throw failed(response, error, fallback);
}

/**
 * Sends one file with the resumable upload protocol: creates the server's upload (or resumes the
 * one `entry` already has from the server's offset), PATCHes it in chunks, a dropped chunk
 * continuing from where the server stands, then completes it into an asset. Aborting `signal`
 * cancels the server's upload.
 */
export async function runUpload(file: File, entry: UploadEntry, dispatch: (action: UploadAction) => void, signal: AbortSignal, fallback: string) {
  const { key } = entry;
  let id = entry.uploadId;
  try {
    let offset = 0;
    if (id) {
      offset = await serverOffset(id, signal, fallback);
    } else {
      const { data, error, response } = await api.POST('/api/v1/uploads', {
        body: { filename: file.name, mimeType: file.type || 'application/octet-stream', sizeBytes: file.size },
        signal,
      });
      if (!data) throw failed(response, error, fallback);
      id = data.data.id;
      offset = data.data.offset;
      if (signal.aborted) throw signal.reason;
      dispatch({ type: 'created', key, uploadId: id });
    }
    dispatch({ type: 'progress', key, offset });
    let attempts = 0;
    while (offset < file.size) {
      const { start, end } = chunkAt(offset, file.size);
      const next = await sendChunk(id, offset, file.slice(start, end), signal, fallback);
      if (next === undefined) {
        if (++attempts >= CHUNK_ATTEMPTS) throw new UploadFailed({ kind: 'network', message: fallback });
        await pause(500 * attempts, signal);
        offset = await serverOffset(id, signal, fallback);
      } else {
        attempts = 0;
        offset = next;
      }
      dispatch({ type: 'progress', key, offset });
    }
    const { data, error, response } = await api.POST('/api/v1/uploads/{id}/complete', { params: { path: { id } }, signal });
    if (!data) throw failed(response, error, fallback);
    dispatch({ type: 'uploaded', key, assetId: data.data.id });
    if (data.data.processingStatus === 'ready') dispatch({ type: 'ready', key });
  } catch (error) {
    // Cancelled: the server's upload goes too (unless it already became an asset).
    if (signal.aborted) {
      if (id) await cancelServerUpload(id).catch(() => undefined);
      return;
    }
    const failure = error instanceof UploadFailed ? error.failure : failureOf(undefined, undefined, fallback);
    dispatch({ type: 'failed', key, failure });
  }
}

/** Cancels the server's upload (its bytes are deleted); one already completed stays an asset. */
export async function cancelServerUpload(uploadId: string): Promise<void> {
  await api.DELETE('/api/v1/uploads/{id}', { params: { path: { id: uploadId } } });
}
