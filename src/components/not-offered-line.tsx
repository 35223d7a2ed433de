// The one line a page shows for the features the current service does not offer: fed by the
// service's own 404/501 answers (src/api/not-offered-endpoints.ts), limited to the endpoints the
// page uses. The rest of the page works without them; nothing is shown while all are offered.
// Features are named in words (the endpoint on hover): where a widget lacks its data, the widget
// itself names the endpoint (NotOffered).
import { useNotOfferedEndpoints } from '../api/use-api-client.ts';

/** What a user loses, in words, per endpoint; an endpoint missing here is named by its path. */
const FEATURES: Readonly<Record<string, string>> = {
  '/sports': 'the sports list',
  '/tournaments': 'tournament names',
  '/bookmakers': 'bookmaker names and freshness bounds',
  '/markets': 'the market catalogue',
  '/players': 'player names',
  '/participants': 'participant names',
  '/fixtures': 'the fixtures list',
  '/fixtures/odds': 'prices',
  '/fixtures/odds/main': 'main-line prices and bookmaker coverage',
  '/fixtures/odds/historical': 'line movement',
  '/fixtures/odds/clv': 'closing line value',
  '/fixtures/settlement': 'settlement',
  '/fixtures/injuries': 'injuries',
  '/fixtures/lineups': 'lineups',
  '/fixtures/stats': 'live stats',
  '/mapping/fixtures': 'external ids',
  '/fixtures/odds/parlay': 'parlay prices',
  '/fixtures/odds/sgp': 'same-game parlay prices',
  '/futures/live': 'the futures list',
  '/futures/odds': 'futures prices',
  '/futures/odds/historical': 'futures price history',
  '/futures/odds/clv': 'futures closing line value',
};

/** The feature an endpoint serves, in words. */
export function featureOf(endpoint: string): string {
  return FEATURES[endpoint] ?? endpoint;
}

/** "This service does not offer: …" for those of `endpoints` (the page's) the service said it lacks. */
export function NotOfferedLine({ endpoints }: { readonly endpoints: readonly string[] }) {
  const missing = useNotOfferedEndpoints().filter((endpoint) => endpoints.includes(endpoint));
  if (missing.length === 0) return null;
  return (
    <p className="not-offered not-offered-line" role="status" aria-label="Not offered by this service">
      This service does not offer:{' '}
      {missing.map((endpoint, i) => (
        <span key={endpoint} data-endpoint={endpoint} title={endpoint}>
          {i > 0 && ', '}
          {featureOf(endpoint)}
        </span>
      ))}
      . The rest of the page works without them.
    </p>
  );
}
