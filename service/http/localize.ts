// Fixture views are built once in English; a request in another language gets the translated
// fields of spec 2.2 (venue name and location; sport and category names) swapped in.
import type { FixtureView } from '../../src/wire/schemas.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import type { Lang } from '../catalogue/types.ts';

export function localizeView<V extends FixtureView>(view: V, lang: Lang, reference: ReferenceIndex): V {
  if (lang === 'en') return view;
  const sport = reference.data.sports.find((s) => s.sportId === view.sport.sportId);
  const tournament = reference.tournamentById.get(view.tournament.tournamentId);
  const venue = view.venue.venueId === null ? undefined : reference.venueById.get(view.venue.venueId);
  return {
    ...view,
    sport: { ...view.sport, sportName: sport?.sportName[lang] ?? view.sport.sportName },
    tournament: { ...view.tournament, categoryName: tournament?.category.categoryName[lang] ?? view.tournament.categoryName },
    venue: venue === undefined ? view.venue : { ...view.venue, venueName: venue.venueName[lang], venueLocation: venue.venueLocation[lang] },
  };
}
