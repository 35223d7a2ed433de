// What a click on a price of the board at a past moment offers: that price checked as a ticket at
// that moment (the settlement desk's ticket check, with the leg, its bookmaker and the moment in
// its URL). A past price never goes to the live slip.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { formatMoment } from '../../domain/time-format.ts';
import type { OddsEntry } from '../../wire/shared-schemas.ts';

export interface PastPriceOfferProps {
  readonly oddsId: string;
  /** The price in force at the moment (as the board shows it). */
  readonly entry: OddsEntry;
  readonly atMs: number;
  readonly timeZone: string;
  readonly format: OddsFormat;
  readonly nameOf: (bookmaker: string) => string;
  readonly onClose: () => void;
}

/** The ticket check's URL for one leg at one moment (`/settlement?q=&at=&book=`). */
export function ticketCheckHref(oddsId: string, bookmaker: string, atMs: number): string {
  const params = new URLSearchParams({ q: oddsId, at: new Date(atMs).toISOString(), book: bookmaker });
  return `/settlement?${params.toString()}`;
}

export function PastPriceOffer({ oddsId, entry, atMs, timeZone, format, nameOf, onClose }: PastPriceOfferProps) {
  const link = useRef<HTMLAnchorElement | null>(null);
  // The offer answers a click or Enter on a price: the keyboard lands on what it offers.
  useEffect(() => {
    link.current?.focus();
  }, [oddsId]);
  const when = formatMoment(atMs, timeZone);
  const state = !entry.marketActive ? ' (its market was suspended then)' : !entry.active ? ' (inactive then)' : '';
  return (
    <div className="past-price-offer" role="dialog" aria-label="A past price">
      <p>
        {nameOf(entry.bookmaker)} {formatPrice(entry.price, format)} at {when}
        {state}. A past price does not go on the live slip.
      </p>
      <Link ref={link} to={ticketCheckHref(oddsId, entry.bookmaker, atMs)}>
        Check this ticket at {when}
      </Link>{' '}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
