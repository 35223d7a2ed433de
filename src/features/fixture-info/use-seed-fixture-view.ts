// Seeds the live book with a fixture's REST view (status, scores, clock): the book owns these live
// values and the stream moves them; the REST answer only fills what the book lacks.
import { useEffect } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';

/** Seeds `view` into the page's book (non-authoritatively: a newer streamed row is never undone). */
export function useSeedFixtureView(view: FixtureView | null | undefined): void {
  const book = useLiveBook();
  useEffect(() => {
    if (view === null || view === undefined) return;
    book.seed(
      {
        channels: ['fixtures', 'scores', 'clocks'],
        fixtureIds: [view.fixtureId],
        futureIds: [],
        bookmakers: [],
        fixtures: [view],
        odds: [],
        futuresOdds: [],
      },
      false,
    );
    book.flush();
  }, [book, view]);
}
