// `/parlay`: the slip's legs priced at every bookmaker side by side — the accumulator and, when
// every leg is on one fixture, the same-game parlay — the best active price of each marked, each
// book's payout for a stake, and why each price is what it is. Legs come from the odds screen's
// slip, a pasted list of oddsIds or a parlayId; the slip keeps the URL.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { describeFailure, describeFailures } from '../../api/api-error.ts';
import { bookmakersQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { FairLineLabel } from '../../components/fair-line-label.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import { parseOddsId } from '../../domain/ids.ts';
import { formatPrice } from '../../domain/odds-format.ts';
import { readStake } from '../../domain/ticket.ts';
import { useChosenBookmakers } from '../../settings/use-chosen-bookmakers.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useLegLabels } from '../slip/use-leg-labels.ts';
import { useSlipUrlSync } from '../slip/use-slip-url.ts';
import { useSlip } from '../slip/use-slip.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { LegPasteForm } from './leg-paste-form.tsx';
import { bestPrices, selectionsOf } from './parlay-plan.ts';
import { QuoteRow } from './quote-row.tsx';
import { StakeFields } from './stake-fields.tsx';
import { useLegFair } from './use-leg-fair.ts';
import { useParlayQuotes } from './use-parlay-quotes.ts';
import './parlay.css';

/** The endpoints the parlay builder uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures/odds/parlay', '/fixtures/odds/sgp', '/fixtures/odds', '/markets', '/bookmakers', '/players'];

export function ParlayPage() {
  useSlipUrlSync();
  const slip = useSlip();
  const format = useSettings((s) => s.oddsFormat);
  const chosenBookmakers = useChosenBookmakers();
  const [method, setMethod] = useState<DevigMethod>('multiplicative');
  // The ticket check's defaults: a stake of 10 in a GBP label.
  const [stakeText, setStakeText] = useState('10');
  const [currency, setCurrency] = useState('GBP');
  const stake = readStake(stakeText, currency);
  const { selections, repeated } = useMemo(() => selectionsOf(slip.legs), [slip.legs]);
  const legBookmakers = useMemo(() => [...new Set(slip.legs.map((l) => parseOddsId(l).bookmaker))], [slip.legs]);
  const data = useParlayQuotes(selections, chosenBookmakers, legBookmakers);
  const fairLine = useFairLine();
  const fair = useLegFair(selections, data.bookmakers, method, fairLine);

  // Labels for every bookmaker's legs, so the panel names a leg in words wherever it is priced.
  const { labels } = useLegLabels(slip.legs);
  const labelOf = (oddsId: string): string => {
    const { fixtureId, outcomeId, playerId } = parseOddsId(oddsId);
    const known = slip.legs.find((l) => {
      const p = parseOddsId(l);
      return p.fixtureId === fixtureId && p.outcomeId === outcomeId && p.playerId === playerId;
    });
    const label = known === undefined ? undefined : labels.get(known);
    if (label === undefined) return oddsId;
    return `${label.fixture} · ${label.market} · ${label.outcome}${label.player === null ? '' : ` (${label.player})`}`;
  };
  // Every bookmaker by its display name, as the odds screen shows it (the slug until the list is in).
  const bookmakerList = useQuery(bookmakersQuery(useApiClient()));
  const names = useMemo(() => new Map((bookmakerList.data ?? []).map((b) => [b.bookmaker, bookmakerLabel(b)])), [bookmakerList.data]);
  const nameOf = (bookmaker: string): string => names.get(bookmaker) ?? bookmaker;

  const missingLegs = slip.legs.filter((leg) => data.quotes.get(parseOddsId(leg).bookmaker)?.missing.includes(leg) === true);
  const columns = data.sameGame ? 12 : 8;
  const best = bestPrices(data.quotes.values());
  const bestAt = (kind: 'accumulator' | 'sgp', price: number): string =>
    [...data.quotes.values()].filter((q) => q[kind]?.active === true && q[kind].price === price).map((q) => nameOf(q.bookmaker)).join(', ');
  const currencyLabel = currency.trim() === '' ? '' : ` (${currency.trim()})`;
  // Said once above the table, however many requests failed alike; the rows only point to it.
  const quoteFailures = describeFailures(data.quoteErrors);

  return (
    <section className="page parlay-page" aria-labelledby="parlay-title">
      <h2 id="parlay-title">Parlay builder</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <LegPasteForm onLegs={slip.setLegs} />
      {slip.notice !== null && (
        <p className="parlay-notice" role="status">
          {slip.notice}
        </p>
      )}
      {slip.legs.length === 0 ? (
        <p className="parlay-empty">No legs yet: click prices on a fixture&apos;s odds screen, or paste oddsIds above (up to 20 legs).</p>
      ) : (
        <>
          <h3>Legs ({slip.legs.length})</h3>
          <ul className="parlay-legs" aria-label="Legs">
            {slip.legs.map((leg) => (
              <li key={leg} data-odds-id={leg}>
                <span>{labelOf(leg)}</span> <code>{leg}</code>{' '}
                <button type="button" onClick={() => { slip.remove(leg); }} aria-label={`Remove ${leg}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          {repeated.length > 0 && (
            <p className="parlay-notice" role="status">
              {repeated.join(', ')} repeat{repeated.length === 1 ? 's' : ''} a selection already in the slip at another bookmaker: each bookmaker
              is asked for every selection once.
            </p>
          )}
          {missingLegs.length > 0 && (
            <div className="parlay-missing" role="status" data-testid="missing-legs">
              <p>
                The service could not find {missingLegs.length === 1 ? 'this leg' : 'these legs'} (listed in <code>missingOddsIds</code>): the
                fixture is unknown, the bookmaker does not quote that outcome, or the fixture&apos;s odds are no longer held.
              </p>
              <ul>
                {missingLegs.map((leg) => (
                  <li key={leg}>
                    {labelOf(leg)} at {nameOf(parseOddsId(leg).bookmaker)} <code>{leg}</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="parlay-scope">
            {data.sameGame
              ? 'Every leg is on one fixture: each bookmaker quotes the accumulator and a same-game parlay (SGP), whose price reflects how the legs go together.'
              : selections.length < 2
                ? 'Add a second leg to price a parlay.'
                : 'The legs span fixtures: an accumulator only (no same-game parlay).'}{' '}
            {data.requests.length > 1 && `${String(data.bookmakers.length)} bookmakers in ${String(data.requests.length)} requests of at most 20 oddsIds each.`}
          </p>
          {data.seedError != null && <p role="alert">Could not load the legs&apos; current prices: {describeFailure(data.seedError)}</p>}
          {quoteFailures.length > 0 && (
            <div className="parlay-failures" role="alert">
              {quoteFailures.map((sentence) => (
                <p key={sentence}>Quotes unavailable: {sentence}</p>
              ))}
            </div>
          )}
          <StakeFields stakeText={stakeText} currency={currency} error={stake.ok ? null : stake.message} onStake={setStakeText} onCurrency={setCurrency} />
          {(best.accumulator !== null || best.sgp !== null) && (
            <p className="parlay-best" data-testid="best-prices">
              {best.accumulator !== null && (
                <span data-testid="best-accumulator" data-price={best.accumulator}>
                  Best accumulator: {formatPrice(best.accumulator, format)} at {bestAt('accumulator', best.accumulator)}.{' '}
                </span>
              )}
              {best.sgp !== null && (
                <span data-testid="best-sgp" data-price={best.sgp}>
                  Best SGP: {formatPrice(best.sgp, format)} at {bestAt('sgp', best.sgp)}.
                </span>
              )}{' '}
              Only active prices count.
            </p>
          )}
          <label className="parlay-method">
            No-vig method{' '}
            <select value={method} onChange={(e) => { setMethod(e.target.value as DevigMethod); }}>
              {DEVIG_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>{' '}
          <FairLineLabel method={method} nameOf={nameOf} />
          <table className="parlay-quotes" aria-label="Quotes by bookmaker" aria-busy={data.loading}>
            <thead>
              <tr>
                <th scope="col">Bookmaker</th>
                <th scope="col">Accumulator</th>
                <th scope="col">Accumulator pays{currencyLabel}</th>
                {data.sameGame && <th scope="col">SGP</th>}
                {data.sameGame && <th scope="col">SGP pays{currencyLabel}</th>}
                <th scope="col">singlesPrice</th>
                {data.sameGame && <th scope="col">Correlation margin</th>}
                <th scope="col">Limit (max stake)</th>
                <th scope="col">Quote time</th>
                {data.sameGame && <th scope="col">Exchange offers</th>}
                <th scope="col">Betslip</th>
                <th scope="col">
                  <span className="visually-hidden">Explain</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.bookmakers.map((bookmaker) => (
                <QuoteRow
                  key={bookmaker}
                  bookmaker={bookmaker}
                  name={nameOf(bookmaker)}
                  quote={data.quotes.get(bookmaker)}
                  sameGame={data.sameGame}
                  accumulatorFailed={data.accumulatorFailed.has(bookmaker)}
                  sgpFailed={data.sgpFailed.has(bookmaker)}
                  selections={selections}
                  fair={fair}
                  labelOf={labelOf}
                  format={format}
                  columns={columns}
                  best={best}
                  stake={stake.ok ? stake.stake : null}
                  currency={currency}
                />
              ))}
            </tbody>
          </table>
          <p className="parlay-note">
            singlesPrice is the bookmaker&apos;s leg prices multiplied; the correlation margin is SGP price / singlesPrice − 1 (negative:
            the SGP pays less because the legs tend to win together). Prices are asked again when a leg&apos;s price moves.
          </p>
          <p className="parlay-note">
            A payout is stake × price if every leg wins, rounded once to the currency&apos;s minor units (2 decimals; 0 for JPY, KRW…; 3
            for KWD, BHD…), half away from zero. The limit is the bookmaker&apos;s maximum stake at that SGP price, in the bookmaker&apos;s
            account currency (the service names none); &quot;none stated&quot; means no stated cap, not zero. Hover over or focus a
            short reason for the whole of it.
          </p>
        </>
      )}
    </section>
  );
}
