// A finished fixture's settlement sheet, React-free: every selection the service graded, its grade
// and rule, the domain grader's own reading of it (a disagreement is kept, never hidden), and per
// bookmaker the price at kick-off (the last recorded at or before the start) and the last price.
import { buildOddsId } from '../../domain/ids.ts';
import type { CsvCell } from '../../domain/csv.ts';
import type { FixtureHistoricalOddsResponse, HistoricalOddsEntry, SettledSelection, SettlementResponse } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { domainGrade, historyOf, priceAt } from './settlement-lookup.ts';

/** How the domain grader's reading compares with the service's grade. */
export type GradeCheck =
  | { readonly kind: 'agrees'; readonly rule: string }
  | { readonly kind: 'disagrees'; readonly grade: string; readonly rule: string }
  | { readonly kind: 'not-regraded'; readonly reason: string };

export interface SheetPrice {
  readonly bookmaker: string;
  readonly oddsId: string;
  /** The price in force at kick-off; null when the book first priced it after the start. */
  readonly kickOffClose: HistoricalOddsEntry | null;
  /** The last recorded price. */
  readonly last: HistoricalOddsEntry;
}

export interface SheetRow {
  readonly selection: SettledSelection;
  readonly market: Market | undefined;
  /** `Match Result: 1`, or the ids when the catalogue does not hold the market. */
  readonly label: string;
  readonly check: GradeCheck;
  /** Books that recorded a price for this selection, by slug. */
  readonly prices: readonly SheetPrice[];
}

/** The domain grader's reading of one selection, compared with the service's grade. */
export function checkGrade(market: Market | undefined, selection: SettledSelection): GradeCheck {
  const mine = domainGrade(market, selection);
  if (!mine.ok) return { kind: 'not-regraded', reason: mine.reason };
  return mine.result.grade === selection.grade ? { kind: 'agrees', rule: mine.result.rule } : { kind: 'disagrees', grade: mine.result.grade, rule: mine.result.rule };
}

function labelOf(market: Market | undefined, selection: SettledSelection, playerNameOf: (playerId: number) => string): string {
  const player = selection.playerId === 0 ? '' : ` (${playerNameOf(selection.playerId)})`;
  if (market === undefined) return `market ${String(selection.marketId)}, outcome ${String(selection.outcomeId)}${player}`;
  const outcome = market.outcomes.find((o) => o.outcomeId === selection.outcomeId)?.outcomeName ?? String(selection.outcomeId);
  return `${market.marketName}: ${outcome}${player}`;
}

/**
 * The sheet's rows in the service's order. `history` holds every recorded price of the fixture
 * (all bookmakers); `kickOffMs` is its start; a player prop's label names its player.
 */
export function buildSheetRows(
  settlement: SettlementResponse,
  markets: ReadonlyMap<number, Market>,
  history: FixtureHistoricalOddsResponse | undefined,
  kickOffMs: number,
  playerNameOf: (playerId: number) => string = (playerId) => `player ${String(playerId)}`,
): SheetRow[] {
  const bookmakers = Object.keys(history?.odds ?? {}).sort();
  return settlement.selections.map((selection) => {
    const market = markets.get(selection.marketId);
    const [fixtureId] = selection.selectionKey.split(':');
    const prices: SheetPrice[] = [];
    for (const bookmaker of bookmakers) {
      const oddsId = buildOddsId({ fixtureId: fixtureId ?? settlement.fixtureId, bookmaker, outcomeId: selection.outcomeId, playerId: selection.playerId });
      const entries = historyOf(history, oddsId, bookmaker);
      const last = entries.at(-1);
      if (last === undefined) continue;
      prices.push({ bookmaker, oddsId, kickOffClose: priceAt(entries, kickOffMs, 0).inForce, last });
    }
    return { selection, market, label: labelOf(market, selection, playerNameOf), check: checkGrade(market, selection), prices };
  });
}

/** The market family a row belongs to (its marketType, e.g. `totals`), for the sheet's filter. */
export function familyOf(row: SheetRow): string {
  return row.market?.marketType ?? 'unknown';
}

export const SHEET_CSV_HEADER = ['selectionKey', 'selection', 'grade', 'rule', 'domainCheck', 'bookmaker', 'oddsId', 'kickOffClose', 'kickOffCloseChangedAt', 'lastPrice', 'lastChangedAt'] as const;

/** One CSV row per selection and bookmaker (one row with empty price cells where no book priced it). */
export function sheetCsvRows(rows: readonly SheetRow[], bookmaker: string | null): CsvCell[][] {
  return rows.flatMap((row) => {
    const check = row.check.kind === 'disagrees' ? `disagrees: ${row.check.grade}` : row.check.kind;
    const base = [row.selection.selectionKey, row.label, row.selection.grade, row.selection.rule, check];
    const prices = row.prices.filter((p) => bookmaker === null || p.bookmaker === bookmaker);
    if (prices.length === 0) return [[...base, '', '', '', '', '', '']];
    return prices.map((p) => [...base, p.bookmaker, p.oddsId, p.kickOffClose?.price ?? '', p.kickOffClose?.changedAt ?? '', p.last.price, p.last.changedAt]);
  });
}
