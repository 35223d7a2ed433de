// Fixture views and futures are built once in English; a request in another language gets the
// translated fields swapped in (spec 2.2: sport and category names; venue name and location).
import type { FixtureView } from '../../src/wire/shared-schemas.ts';
import type { ReferenceIndex } from './reference-data.ts';
import type { Lang } from './types.ts';

/** Sport and category names of anything carrying `sport` and `tournament` (fixtures, futures). */
export function localizeEvent<E extends Pick<FixtureView, 'sport' | 'tournament'>>(event: E, lang: Lang, reference: ReferenceIndex): E {
  if (lang === 'en') return event;
  const sport = reference.data.sports.find((s) => s.sportId === event.sport.sportId);
  const tournament = reference.tournamentById.get(event.tournament.tournamentId);
  return {
    ...event,
    sport: { ...event.sport, sportName: sport?.sportName[lang] ?? event.sport.sportName },
    tournament: { ...event.tournament, categoryName: tournament?.category.categoryName[lang] ?? event.tournament.categoryName },
  };
}

export function localizeView<V extends FixtureView>(view: V, lang: Lang, reference: ReferenceIndex): V {
  if (lang === 'en') return view;
  const venue = view.venue.venueId === null ? undefined : reference.venueById.get(view.venue.venueId);
  const localized = localizeEvent(view, lang, reference);
  return venue === undefined
    ? localized
    : { ...localized, venue: { ...view.venue, venueName: venue.venueName[lang], venueLocation: venue.venueLocation[lang] } };
}
