// The moves feed as the stream worker sends it (src/stream/moves-watch.ts), and the one effect that
// tells the worker what counts as a move.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { MoveEvent } from '../../domain/moves.ts';
import { useMovesPrefs } from '../../settings/use-moves-prefs.ts';
import { useStreamConnection } from '../../stream/use-stream.ts';

const NONE: readonly MoveEvent[] = [];

/** The moves feed, newest first (empty without a stream). */
export function useMoves(): readonly MoveEvent[] {
  const connection = useStreamConnection();
  const subscribe = useCallback((listener: () => void) => (connection === null ? () => undefined : connection.subscribeMoves(listener)), [connection]);
  return useSyncExternalStore(subscribe, () => connection?.getMoves() ?? NONE);
}

/** Sends the trader's move settings to the worker now and whenever they change. */
export function useMoveSettingsSync(): void {
  const connection = useStreamConnection();
  const { settings } = useMovesPrefs();
  useEffect(() => {
    connection?.setMoveSettings(settings);
  }, [connection, settings]);
}
