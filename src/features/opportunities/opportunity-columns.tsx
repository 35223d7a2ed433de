// The columns of the two tabs for TanStack Table. Rows arrive sorted from the worker, so a column
// only says whether it sorts (its id is the worker's sort id) and how a cell reads. Stakes: an EV
// bet's flat stake or Kelly share of the bankroll; an arbitrage's legs split a total stake by the
// closed form stakeᵢ = T·(1/netᵢ)/Σ 1/netⱼ — all rounded to cents (docs/domain.md, "Opportunities").
import type { ColumnDef } from '@tanstack/react-table';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { ArbRow, EvRow } from '../../book/opportunity-scanner.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { arbitrageStakes, formatEv, kellyFraction } from '../../domain/opportunities.ts';
import { roundHalfAwayFromZero } from '../../domain/rounding.ts';
import { formatAge } from '../../domain/time-format.ts';
import type { OpportunityParams } from './opportunity-params.ts';

export interface ColumnContext {
  readonly nameOf: (bookmaker: string) => string;
  readonly playerNameOf: (playerId: number) => string;
  readonly format: OddsFormat;
  readonly params: OpportunityParams;
}

/**
 * One clock for every age cell shown, ticking each second while any is mounted. Ages are the only
 * thing that moves with time, so a tick re-renders the age cells alone: were the time an input of
 * the columns, every row would re-render each second.
 */
const clock: { now: number; timer: ReturnType<typeof setInterval> | null; readonly listeners: Set<() => void> } = { now: Date.now(), timer: null, listeners: new Set() };

function subscribeClock(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (clock.timer === null) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const notify of clock.listeners) notify();
    }, 1_000);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer !== null) {
      clearInterval(clock.timer);
      clock.timer = null;
    }
  };
}

function readClock(): number {
  return clock.now;
}

/** How long ago `since` (epoch ms) was, kept current by the shared clock. */
function AgeCell({ since }: { readonly since: number }) {
  const now = useSyncExternalStore(subscribeClock, readClock);
  return <>{formatAge(now - since)}</>;
}

/** The odds screen of the fixture, on the cell of `oddsId`. */
export function cellPath(fixtureId: string, oddsId: string): string {
  return `/fixtures/${encodeURIComponent(fixtureId)}?cell=${encodeURIComponent(oddsId)}`;
}

/** An amount of money, to the cent. */
export function formatMoney(amount: number, currency: string): string {
  return `${roundHalfAwayFromZero(amount, 2).toFixed(2)} ${currency}`;
}

/** The stake of an EV bet: flat, or the Kelly share (times the chosen fraction) of the bankroll. */
export function evStake(row: EvRow, params: OpportunityParams): number {
  if (params.stakeMode === 'flat') return params.flat;
  return params.bankroll * params.kelly * kellyFraction(row.fairProbability, row.netPrice);
}

function FixtureCell({ row }: { readonly row: { fixtureName: string; live: boolean } }) {
  return (
    <span className="opportunity-fixture">
      {row.live && <span className="live-badge">Live</span>} {row.fixtureName}
    </span>
  );
}

export function evColumns({ nameOf, playerNameOf, format, params }: ColumnContext): ColumnDef<EvRow>[] {
  return [
    {
      id: 'selection',
      header: 'Selection',
      meta: { width: 'minmax(12rem, 2fr)' },
      cell: ({ row: { original: r } }) => (
        <Link to={cellPath(r.fixtureId, r.oddsId)} title="Open the fixture's odds screen on this price">
          {r.marketName} · <strong>{r.outcomeName}</strong>
          {r.playerId !== 0 && <span className="opportunity-player"> ({playerNameOf(r.playerId)})</span>}
        </Link>
      ),
    },
    { id: 'fixture', header: 'Fixture', meta: { width: 'minmax(10rem, 2fr)' }, cell: ({ row }) => <FixtureCell row={row.original} /> },
    { id: 'book', header: 'Book', meta: { width: '10rem' }, cell: ({ row }) => nameOf(row.original.bookmaker) },
    {
      id: 'price',
      header: 'Price',
      meta: { width: '5rem', numeric: true },
      cell: ({ row: { original: r } }) => (
        <span data-price={String(r.price)} title={r.netPrice === r.price ? String(r.price) : `${String(r.price)}, ${String(r.netPrice)} net of commission`}>
          {formatPrice(r.price, format)}
        </span>
      ),
    },
    {
      id: 'fair',
      header: 'Fair',
      meta: { width: '5rem', numeric: true },
      cell: ({ row: { original: r } }) => <span data-fair={String(r.fairPrice)} title={`fair probability ${r.fairProbability.toFixed(4)}`}>{formatPrice(r.fairPrice, format)}</span>,
    },
    {
      id: 'ev',
      header: 'EV',
      meta: { width: '6.5rem', numeric: true },
      cell: ({ row: { original: r } }) => (
        <span className="ev-positive" data-ev={formatEv(r.ev)} title={`EV = fair probability ${r.fairProbability.toFixed(4)} × net price ${r.netPrice.toFixed(3)} − 1`}>
          {formatEv(r.ev)}
        </span>
      ),
    },
    { id: 'age', header: 'Age', meta: { width: '6rem', numeric: true }, cell: ({ row }) => <AgeCell since={row.original.changedAt} /> },
    {
      id: 'stake',
      header: params.stakeMode === 'flat' ? 'Stake' : `Stake (${String(params.kelly)} Kelly)`,
      enableSorting: false,
      meta: { width: '8rem', numeric: true },
      cell: ({ row }) => <span data-stake>{formatMoney(evStake(row.original, params), params.currency)}</span>,
    },
  ];
}

export function arbColumns({ nameOf, playerNameOf, format, params }: ColumnContext): ColumnDef<ArbRow>[] {
  return [
    { id: 'fixture', header: 'Fixture', meta: { width: 'minmax(10rem, 2fr)' }, cell: ({ row }) => <FixtureCell row={row.original} /> },
    {
      id: 'market',
      header: 'Market',
      meta: { width: 'minmax(8rem, 1.5fr)' },
      cell: ({ row: { original: r } }) => (
        <Link to={cellPath(r.fixtureId, r.legs[0]?.oddsId ?? '')}>
          {r.marketName}
          {r.playerId !== 0 && <span className="opportunity-player"> ({playerNameOf(r.playerId)})</span>}
        </Link>
      ),
    },
    {
      id: 'legs',
      header: `Legs: outcome, book, price → stake of ${formatMoney(params.total, params.currency)}`,
      enableSorting: false,
      meta: { width: 'minmax(20rem, 4fr)' },
      cell: ({ row: { original: r } }) => {
        const stakes = arbitrageStakes(r.legs.map((leg) => leg.share), params.total);
        return (
          <ul className="arb-legs">
            {r.legs.map((leg, i) => (
              <li key={leg.oddsId} data-leg data-leg-price={String(leg.price)} title={`${nameOf(leg.bookmaker)} ${String(leg.price)}${leg.netPrice === leg.price ? '' : `, net ${String(leg.netPrice)}`}`} data-leg-net={leg.netPrice.toFixed(4)} data-leg-stake={roundHalfAwayFromZero(stakes[i] ?? 0, 2).toFixed(2)}>
                <strong>{leg.outcomeName}</strong> {nameOf(leg.bookmaker)} {formatPrice(leg.price, format)}
                {leg.netPrice !== leg.price && <span className="muted"> (net {formatPrice(leg.netPrice, 'decimal')})</span>} →{' '}
                {formatMoney(stakes[i] ?? 0, params.currency)}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      id: 'profit',
      header: 'Return',
      meta: { width: '8rem', numeric: true },
      cell: ({ row: { original: r } }) => (
        <span data-return={formatMoney(params.total / r.impliedSum, params.currency)} title={`Every outcome returns ${formatMoney(params.total / r.impliedSum, params.currency)} for ${formatMoney(params.total, params.currency)} staked`}>
          {formatEv(r.profitRatio)}
          <br />
          <span className="muted">{formatMoney(params.total / r.impliedSum, params.currency)}</span>
        </span>
      ),
    },
    { id: 'age', header: 'Oldest leg', meta: { width: '7rem', numeric: true }, cell: ({ row }) => <AgeCell since={row.original.oldestChangedAt} /> },
  ];
}
