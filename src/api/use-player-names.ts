// Player display names as every page shows them: one `/players?playerIds=` lookup (spec 4.6) for
// the players in view, cached by React Query, "player {id}" until the answer is in or when the
// service does not know the player. The previous answer is kept while a new set of ids loads, so
// names do not blink back to ids as rows come and go.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { playersByIdsQuery } from './queries.ts';
import { MAX_LIST_IDS } from '../wire/limits.ts';
import { useApiClient } from './use-api-client.ts';

/** The name of a player by id, for the players among `playerIds` (0 is "no player" and is ignored). */
export function usePlayerNameOf(playerIds: readonly number[]): (playerId: number) => string {
  const client = useApiClient();
  const ids = useMemo(() => [...new Set(playerIds.filter((id) => id !== 0))].sort((a, b) => a - b).slice(0, MAX_LIST_IDS), [playerIds]);
  const players = useQuery({ ...playersByIdsQuery(client, ids), enabled: ids.length > 0, placeholderData: keepPreviousData });
  const names = useMemo(() => new Map(players.data?.map((p) => [p.playerId, p.playerName])), [players.data]);
  return useCallback((playerId: number) => names.get(playerId) ?? `player ${String(playerId)}`, [names]);
}
