// The bookmakers chosen in the settings that the key may see: what a page's REST requests name.
// The stream's login_ok says which chosen values the key may not see (`dropped`); the stream
// provider puts that here, so that no page asks REST for them and gets a 403 that stands.
import { createContext, useContext, useMemo } from 'react';
import { withoutDropped } from '../domain/dropped-filters.ts';
import type { DroppedFilters } from '../wire/stream-schemas.ts';
import { useSettings } from './use-settings.ts';

/** The last login_ok's `dropped` (null: nothing dropped, or no stream yet). */
export const DroppedFiltersContext = createContext<DroppedFilters | null>(null);

/** The chosen bookmakers less those the stream said the key may not see (empty: every bookmaker). */
export function useChosenBookmakers(): readonly string[] {
  const bookmakers = useSettings((s) => s.bookmakers);
  const dropped = useContext(DroppedFiltersContext);
  return useMemo(() => withoutDropped({ sportIds: [], bookmakers }, dropped).bookmakers, [bookmakers, dropped]);
}
