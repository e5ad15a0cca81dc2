import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a webhook receiver is posted (the notifications module's receiver body). */
export interface PostedNotification {
  title: string;
  category: string;
  severity: string;
  data: Record<string, unknown>;
}

/** A local HTTP server that keeps every JSON body posted to it, as a webhook's receiver would. */
export async function startWebhookReceiver(): Promise<{ url: string; posted: PostedNotification[]; close(): Promise<void> }> {
  const posted: PostedNotification[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    posted,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
