import { type Agent, request } from 'node:http';

/** The upload protocol as a client speaks it, for the benchmarks that measure uploads. */

export const RSS_SAMPLE_MS = 100;

export interface Run {
  seconds: number;
  chunkMs: number[];
}

export interface Session {
  cookie: string;
  csrfToken: string;
}

function send(
  url: string,
  agent: Agent,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `totalBytes` as one upload of `chunk`-sized PATCHes over one keep-alive connection, sampling this process's RSS. */
export async function uploadOverHttp(base: string, agent: Agent, session: Session, chunk: Buffer, totalBytes: number): Promise<Run & { rssGrowthMb: number }> {
  const auth = { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
  const created = await send(
    `${base}/api/v1/uploads`,
    agent,
    'POST',
    { ...auth, 'content-type': 'application/json' },
    JSON.stringify({ filename: 'bench.mp4', mimeType: 'video/mp4', sizeBytes: totalBytes }),
  );
  if (created.status !== 201) throw new Error(`creating the upload failed: ${created.status} ${created.text}`);
  const id = (JSON.parse(created.text) as { data: { id: string } }).data.id;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), RSS_SAMPLE_MS);
  const chunkMs: number[] = [];
  const started = performance.now();
  try {
    for (let offset = 0; offset < totalBytes; offset += chunk.length) {
      const t = performance.now();
      const res = await send(
        `${base}/api/v1/uploads/${id}`,
        agent,
        'PATCH',
        { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        chunk,
      );
      if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${res.text}`);
      chunkMs.push(performance.now() - t);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { seconds, chunkMs, rssGrowthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
    // Cancelling deletes what was uploaded.
    await send(`${base}/api/v1/uploads/${id}`, agent, 'DELETE', auth).catch(() => {});
  }
}

const OWNER = { username: 'bench', password: 'bench password 123' };

/** Sets the installation up with a bench owner and signs in; signs in only when another server on its database did so first. */
export async function signIn(base: string, agent: Agent): Promise<Session> {
  const json = { 'content-type': 'application/json' };
  let res = await send(`${base}/api/v1/auth/setup`, agent, 'POST', json, JSON.stringify({ organizationName: 'Bench', ownerName: 'Bench Owner', ...OWNER }));
  if (res.status === 409) res = await send(`${base}/api/v1/auth/login`, agent, 'POST', json, JSON.stringify(OWNER));
  if (res.status !== 201 && res.status !== 200) throw new Error(`signing in failed: ${res.status} ${res.text}`);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrfToken: (JSON.parse(res.text) as { data: { csrfToken: string } }).data.csrfToken };
}
