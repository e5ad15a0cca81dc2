import { createServer, type Server } from 'node:http';
import { coreModules } from '../core-modules/index.js';
import { optionalPlugins } from '../plugins/index.js';
import { bootKernel, compare, probe, type BenchResult, type Benchmark, type LoadOptions } from './support.js';

const LOAD: LoadOptions = { warmupSeconds: 2, seconds: 10, rounds: 2, connections: 50, pipelining: 1 };

/** The kernel must keep at least this share of what bare node:http serves. */
const TARGET_RATIO = 0.5;

const BODY = JSON.stringify({ data: { status: 'ok' } });

/**
 * The floor: node:http answering the same bytes with no framework, in the same process (same
 * Node, same CPU share), so the ratio measures only what the kernel's stack adds.
 */
async function startBaseline(): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(BODY) });
      res.end(BODY);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // autocannon's keep-alive sockets would hold close() open
      }),
  };
}

/** Same status, content type and body, or the comparison is not like for like. */
async function assertSameAnswer(baselineUrl: string, kernelUrl: string) {
  const [base, kernel] = await Promise.all([probe(baselineUrl), probe(kernelUrl)]);
  for (const key of ['status', 'contentType', 'body'] as const) {
    if (base[key] !== kernel[key]) {
      throw new Error(`GET /healthz answers differ in ${key}: baseline ${JSON.stringify(base[key])}, kernel ${JSON.stringify(kernel[key])}`);
    }
  }
}

async function run(): Promise<BenchResult> {
  // The whole server as `npm start` runs it, so every plugin's middleware is on the measured path.
  const kernel = await bootKernel([...coreModules, ...optionalPlugins]);
  try {
    const baseline = await startBaseline();
    try {
      await assertSameAnswer(`${baseline.url}/healthz`, `${kernel.url}/healthz`);
      const [baseRun, kernelRun] = await compare(
        [
          { label: 'node:http', url: `${baseline.url}/healthz` },
          { label: 'kernel', url: `${kernel.url}/healthz` },
        ],
        LOAD,
      );
      const ratio = kernelRun.rps / baseRun.rps;
      return {
        setup: `GET /healthz, ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ${LOAD.warmupSeconds} s warm-up, then ${LOAD.seconds} s measured each in ${LOAD.rounds} alternating rounds`,
        measurements: [baseRun, kernelRun],
        checks: [{ name: 'kernel/baseline req/s', value: ratio, target: TARGET_RATIO, pass: ratio >= TARGET_RATIO }],
      };
    } finally {
      await baseline.stop();
    }
  } finally {
    await kernel.stop();
  }
}

export const healthzBenchmark: Benchmark = { name: 'healthz', run };
