// React bindings of the page's stream connection: the context holding it and the hooks that read
// its status. Here, beside the connection, and not with the provider in src/app, because features
// (the connection indicator) read it and a feature imports no src/app; src/app/stream-provider.tsx
// provides it, as it provides the book's context of ../book/use-book.ts.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { StreamConnection } from './connect-stream.ts';
import type { StreamStatus } from './stream-client.ts';

/** The page's connection to the stream worker; null outside `<StreamProvider>` (e.g. in tests of pages). */
export const StreamContext = createContext<StreamConnection | null>(null);

/** The stream connection, or null when none is provided. */
export function useStreamConnection(): StreamConnection | null {
  return useContext(StreamContext);
}

/** The latest stream status (null until the worker reported one, or without a provider). */
export function useStreamStatus(): StreamStatus | null {
  const connection = useStreamConnection();
  const subscribe = useCallback(
    (listener: () => void): (() => void) => {
      if (connection === null) return () => undefined;
      const unsubscribe = connection.subscribeStatus(listener);
      return () => {
        unsubscribe();
      };
    },
    [connection],
  );
  return useSyncExternalStore(subscribe, () => connection?.getStatus() ?? null);
}
