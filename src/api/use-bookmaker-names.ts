// Bookmaker display names as every page shows them: the service's bookmakers list (one cached
// query) read through `bookmakerLabel`, the slug until the list is in or when the book is not in it.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { bookmakerLabel } from '../wire/reference-schemas.ts';
import { bookmakersQuery } from './queries.ts';
import { useApiClient } from './use-api-client.ts';

/** A bookmaker's display name by slug (stable until the list changes: fit for memoised children). */
export function useBookmakerNameOf(): (slug: string) => string {
  const client = useApiClient();
  const { data } = useQuery(bookmakersQuery(client));
  const names = useMemo(() => new Map(data?.map((b) => [b.bookmaker, bookmakerLabel(b)])), [data]);
  return useCallback((slug: string) => names.get(slug) ?? slug, [names]);
}
