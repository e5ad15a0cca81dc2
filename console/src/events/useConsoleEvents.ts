import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { eventStream } from './event-stream';
import { type ConsoleMessage, type ConsoleMessageType, stalePathsOf } from './messages';

// Many events at once (a fleet reconnecting after a deploy) refresh each page's data once.
const COALESCE_MS = 1000;

const pathOf = (query: Query) => (typeof query.queryKey[1] === 'string' ? query.queryKey[1] : '');

/**
 * For the signed-in shell: keeps the event socket open and marks the reads an event makes stale, so
 * the pages on screen refetch them; after a reconnect (events were missed) everything on screen does.
 */
export function useConsoleEventStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stale = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const prefixes = [...stale];
      stale.clear();
      void client.invalidateQueries({ predicate: (q) => prefixes.some((p) => pathOf(q).startsWith(p)) });
    };
    const unsubscribe = eventStream.subscribe((message, reconnected) => {
      if (reconnected) return void client.invalidateQueries();
      for (const path of stalePathsOf(message)) stale.add(path);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    eventStream.start();
    return () => {
      unsubscribe();
      clearTimeout(timer);
      eventStream.stop();
    };
  }, [client]);
}

/** A page's own reaction to one kind of event (a progress bar that moves, say). */
export function useConsoleEvent<T extends ConsoleMessageType>(type: T, handler: (message: Extract<ConsoleMessage, { type: T }>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () =>
      eventStream.subscribe((message) => {
        if (message.type === type) latest.current(message as Extract<ConsoleMessage, { type: T }>);
      }),
    [type],
  );
}
