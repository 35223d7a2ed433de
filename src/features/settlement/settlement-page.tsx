// `/settlement`, the support desk: one search from what a customer says (a team name, a fixtureId,
// oddsIds or a parlayId, a shared slip URL) with a date range and a sport. A team lists its
// fixtures, a fixtureId opens its settlement sheet, and legs open the ticket check. The search
// lives in the URL (`?q=&from=&to=&sport=`, `&at=&book=` for a ticket), so it can be shared.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type SyntheticEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { sportsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { fromZonedInput, toZonedInput } from '../../domain/time-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { classifySearch } from './settlement-lookup.ts';
import { TeamSearchResults } from './team-search-results.tsx';
import { TicketCheck } from './ticket-check.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import './settlement.css';

const DAY_MS = 86_400_000;
/** The default range: a week back (last Saturday's match) to tomorrow. */
const DAYS_BACK = 7;

/** The endpoints the settlement lookup uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures/settlement', '/fixtures/odds/historical', '/markets', '/fixtures'];

export function SettlementPage() {
  const [params, setParams] = useSearchParams();
  const { timeZone } = useTimeZone();
  const client = useApiClient();
  const sports = useQuery(sportsQuery(client));
  const q = params.get('q') ?? '';
  // The page's "now", read once: the default range is days on the chosen zone's calendar.
  const [now] = useState(() => Date.now());
  const [defaultFrom, defaultTo] = useMemo(() => {
    return [toZonedInput(now - DAYS_BACK * DAY_MS, timeZone).slice(0, 10), toZonedInput(now + DAY_MS, timeZone).slice(0, 10)];
  }, [now, timeZone]);
  const from = params.get('from') ?? defaultFrom;
  const to = params.get('to') ?? defaultTo;
  const sport = params.get('sport') ?? '';
  const [text, setText] = useState(q);
  const [fromText, setFromText] = useState(from);
  const [toText, setToText] = useState(to);
  const search = useMemo(() => (q === '' ? null : classifySearch(q)), [q]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (text.trim() !== '') next.q = text.trim();
    if (fromText !== defaultFrom) next.from = fromText;
    if (toText !== defaultTo) next.to = toText;
    if (sport !== '') next.sport = sport;
    setParams(next);
  };
  const setSport = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete('sport');
    else next.set('sport', value);
    setParams(next);
  };

  const fromMs = fromZonedInput(`${from}T00:00:00`, timeZone);
  const toMs = fromZonedInput(`${to}T23:59:59`, timeZone);
  const rangeError =
    fromMs === null || toMs === null ? 'The dates must be days (YYYY-MM-DD).' : fromMs > toMs ? `The range ends (${to}) before it starts (${from}).` : null;
  const sportName = sports.data?.find((s) => String(s.sportId) === sport)?.sportName;

  return (
    <section className="settlement-page" aria-labelledby="settlement-title">
      <h2 id="settlement-title">Support desk: settlement</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <form className="settlement-form" onSubmit={submit} role="search">
        <label>
          Team, fixtureId, oddsIds or a shared slip URL
          <input type="search" value={text} onChange={(e) => { setText(e.target.value); }} aria-invalid={search?.kind === 'invalid'} />
        </label>
        <div className="settlement-controls">
          <label>
            From ({timeZone}){' '}
            <input type="date" value={fromText} onChange={(e) => { setFromText(e.target.value); }} />
          </label>
          <label>
            To{' '}
            <input type="date" value={toText} onChange={(e) => { setToText(e.target.value); }} />
          </label>
          <FilterSelect
            id="settlement-sport"
            label="Sport"
            value={sport}
            anyLabel="All sports"
            options={(sports.data ?? []).map((s) => ({ value: String(s.sportId), label: s.sportName }))}
            onChange={setSport}
          />
          <button type="submit">Search</button>
        </div>
      </form>
      {search?.kind === 'invalid' && (
        <ul className="settlement-errors" role="alert">
          {search.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {search?.kind === 'fixture' && <Navigate replace to={`/settlement/${encodeURIComponent(search.fixtureId)}`} />}
      {search?.kind === 'team' &&
        (rangeError !== null || fromMs === null || toMs === null ? (
          <p role="alert">{rangeError}</p>
        ) : (
          <TeamSearchResults
            name={search.name}
            fromSec={Math.floor(fromMs / 1000)}
            toSec={Math.floor(toMs / 1000)}
            sportId={sport === '' ? null : Number(sport)}
            rangeText={`from ${from} to ${to} (${timeZone})${sportName === undefined ? '' : ` in ${sportName}`}`}
          />
        ))}
      {search?.kind === 'legs' && <TicketCheck legs={search.legs} />}
    </section>
  );
}
