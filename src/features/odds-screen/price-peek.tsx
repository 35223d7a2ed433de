// What a trader sees on hovering or focusing a price: its age (since `changedAt`), the previous
// price (seen since the page loaded, else from the recorded history, fetched on demand), the
// opening price (OLV, from /fixtures/odds/clv), the stake limit when the book states one, and the
// book's freshness bound; and "Track this bet" at that price (the tracker's form, prefilled). One
// peek per board, so a price cell carries no popover of its own.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fixtureClvQuery, fixtureHistoryQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useOdds } from '../../book/use-book.ts';
import { trackBetPath } from '../../components/track-bet-path.ts';
import { commissionOf, netPrice, type CommissionRates } from '../../domain/commission.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { formatAge } from '../../domain/time-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { FixtureHistoricalOddsResponse } from '../../wire/rest-schemas.ts';
import type { PreviousPrice, PriceMemory } from './price-memory.ts';

/** The price the peek is about and where its cell is on screen (viewport px). */
export interface PeekTarget {
  readonly oddsId: string;
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
}

export interface PricePeekProps {
  readonly target: PeekTarget;
  readonly fixtureId: string;
  readonly live: boolean;
  readonly memory: PriceMemory;
  readonly nameOf: (bookmaker: string) => string;
  readonly boundOf: (bookmaker: string) => string | null;
  readonly format: OddsFormat;
  readonly commission: CommissionRates | undefined;
}

/** The latest recorded price before `changedAt` that differs from `price`, with when it was replaced. */
export function previousFromHistory(history: FixtureHistoricalOddsResponse, oddsId: string, price: number, changedAt: number): PreviousPrice | null {
  const bookmaker = oddsId.split(':')[1] ?? '';
  const recorded = Object.values(history.odds[bookmaker]?.[oddsId] ?? {}).sort((a, b) => a.changedAt - b.changedAt);
  let replacedAt = changedAt;
  for (let i = recorded.length - 1; i >= 0; i--) {
    const entry = recorded[i];
    if (entry === undefined || entry.changedAt >= changedAt) continue;
    if (entry.price !== price) return { price: entry.price, changedAt: entry.changedAt, replacedAt };
    replacedAt = entry.changedAt;
  }
  return null;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

const PEEK_WIDTH = 288;

export function PricePeek({ target, fixtureId, live, memory, nameOf, boundOf, format, commission }: PricePeekProps) {
  const { oddsId } = target;
  const bookmaker = oddsId.split(':')[1] ?? '';
  const entry = useOdds(oddsId);
  const now = useNow();
  const { format: clockTime } = useTimeZone();
  const client = useApiClient();
  const seen = memory.get(oddsId);
  const history = useQuery({ ...fixtureHistoryQuery(client, { fixtureId, oddsIds: [oddsId] }), enabled: seen === undefined && entry !== undefined });
  const clv = useQuery(fixtureClvQuery(client, fixtureId, { oddsIds: [oddsId] }));

  const previous = seen ?? (history.data === undefined || entry === undefined ? undefined : previousFromHistory(history.data, oddsId, entry.price, entry.changedAt));
  const olv = clv.data?.odds[bookmaker]?.[oddsId]?.olv;
  const rate = commissionOf(bookmaker, commission);
  const bound = boundOf(bookmaker);

  // Below the cell, or above it when there is no room below, touching it (the pointer moves from
  // the price into the peek without crossing another price); never past the right edge.
  // On a phone the slip is a bottom sheet (data-bottom-sheet): the room below ends at its top, so
  // the peek opens above a price near it instead of under it.
  const floor = bottomSheetTop() ?? window.innerHeight;
  const below = target.bottom + 200 < floor;
  const style = {
    left: Math.max(8, Math.min(target.left, window.innerWidth - PEEK_WIDTH - 8)),
    ...(below ? { top: target.bottom } : { bottom: window.innerHeight - target.top }),
  };
  return (
    // A group, not a tooltip: it holds a link, reached by Tab from the price.
    <div className="price-peek" role="group" aria-label={`${nameOf(bookmaker)} price details`} style={style} data-peek-odds-id={oddsId}>
      <p className="peek-title">
        <strong>{nameOf(bookmaker)}</strong> {entry === undefined ? 'not quoted' : formatPrice(entry.price, format)}
        {entry !== undefined && rate > 0 && (
          <span className="muted"> · net {formatPrice(netPrice(entry.price, rate), 'decimal')} after {(rate * 100).toFixed(1)}% commission</span>
        )}
      </p>
      <dl>
        {entry !== undefined && (
          <>
            <dt>Age</dt>
            <dd data-peek="age">
              {formatAge(now - entry.changedAt)} (since {clockTime(entry.changedAt)})
            </dd>
          </>
        )}
        <dt>Previous</dt>
        <dd data-peek="previous">
          {previous != null
            ? `${formatPrice(previous.price, format)}, changed at ${clockTime(previous.replacedAt)} (${formatAge(now - previous.replacedAt)} ago)${seen === undefined ? ', from history' : ''}`
            : history.isFetching
              ? 'looking it up…'
              : history.isError
                ? 'history unavailable'
                : 'no earlier price recorded'}
        </dd>
        <dt>Opening</dt>
        <dd data-peek="opening">
          {olv !== undefined ? `${formatPrice(olv.price, format)} at ${clockTime(olv.changedAt)}` : clv.isPending ? 'looking it up…' : 'not recorded'}
        </dd>
        {entry?.limit != null && (
          <>
            <dt>Limit</dt>
            <dd data-peek="limit">{entry.limit}</dd>
          </>
        )}
        <dt>Freshness</dt>
        <dd data-peek="bound">{bound === null ? `no ${live ? 'live' : 'pre-game'} bound stated` : `updated at least every ${bound}`}</dd>
      </dl>
      {entry?.active === true && entry.price > 1 && (
        <p className="peek-track">
          {/* The price as quoted now, decimal: the tracker's form takes it as the price taken. */}
          <Link to={trackBetPath([oddsId], [entry.price])}>Track this bet</Link>
        </p>
      )}
    </div>
  );
}

/** The top of a bottom sheet lying along the window's bottom edge, if one is shown. */
function bottomSheetTop(): number | null {
  for (const el of document.querySelectorAll('[data-bottom-sheet]')) {
    const rect = el.getBoundingClientRect();
    if (rect.height > 0 && rect.bottom >= window.innerHeight - 1 && rect.left <= 1 && rect.right >= window.innerWidth - 1) return rect.top;
  }
  return null;
}
