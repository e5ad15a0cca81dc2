import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { ApiResponse, ConsoleSession } from './console-client.js';
import { consoleCall } from './console-client.js';
import type { HttpTarget } from './test-kernel.js';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Body = Uint8Array | AsyncIterable<Uint8Array>;

/** Raw upload-protocol requests with a console session (cookie + CSRF), answering status, headers and JSON. */
export async function uploadRequest(
  k: HttpTarget,
  s: ConsoleSession,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Body } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { cookie: s.cookie, ...options.headers };
  if (method !== 'HEAD' && method !== 'GET') headers['x-csrf-token'] = s.csrfToken;
  const streamed = options.body !== undefined && !(options.body instanceof Uint8Array);
  const res = await k.request(path, {
    method,
    headers,
    body: options.body as never,
    ...(streamed ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export function startUpload(k: HttpTarget, s: ConsoleSession, filename: string, sizeBytes: number, mimeType = 'application/octet-stream') {
  return consoleCall(k, s, 'POST', '/api/v1/uploads', { filename, mimeType, sizeBytes });
}

export function patchUpload(k: HttpTarget, s: ConsoleSession, id: string, offset: number | string, body: Body, headers: Record<string, string> = {}) {
  return uploadRequest(k, s, 'PATCH', `/api/v1/uploads/${id}`, {
    headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...headers },
    body,
  });
}

export const headUpload = (k: HttpTarget, s: ConsoleSession, id: string) => uploadRequest(k, s, 'HEAD', `/api/v1/uploads/${id}`);

export const completeUpload = (k: HttpTarget, s: ConsoleSession, id: string) => consoleCall(k, s, 'POST', `/api/v1/uploads/${id}/complete`);

/** Creates, sends in `chunkBytes` pieces and completes; returns the completion answer. */
export async function uploadFile(
  k: HttpTarget,
  s: ConsoleSession,
  filename: string,
  bytes: Buffer,
  mimeType = 'application/octet-stream',
  chunkBytes = 1024 * 1024,
) {
  const created = await startUpload(k, s, filename, bytes.length, mimeType);
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const res = await patchUpload(k, s, id, offset, bytes.subarray(offset, offset + chunkBytes));
    if (res.status !== 204) throw new Error(`PATCH at ${offset} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id, res: await completeUpload(k, s, id) };
}

/** A PATCH through node:http announcing `length` bytes from `offset`, its body left to the caller. */
const rawPatch = (k: HttpTarget, s: ConsoleSession, id: string, offset: number, length: number) =>
  httpRequest(`${k.url}/api/v1/uploads/${id}`, {
    method: 'PATCH',
    headers: {
      cookie: s.cookie,
      'x-csrf-token': s.csrfToken,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'content-length': String(length),
    },
  });

/**
 * One PATCH of `count` copies of `piece`, written with backpressure through node:http so the client
 * holds no more than one piece (fetch with a streamed body buffers ahead and would blur a memory
 * measurement of the server in the same process).
 */
export function streamPatch(
  k: HttpTarget,
  s: ConsoleSession,
  id: string,
  offset: number,
  piece: Buffer,
  count: number,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = rawPatch(k, s, id, offset, piece.length * count);
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    let sent = 0;
    const pump = () => {
      while (sent < count) {
        sent++;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/**
 * One PATCH from offset 0 announcing all of `bytes`, cut off (the socket destroyed) after the
 * first `sent` bytes went out, as a client that loses its connection mid-chunk.
 */
export function dropMidChunk(k: HttpTarget, s: ConsoleSession, id: string, bytes: Buffer, sent: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = rawPatch(k, s, id, 0, bytes.length);
    req.on('error', () => {}); // the socket is destroyed on purpose
    req.write(bytes.subarray(0, sent), (err) => {
      if (err) return reject(err);
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
  });
}
