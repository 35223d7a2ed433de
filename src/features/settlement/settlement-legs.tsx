// The looked-up legs: each one's grade as the service settled it and the rule that graded it, the
// domain grader's own reading of the same score, the price in force at the chosen moment (with its
// source time and whether the market was active) and the prices recorded around it, and the
// parlay's payout for a stake.
import { useState } from 'react';
import { describeFailure } from '../../api/api-error.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import type { HistoricalOddsEntry, SettledSelection, SettlementResponse } from '../../wire/schemas.ts';
import { domainGrade, historyOf, parlayPayout, priceAt, type LookupLeg } from './settlement-lookup.ts';
import type { SettlementData } from './use-settlement-data.ts';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;

function activity(entry: HistoricalOddsEntry): string {
  if (!entry.marketActive) return 'market closed';
  return entry.active ? 'active' : 'suspended';
}

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
  readonly format: OddsFormat;
}

export function SettlementLegs({ legs, data, atMs, stake, format }: SettlementLegsProps) {
  // Prices typed in by the user (the price taken), by leg input; otherwise the price at the moment.
  const [taken, setTaken] = useState<Readonly<Record<string, string>>>({});

  const rows = legs.map((leg) => {
    const settlement = data.settlements.get(leg.fixtureId);
    const selection: SettledSelection | undefined = settlement?.selections.find((s) => s.selectionKey === leg.selectionKey);
    const market = data.marketsByOutcome.get(leg.outcomeId);
    const history = leg.oddsId === null || leg.bookmaker === null ? [] : historyOf(data.histories.get(leg.fixtureId), leg.oddsId, leg.bookmaker);
    const at = priceAt(history, atMs);
    const typed = taken[leg.input];
    const typedPrice = typed === undefined || typed.trim() === '' ? null : Number(typed);
    const price = typedPrice !== null && Number.isFinite(typedPrice) ? typedPrice : (at.inForce?.price ?? null);
    return { leg, settlement, selection, market, history, at, price };
  });

  const graded = rows.filter((r) => r.selection !== undefined);
  const payout =
    graded.length === rows.length
      ? parlayPayout(
          graded.map((r) => ({ grade: r.selection?.grade ?? 'void', price: r.price })),
          stake,
        )
      : { ok: false as const, reason: 'not every leg is graded yet' };

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
          {rows.map(({ leg, settlement, selection, market, at, price }) => {
            const here = data.gradedHere.has(leg.fixtureId);
            const mine = selection === undefined || here ? null : domainGrade(market, selection);
            const outcome = market?.outcomes.find((o) => o.outcomeId === leg.outcomeId)?.outcomeName;
            return (
              <tr key={leg.input} data-leg={leg.input}>
                <th scope="row">
                  {market === undefined ? `outcome ${String(leg.outcomeId)}` : `${market.marketName}: ${outcome ?? String(leg.outcomeId)}`}
                  {leg.playerId === 0 ? '' : ` (player ${String(leg.playerId)})`}
                  {leg.bookmaker === null ? '' : ` at ${leg.bookmaker}`}
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
                      {formatPrice(at.inForce.price, format)} · since {utc(at.inForce.changedAt)} · {activity(at.inForce)}
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
                    onChange={(e) => { setTaken({ ...taken, [leg.input]: e.target.value }); }}
                  />
                  {price === null ? '' : ` (${formatPrice(price, format)})`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <section className="settlement-payout" aria-label="Payout">
        <h3>Payout for a stake of {stake}</h3>
        {payout.ok ? (
          <p data-testid="payout" data-payout={payout.settlement.payout}>
            {payout.settlement.status}: returns {payout.settlement.payout.toFixed(2)} (× {payout.settlement.returnFactor.toFixed(4)}), profit{' '}
            {payout.settlement.profit.toFixed(2)}. Void and push legs count at 1, half-won at (1 + price) / 2, half-lost at 0.5.
          </p>
        ) : (
          <p data-testid="payout-unavailable">No payout yet: {payout.reason}.</p>
        )}
      </section>
      <section className="price-history" aria-label="Prices around the moment">
        <h3>Prices recorded around {utc(atMs)}</h3>
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
                    <td>{utc(entry.changedAt)}</td>
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
