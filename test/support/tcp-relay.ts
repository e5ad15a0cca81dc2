import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export interface TcpRelay {
  /** The local port that reaches the target through the relay. */
  port: number;
  /** Drops every open connection (an outage both ends notice); new ones are still let through. */
  cut(): void;
  /** Drops every open connection and refuses new ones until `plug()`: a pulled network cable. */
  pull(): void;
  plug(): void;
  /** Stops moving bytes on the open connections without closing them: a link that dies silently. */
  freeze(): void;
  close(): Promise<void>;
}

/** A TCP relay in front of the HTTP server at `target` (its host and port are used). */
export async function tcpRelay(target: string): Promise<TcpRelay> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let plugged = true;
  const server = createServer((client) => {
    if (!plugged) return client.destroy();
    const upstream = connect(Number(port), hostname);
    for (const end of [client, upstream]) {
      open.add(end);
      end.on('close', () => open.delete(end));
      // A cut ends connections midway: nothing to report.
      end.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const end of open) end.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut,
    pull: () => {
      plugged = false;
      cut();
    },
    plug: () => {
      plugged = true;
    },
    freeze: () => {
      for (const end of open) end.pause();
    },
    close: () =>
      new Promise((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
