// The ticket check's legs: each one's grade as the service settled it and the rule that graded it,
// the domain grader's own reading of the same score, the price in force at the moment the bet was
// placed (with its source time, and whether the leg could be taken then) and the prices recorded
// around it; then the ticket: its accumulator price at that moment and its payout in the currency.
import { useState } from 'react';
import { describeFailure } from '../../api/api-error.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { usePlayerNameOf } from '../../api/use-player-names.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { accumulatorPrice, roundParlayPrice } from '../../domain/parlay.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { HistoricalOddsEntry, SettledSelection, SettlementResponse } from '../../wire/rest-schemas.ts';
import { domainGrade, historyOf, priceAt, ticketPayout, type LookupLeg } from './settlement-lookup.ts';
import type { SettlementData } from './use-settlement-data.ts';

function activity(entry: HistoricalOddsEntry): string {
  if (!entry.marketActive) return 'market closed';
  return entry.active ? 'active' : 'suspended';
}

const takeable = (entry: HistoricalOddsEntry) => entry.active && entry.marketActive;

/** A leg's grade, or why it has none; `here`: graded from the final score, not by the service. */
function gradeText(selection: SettledSelection | undefined, settlement: SettlementResponse | undefined, error: unknown, here: boolean): string {
  if (selection !== undefined) return here ? `${selection.grade} (graded here)` : selection.grade;
  if (error !== undefined) return describeFailure(error);
  if (settlement === undefined) return '…';
  if (here) return 'not gradable from the final score';
  return settlement.settledAt === null ? 'not settled yet' : 'the service did not offer this selection';
}

export interface SettlementLegsProps {
  readonly legs: readonly LookupLeg[];
  readonly data: SettlementData;
  readonly atMs: number;
  readonly stake: number;
  /** A label only: nothing is converted; it decides the minor units the payout is rounded to. */
  readonly currency: string;
  readonly format: OddsFormat;
}

export function SettlementLegs({ legs, data, atMs, stake, currency, format }: SettlementLegsProps) {
  const { format: formatTime } = useTimeZone();
  const nameOf = useBookmakerNameOf();
  const playerNameOf = usePlayerNameOf(legs.map((leg) => leg.playerId));
  // Prices typed in by the user (the price taken), by leg input; otherwise the price at the moment.
  const [taken, setTaken] = useState<Readonly<Record<string, string>>>({});

  const rows = legs.map((leg) => {
    const settlement = data.settlements.get(leg.fixtureId);
    const selection: SettledSelection | undefined = settlement?.selections.find((s) => s.selectionKey === leg.selectionKey);
    const market = data.marketsByOutcome.get(leg.outcomeId);
    const history = leg.oddsId === null || leg.bookmaker === null ? [] : historyOf(data.histories.get(leg.fixtureId), leg.oddsId, leg.bookmaker);
    const at = priceAt(history, atMs);
    const typed = (taken[leg.input] ?? '').trim();
    const typedPrice = typed === '' ? null : Number(typed);
    // A decimal price pays at least the stake back: anything else is a typing slip, named, and
    // the ticket is not paid on it (nor silently on the recorded price instead).
    const typedProblem = typedPrice !== null && !(Number.isFinite(typedPrice) && typedPrice > 1) ? `Price taken for ${leg.input}: "${typed}" is not a decimal price above 1.00.` : null;
    const price = typedProblem !== null ? null : (typedPrice ?? at.inForce?.price ?? null);
    return { leg, settlement, selection, market, history, at, price, typedProblem };
  });

  const graded = rows.filter((r) => r.selection !== undefined);
  const mistyped = rows.find((r) => r.typedProblem !== null);
  const payout =
    mistyped !== undefined
      ? { ok: false as const, reason: `the price taken for ${mistyped.leg.input} is not a decimal price above 1.00.` }
      : graded.length === rows.length
      ? ticketPayout(
          graded.map((r) => ({ grade: r.selection?.grade ?? 'void', price: r.price })),
          stake,
          currency,
        )
      : { ok: false as const, reason: 'not every leg is graded yet.' };
  // The accumulator at the moment, as /fixtures/odds/parlay prices it: the product, wire-rounded.
  const unpriced = rows.findIndex((r) => r.at.inForce === null);
  const untakeable = rows.findIndex((r) => r.at.inForce !== null && !takeable(r.at.inForce));
  const pricesAt = rows.flatMap((r) => (r.at.inForce === null ? [] : [r.at.inForce.price]));
  const sameFixture = rows.length > 1 && new Set(rows.map((r) => r.leg.fixtureId)).size === 1;
  const label = currency.trim() === '' ? '' : ` ${currency.trim()}`;

  return (
    <>
      <table className="settlement-legs" aria-label="Legs">
        <thead>
          <tr>
            <th scope="col">Leg</th>
            <th scope="col">Grade</th>
            <th scope="col">Rule</th>
            <th scope="col">Domain grader</th>
            <th scope="col">Price at the moment</th>
            <th scope="col">Price taken</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ leg, settlement, selection, market, at, price, typedProblem }) => {
            const here = data.gradedHere.has(leg.fixtureId);
            const mine = selection === undefined || here ? null : domainGrade(market, selection);
            const outcome = market?.outcomes.find((o) => o.outcomeId === leg.outcomeId)?.outcomeName;
            return (
              <tr key={leg.input} data-leg={leg.input}>
                <th scope="row">
                  {market === undefined ? `outcome ${String(leg.outcomeId)}` : `${market.marketName}: ${outcome ?? String(leg.outcomeId)}`}
                  {leg.playerId === 0 ? '' : ` (${playerNameOf(leg.playerId)})`}
                  {leg.bookmaker === null ? '' : ` at ${nameOf(leg.bookmaker)}`}
                  <br />
                  <code>{leg.input}</code>
                </th>
                <td data-testid="leg-grade" data-grade={selection?.grade} data-graded-here={here ? 'true' : undefined}>
                  {gradeText(selection, settlement, data.settlementErrors.get(leg.fixtureId), here)}
                </td>
                <td data-testid="leg-rule">{selection?.rule ?? ''}</td>
                <td>
                  {here
                    ? 'graded here from the final score'
                    : mine === null
                      ? ''
                      : mine.ok
                        ? mine.result.grade === selection?.grade
                          ? `agrees: ${mine.result.rule}`
                          : `DISAGREES: ${mine.result.rule}`
                        : `not regraded: ${mine.reason}`}
                </td>
                <td data-testid="price-at">
                  {leg.oddsId === null ? (
                    'a selection key names no bookmaker: type the price taken'
                  ) : at.inForce === null ? (
                    data.historyErrors.has(leg.fixtureId) ? describeFailure(data.historyErrors.get(leg.fixtureId)) : 'no price recorded by then'
                  ) : (
                    <>
                      <span data-testid="price-at-value" data-price={at.inForce.price} data-changed-at={at.inForce.changedAt}>
                        {formatPrice(at.inForce.price, format)}
                      </span>{' '}
                      · since {formatTime(at.inForce.changedAt)} · {activity(at.inForce)}
                      {!takeable(at.inForce) && (
                        <strong className="leg-untakeable" data-testid="leg-untakeable">
                          {' '}
                          · not placeable at this price: the {at.inForce.marketActive ? 'selection was suspended' : 'market was closed'} at that moment
                        </strong>
                      )}
                    </>
                  )}
                </td>
                <td>
                  <input
                    type="number"
                    min="1"
                    step="0.01"
                    aria-label={`Price taken for ${leg.input}`}
                    placeholder={at.inForce === null ? 'price' : String(at.inForce.price)}
                    value={taken[leg.input] ?? ''}
                    aria-invalid={typedProblem !== null}
                    onChange={(e) => { setTaken({ ...taken, [leg.input]: e.target.value }); }}
                  />
                  {price === null ? '' : ` (${formatPrice(price, format)})`}
                  {typedProblem !== null && (
                    <span className="field-error" role="alert">
                      {' '}
                      {typedProblem}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <section className="settlement-payout" aria-label="Ticket">
        <h3>The ticket at {formatTime(atMs)}</h3>
        <p data-testid="accumulator">
          {unpriced >= 0
            ? `No accumulator price at that moment: leg ${String(unpriced + 1)} had no recorded price yet.`
            : untakeable >= 0
              ? `Not placeable at that moment: leg ${String(untakeable + 1)} could not be taken then (the product of the prices would be ${formatPrice(roundParlayPrice(accumulatorPrice(pricesAt)), format)}).`
              : <>Accumulator price at that moment: <strong data-testid="accumulator-price">{formatPrice(roundParlayPrice(accumulatorPrice(pricesAt)), format)}</strong> (the product of the legs, rounded as /fixtures/odds/parlay prices it).</>}
        </p>
        {sameFixture && (
          <p data-testid="no-sgp-price">
            No correlated SGP price at that moment is held: history records single prices, not same-game parlay quotes. The figure above is the
            uncorrelated product, not the bookmaker&apos;s SGP price.
          </p>
        )}
        {payout.ok ? (
          <p data-testid="payout" data-payout={payout.ticket.payout}>
            {payout.ticket.status}: pays {payout.ticket.payout.toFixed(payout.ticket.minorUnits)}
            {label} on a stake of {stake.toFixed(payout.ticket.minorUnits)}
            {label}, profit {payout.ticket.profit.toFixed(payout.ticket.minorUnits)}
            {label} ({payout.ticket.countedLegs} of {rows.length} legs counted).
          </p>
        ) : (
          <p data-testid="payout-unavailable" role="alert">
            No payout: {payout.reason}
          </p>
        )}
        <p className="settlement-rule">
          Rule: void and push legs are removed; a half-won leg pays (1 + price) / 2, a half-lost one 0.5; the factors multiply, and the payout
          is rounded once to the currency&apos;s minor units (2 decimals; 0 for JPY, KRW…; 3 for KWD, BHD…), half away from zero.
        </p>
      </section>
      <section className="price-history" aria-label="Prices around the moment">
        <h3>Prices recorded around {formatTime(atMs)}</h3>
        {rows
          .filter((r) => r.leg.oddsId !== null)
          .map(({ leg, at, history }) => (
            <table key={leg.input} className="price-window">
              <caption>
                <code>{leg.input}</code> ({history.length} recorded prices)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Source time (changedAt)</th>
                  <th scope="col">Price</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {at.window.map((entry) => (
                  <tr key={entry.changedAt} aria-current={entry === at.inForce ? 'true' : undefined} className={entry === at.inForce ? 'is-in-force' : undefined}>
                    <td>{formatTime(entry.changedAt)}</td>
                    <td>{formatPrice(entry.price, format)}</td>
                    <td>{activity(entry)}{entry === at.inForce ? ' · in force at the moment' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
      </section>
    </>
  );
}
