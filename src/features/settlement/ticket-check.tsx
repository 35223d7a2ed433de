// The ticket check: legs (pasted, or picked on a settlement sheet), the bookmaker of legs given as
// selection keys, a stake with a currency label and the moment the bet was placed; it shows each
// fixture's result and, per leg and for the ticket, what was in force then and what it paid.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeFailure, describeFailures } from '../../api/api-error.ts';
import { buildOddsId } from '../../domain/ids.ts';
import { fromZonedInput, toZonedInput } from '../../domain/time-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { FixtureResult } from './fixture-result.tsx';
import type { LookupLeg } from './settlement-lookup.ts';
import { SettlementLegs } from './settlement-legs.tsx';
import { useSettlementData } from './use-settlement-data.ts';

/** `at` in the URL: epoch ms or an ISO 8601 time; null when absent or unreadable. */
function readAt(value: string | null): number | null {
  if (value === null || value === '') return null;
  const ms = /^\d+$/u.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export function TicketCheck({ legs: given }: { readonly legs: readonly LookupLeg[] }) {
  const [params, setParams] = useSearchParams();
  const { timeZone } = useTimeZone();
  const format = useSettings((s) => s.oddsFormat);
  const [stakeText, setStakeText] = useState('10');
  const [currency, setCurrency] = useState('GBP');
  const [atText, setAtText] = useState<string | null>(null);
  // "Now" for the future check: when the page opened, then whenever a moment is typed.
  const [now, setNow] = useState(() => Date.now());
  const book = params.get('book') ?? '';

  // Legs given as selection keys name no bookmaker: the ticket's bookmaker completes them.
  const legs = useMemo(
    () =>
      given.map((leg) =>
        leg.bookmaker === null && book !== ''
          ? { ...leg, bookmaker: book, oddsId: buildOddsId({ fixtureId: leg.fixtureId, bookmaker: book, outcomeId: leg.outcomeId, playerId: leg.playerId }) }
          : leg,
      ),
    [given, book],
  );
  const data = useSettlementData(legs);
  const needsBook = given.some((leg) => leg.bookmaker === null);

  // The moment defaults to `at` in the URL, else the first fixture's start (a pre-match bet).
  const firstStart = data.views.get(data.fixtureIds[0] ?? '')?.startTime;
  const urlAt = readAt(params.get('at'));
  const typedAt = atText === null ? null : fromZonedInput(atText, timeZone);
  const atMs = atText === null ? (urlAt ?? (firstStart === undefined ? null : firstStart * 1000)) : typedAt;
  const atError =
    atText !== null && typedAt === null
      ? 'Enter the moment as a date and a time.'
      : atMs !== null && atMs > now
        ? `That moment (${toZonedInput(atMs, timeZone).replace('T', ' ')} ${timeZone}) is in the future: a bet placed then has no price yet. Pick a time up to now.`
        : null;
  const stake = stakeText.trim() === '' ? Number.NaN : Number(stakeText);

  const setBook = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete('book');
    else next.set('book', value);
    setParams(next);
  };

  return (
    <>
      <div className="settlement-controls" aria-label="Ticket">
        {needsBook && (
          <label>
            Bookmaker of the ticket{' '}
            <input value={book} placeholder="slug, e.g. bet365" onChange={(e) => { setBook(e.target.value.trim()); }} />
          </label>
        )}
        <label>
          Stake{' '}
          <input type="number" min="0" step="any" value={stakeText} onChange={(e) => { setStakeText(e.target.value); }} aria-invalid={!(stake > 0)} />
        </label>
        <label>
          Currency (a label: nothing is converted){' '}
          <input value={currency} size={6} onChange={(e) => { setCurrency(e.target.value); }} />
        </label>
        <label>
          Placed at ({timeZone}){' '}
          <input
            type="datetime-local"
            step="1"
            value={atText ?? (atMs === null ? '' : toZonedInput(atMs, timeZone))}
            onChange={(e) => {
              setAtText(e.target.value);
              setNow(Date.now());
            }}
            aria-invalid={atError !== null}
          />
        </label>
      </div>
      {atError !== null && (
        <p role="alert" data-testid="moment-error">
          {atError}
        </p>
      )}
      {describeFailures([data.lookupError, ...data.historyErrors.values()]).map((sentence) => (
        <p key={sentence} role="alert">
          {sentence}
        </p>
      ))}
      {data.fixtureIds.map((fixtureId) => {
        const settlement = data.settlements.get(fixtureId);
        const error = data.settlementErrors.get(fixtureId);
        if (error !== undefined) {
          return (
            <p key={fixtureId} role="alert">
              {fixtureId}: {describeFailure(error)}
            </p>
          );
        }
        return settlement === undefined ? (
          <p key={fixtureId}>Loading {fixtureId}…</p>
        ) : (
          <FixtureResult key={fixtureId} fixtureId={fixtureId} view={data.views.get(fixtureId)} settlement={settlement} gradedHere={data.gradedHere.has(fixtureId)} />
        );
      })}
      {atMs !== null && atError === null && <SettlementLegs legs={legs} data={data} atMs={atMs} stake={stake} currency={currency} format={format} />}
    </>
  );
}
