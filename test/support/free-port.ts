import { type AddressInfo, createServer } from 'node:net';

/** A port free on 127.0.0.1 now: for a server a browser must find again at the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
