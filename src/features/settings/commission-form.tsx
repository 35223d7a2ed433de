// Exchange commission per book that charges one, for the current service: the odds screen's best
// price, arbitrage and EV compare prices net of it (src/domain/commission.ts). The rates live in
// the board prefs of src/settings, per service URL; the odds screen's books panel links here.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { bookmakersQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { commissionOf, DEFAULT_COMMISSION } from '../../domain/commission.ts';
import { COMMISSION_ANCHOR } from '../../settings/board-prefs-store.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';

/** A percentage of winnings from the field, or null when it is not one a rate can be (0 to under 100). */
function percentOf(text: string): number | null {
  if (text.trim() === '') return null;
  const percent = Number(text);
  return Number.isFinite(percent) && percent >= 0 && percent < 100 ? percent : null;
}

const shownPercent = (rate: number): string => String(Number((rate * 100).toFixed(2)));

interface CommissionFieldProps {
  readonly bookmaker: string;
  readonly name: string;
  readonly rate: number;
  readonly set: boolean;
  readonly onChange: (rate: number | null) => void;
}

function CommissionField({ bookmaker, name, rate, set, onChange }: CommissionFieldProps) {
  const id = useId();
  // What the user typed, kept while it is not a rate, so a bad value is said, not silently undone.
  // An emptied field is a number on its way, not an error; leaving it shows the rate in force.
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft !== null && draft.trim() !== '' && percentOf(draft) === null;
  const fallback = DEFAULT_COMMISSION[bookmaker] ?? 0;
  return (
    <div className="field commission-field">
      <label htmlFor={id}>{name} commission (%)</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={99.9}
        step={0.1}
        value={draft ?? shownPercent(rate)}
        aria-invalid={problem}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const percent = percentOf(event.target.value);
          setDraft(percent === null ? event.target.value : null);
          if (percent !== null) onChange(percent / 100);
        }}
        onBlur={() => {
          if (draft?.trim() === '') setDraft(null);
        }}
      />
      <span id={`${id}-hint`} className={problem ? 'field-error' : 'hint'} role={problem ? 'alert' : undefined}>
        {problem ? 'A commission is a percentage of winnings from 0 to under 100.' : `default ${shownPercent(fallback)}%`}
      </span>
      {set && (
        <button
          type="button"
          onClick={() => {
            setDraft(null);
            onChange(null);
          }}
        >
          Use the default
        </button>
      )}
    </div>
  );
}

export function CommissionForm() {
  const client = useApiClient();
  const bookmakers = useQuery(bookmakersQuery(client));
  const [prefs, update] = useBoardPrefs();
  const id = useId();
  const names = new Map(bookmakers.data?.map((b) => [b.bookmaker, bookmakerLabel(b)]));
  // The books that charge by default (those this service lists, once known) and any the user set.
  const listed = bookmakers.data === undefined ? null : new Set(bookmakers.data.map((b) => b.bookmaker));
  const charging = [...new Set([...Object.keys(DEFAULT_COMMISSION).filter((b) => listed?.has(b) ?? true), ...Object.keys(prefs.commission)])];

  const location = useLocation();
  const sectionRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (location.hash === `#${COMMISSION_ANCHOR}`) sectionRef.current?.scrollIntoView();
  }, [location.hash]);

  return (
    <section ref={sectionRef} id={COMMISSION_ANCHOR} className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Exchange commission</h3>
      <p className="hint">
        Taken from the winnings of a winning bet. The odds screen&apos;s best price, arbitrage and EV compare prices net of it
        (1 + (price − 1) × (1 − commission)); prices are still shown gross. Kept for this service only.
      </p>
      {charging.map((bookmaker) => (
        <CommissionField
          key={bookmaker}
          bookmaker={bookmaker}
          name={names.get(bookmaker) ?? bookmaker}
          rate={commissionOf(bookmaker, prefs.commission)}
          set={bookmaker in prefs.commission}
          onChange={(rate) => {
            const { [bookmaker]: _replaced, ...others } = prefs.commission;
            update({ commission: rate === null ? others : { ...others, [bookmaker]: rate } });
          }}
        />
      ))}
    </section>
  );
}
