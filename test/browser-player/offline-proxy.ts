import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy passed on: what the browser sent. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A plain HTTP proxy in front of a server (the signage server, or the bucket) for the offline tests:
 * it records what the browser asks, can hold the next download of a path after some bytes and then
 * cut it (as a dropped link does: the answer stops short of its Content-Length), and can pass the
 * next ranged request on without the range (as a proxy that ignores ranges does). The test cuts
 * once the page has taken what it needs of the held bytes: a browser drops what it has received
 * and not yet read when the connection fails.
 */
export interface RecordingProxy {
  url: string;
  seen: SeenRequest[];
  /** The next GET whose path starts with `prefix` is held after `bytes` bytes of its body. */
  holdNext(prefix: string, bytes: number): void;
  /** Ends the held answer there, short. */
  cutHeld(): void;
  /** The next GET whose path starts with `prefix` and asks for a range goes on without the range. */
  ignoreRangeNext(prefix: string): void;
  stop(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const seen: SeenRequest[] = [];
  let cut: { prefix: string; bytes: number } | undefined;
  let held: (() => void) | undefined;
  let unranged: string | undefined;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ method: req.method ?? 'GET', path, headers: { ...req.headers } });
    const headers = { ...req.headers, host: upstream.host };
    if (req.method === 'GET' && unranged !== undefined && path.startsWith(unranged) && headers.range) {
      unranged = undefined;
      delete headers.range;
    }
    const cutting = req.method === 'GET' && cut && path.startsWith(cut.prefix) ? cut : undefined;
    if (cutting) cut = undefined;
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!cutting) return void answer.pipe(res);
      let left = cutting.bytes;
      answer.on('data', (chunk: Buffer) => {
        if (left <= 0) return;
        const part = chunk.subarray(0, left);
        left -= part.length;
        if (left > 0) return void res.write(part);
        res.write(part);
        held = () => res.socket?.end();
        answer.destroy();
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    holdNext: (prefix, bytes) => (cut = { prefix, bytes }),
    cutHeld: () => {
      held?.();
      held = undefined;
    },
    ignoreRangeNext: (prefix) => (unranged = prefix),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
