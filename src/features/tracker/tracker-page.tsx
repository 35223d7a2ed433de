// The bet tracker: every tracked bet with its close, CLV, result and profit, the totals an
// analyst judges a record by, a form to add a bet (prefilled by "Track this bet" links) and CSV
// export and import.
import { useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { describeFailure } from '../../api/api-error.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { ClvReferencePicker } from '../../components/clv-reference-picker.tsx';
import { downloadText } from '../../components/csv-download.ts';
import { clvReferenceOf, DEFAULT_SHARP_BOOK, formatClvPercent, type ClvReference } from '../../domain/closing-line.ts';
import { IdError, parseOddsId, splitIdList } from '../../domain/ids.ts';
import { roundHalfAwayFromZero } from '../../domain/rounding.ts';
import { TrackedBetCsvError } from '../../domain/tracked-bet-csv.ts';
import {
  betClose,
  betClv,
  betSettlement,
  referenceClose,
  referenceClv,
  takenPrice,
  totalsBy,
  trackerTotals,
  TrackedBetError,
  type TrackedBet,
  type TrackerTotals,
} from '../../domain/tracked-bet.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { CumulativeChart } from './cumulative-chart.tsx';
import { TrackerStoreError } from './tracker-store.ts';
import { useTrackerReference, useTrackerStore } from './use-tracker-store.ts';
import './tracker.css';

function percent(fraction: number | null): string {
  return fraction === null ? '–' : `${roundHalfAwayFromZero(fraction * 100, 1).toFixed(1)}%`;
}

function closeText(bet: TrackedBet): string {
  const close = betClose(bet);
  if (close.kind === 'open') return 'closes at kick-off';
  if (close.kind === 'none') return close.reason;
  return close.price.toFixed(3);
}

function clvText(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : formatClvPercent(value);
}

/** The reference's close as shown: a price, or why there is none ("not stored" when the bet was kept without it). */
function referenceCloseText(bet: TrackedBet, reference: ClvReference, nameOf: (slug: string) => string): string {
  const close = referenceClose(bet, reference);
  switch (close.kind) {
    case 'closed':
      return close.price.toFixed(3);
    case 'open':
    case 'none':
      // The Close column already says why.
      return '–';
    case 'no-close':
      return close.of === 'consensus' ? 'no consensus close' : `no close at ${nameOf(close.of)}`;
    case 'not-stored':
      return 'not stored';
    default: {
      const unknown: never = close;
      return unknown;
    }
  }
}

/** The column heading of the chosen reference. */
function referenceName(reference: ClvReference, nameOf: (slug: string) => string): string {
  return reference.kind === 'sharp' ? nameOf(reference.bookmaker) : reference.kind === 'consensus' ? 'consensus' : 'same book';
}

/** Every bookmaker a stored close is known of, for the sharp book's choice; the default sharp book first. */
function booksOf(bets: readonly TrackedBet[]): string[] {
  const books = new Set<string>([DEFAULT_SHARP_BOOK]);
  for (const bet of bets) {
    for (const leg of bet.legs) {
      books.add(leg.bookmaker);
      if (leg.close.kind === 'closed') for (const book of leg.close.bookCloses ?? []) books.add(book.bookmaker);
    }
  }
  return [...books].sort();
}

function TotalsRow({ label, totals }: { readonly label: string; readonly totals: TrackerTotals }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{totals.count}</td>
      <td>{clvText(totals.averageClv)}</td>
      <td>{percent(totals.beatCloseShare)}</td>
      <td>{percent(totals.roi)}</td>
      <td>{percent(totals.hitRate)}</td>
      <td>{roundHalfAwayFromZero(totals.profit, 2).toFixed(2)}</td>
    </tr>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof TrackedBetError || error instanceof TrackedBetCsvError || error instanceof TrackerStoreError || error instanceof IdError) return error.message;
  // A failed call to the service (unreachable, refused key, …) in the service's words.
  return describeFailure(error);
}

export function TrackerPage() {
  const { store, load } = useTrackerStore();
  const client = useApiClient();
  // Display names on the page; the store and its CSV keep the slugs.
  const nameOf = useBookmakerNameOf();
  const { format } = useTimeZone();
  const [params, setParams] = useSearchParams();
  const [stake, setStake] = useState('10');
  const [note, setNote] = useState('');
  const [oddsIds, setOddsIds] = useState(params.get('oddsIds') ?? '');
  const [prices, setPrices] = useState(params.get('prices') ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [choice, setChoice] = useTrackerReference();
  const reference = clvReferenceOf(choice);
  const bets = load.bets;

  const add = async () => {
    try {
      const ids = splitIdList(oddsIds);
      const taken = prices.split(/[\s,]+/u).filter((p) => p !== '').map(Number);
      if (ids.length === 0) throw new TrackedBetError('oddsId', 'Enter an oddsId.');
      if (taken.length !== ids.length) throw new TrackedBetError('price', `Enter one price per leg: ${String(ids.length)} legs, ${String(taken.length)} prices.`);
      const parsed = ids.map((oddsId) => parseOddsId(oddsId));
      // An oddsId of a fixture the service does not know is refused, not tracked blind.
      const fixtures = await client.fixtures({ fixtureIds: [...new Set(parsed.map((p) => p.fixtureId))] });
      const legs = parsed.map((p, i) => {
        const fixture = fixtures.find((f) => f.fixtureId === p.fixtureId);
        if (fixture === undefined) throw new TrackedBetError('oddsId', `The service knows no fixture ${p.fixtureId} (oddsId ${p.oddsId}).`);
        return { oddsId: p.oddsId, bookmaker: p.bookmaker, price: taken[i] ?? Number.NaN, sport: fixture.sport.sportName, label: '', close: { kind: 'open' } as const, grade: null };
      });
      const now = Date.now();
      store.add({ id: `${String(now)}-${String(bets.length + 1)}`, placedAt: now, stake: Number(stake), currency: 'units', note, legs });
      setMessage(`Tracked ${legs.length === 1 ? 'the bet' : `the ${String(legs.length)}-leg parlay`}.`);
      setOddsIds('');
      setPrices('');
      setNote('');
      setParams({}, { replace: true });
    } catch (error) {
      setMessage(messageOf(error));
    }
  };

  const importFile = async (file: File) => {
    try {
      const count = store.importCsv(await file.text());
      setMessage(`Imported ${String(count)} ${count === 1 ? 'bet' : 'bets'}.`);
    } catch (error) {
      setMessage(messageOf(error));
    }
  };

  return (
    <section className="tracker-page" aria-labelledby="tracker-title">
      <h1 id="tracker-title">Bet tracker</h1>
      {load.problem !== null && <p role="alert">{load.problem}</p>}
      <form
        className="tracker-add"
        onSubmit={(event: SyntheticEvent) => {
          event.preventDefault();
          void add();
        }}
        aria-label="Track a bet"
      >
        <label>
          oddsId (a parlay: several)
          <input value={oddsIds} onChange={(e) => { setOddsIds(e.target.value); }} />
        </label>
        <label>
          Price taken (one per leg)
          <input value={prices} onChange={(e) => { setPrices(e.target.value); }} inputMode="decimal" />
        </label>
        <label>
          Stake
          <input value={stake} onChange={(e) => { setStake(e.target.value); }} inputMode="decimal" />
        </label>
        <label>
          Note
          <input value={note} onChange={(e) => { setNote(e.target.value); }} />
        </label>
        <button type="submit">Track this bet</button>
      </form>
      {message !== null && <p role="status">{message}</p>}
      <div className="tracker-csv">
        <button type="button" onClick={() => { downloadText(store.exportCsv(), 'tracked-bets.csv', 'text/csv;charset=utf-8'); }}>
          Export CSV
        </button>
        <label>
          Import CSV
          <input type="file" accept=".csv,text/csv" onChange={(e) => { const file = e.target.files?.[0]; if (file !== undefined) void importFile(file); e.target.value = ''; }} />
        </label>
      </div>
      <h2>Totals</h2>
      <table className="tracker-totals">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Bets</th>
            <th scope="col">Average CLV</th>
            <th scope="col">Beat the close</th>
            <th scope="col">ROI</th>
            <th scope="col">Hit rate</th>
            <th scope="col">P/L</th>
          </tr>
        </thead>
        <tbody>
          <TotalsRow label="All bets" totals={trackerTotals(bets)} />
          {totalsBy(bets, (leg) => leg.bookmaker).map((g) => <TotalsRow key={`b-${g.key}`} label={`Book: ${nameOf(g.key)}`} totals={g.totals} />)}
          {totalsBy(bets, (leg) => leg.sport).map((g) => <TotalsRow key={`s-${g.key}`} label={`Sport: ${g.key}`} totals={g.totals} />)}
        </tbody>
      </table>
      <CumulativeChart bets={bets} />
      <h2>Bets</h2>
      <ClvReferencePicker value={choice} onChange={setChoice} books={booksOf(bets)} nameOf={nameOf} sameBookWhere="the Close column" />
      {bets.length === 0 ? (
        <p className="empty-state">No bets tracked yet: use "Track this bet" on a price, or the form above.</p>
      ) : (
        <table className="tracker-bets">
          <thead>
            <tr>
              <th scope="col">Placed</th>
              <th scope="col">Selection</th>
              <th scope="col">Book</th>
              <th scope="col">Price</th>
              <th scope="col">Stake</th>
              <th scope="col">Close</th>
              <th scope="col">CLV</th>
              <th scope="col">CLV no-vig</th>
              <th scope="col">Close: {referenceName(reference, nameOf)}</th>
              <th scope="col">CLV vs {referenceName(reference, nameOf)}</th>
              {reference.kind === 'sharp' && <th scope="col">No-vig CLV vs {referenceName(reference, nameOf)}</th>}
              <th scope="col">Result</th>
              <th scope="col">P/L</th>
              <th scope="col">Note</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => {
              const clv = betClv(bet);
              const versus = referenceClv(bet, reference);
              const settlement = betSettlement(bet);
              return (
                <tr key={bet.id} data-bet-id={bet.id}>
                  <td>{format(bet.placedAt)}</td>
                  <td>{bet.legs.map((leg) => leg.label || leg.oddsId).join(' + ')}</td>
                  <td data-col="book">{[...new Set(bet.legs.map((leg) => nameOf(leg.bookmaker)))].join(', ')}</td>
                  <td>{takenPrice(bet).toFixed(3)}</td>
                  <td>{bet.stake}</td>
                  <td data-col="close">{closeText(bet)}</td>
                  <td data-col="clv">{clvText(clv?.priceBased)}</td>
                  <td data-col="clv-no-vig">{clvText(clv?.noVig)}</td>
                  <td data-col="reference-close">{referenceCloseText(bet, reference, nameOf)}</td>
                  <td data-col="clv-reference">{clvText(versus?.priceBased)}</td>
                  {reference.kind === 'sharp' && <td data-col="clv-reference-no-vig">{clvText(versus?.noVig)}</td>}
                  <td data-col="result">{bet.legs.map((leg) => leg.grade ?? 'open').join(', ')}</td>
                  <td data-col="profit">{settlement === null ? '–' : settlement.profit.toFixed(settlement.minorUnits)}</td>
                  <td className="tracker-note">{bet.note}</td>
                  <td>
                    <button type="button" onClick={() => { try { store.remove(bet.id); } catch (error) { setMessage(messageOf(error)); } }}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
