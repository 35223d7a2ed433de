// `/settlement`, for support staff: paste an oddsId, selection key or parlayId and see the
// fixture's result, each leg's grade and rule as the service settled it, the payout for a stake,
// and the price in force at a chosen moment. The lookup lives in the URL (`?q=`), so it can be shared.
import { useMemo, useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { describeFailure } from '../../api/api-error.ts';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { useSettings } from '../../settings/use-settings.ts';
import { FixtureResult } from './fixture-result.tsx';
import { parseLookup } from './settlement-lookup.ts';
import { SettlementLegs } from './settlement-legs.tsx';
import { useSettlementData } from './use-settlement-data.ts';
import './settlement.css';

/** `YYYY-MM-DDTHH:MM:SS` in UTC, as a datetime-local input holds it. */
const toInput = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const fromInput = (value: string): number | null => {
  const ms = Date.parse(`${value}Z`);
  return Number.isFinite(ms) ? ms : null;
};

/** The endpoints the settlement lookup uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures/settlement', '/fixtures/odds/historical', '/markets', '/fixtures'];

export function SettlementPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [stakeText, setStakeText] = useState('10');
  const [atText, setAtText] = useState<string | null>(null);
  const format = useSettings((s) => s.oddsFormat);
  const parsed = useMemo(() => (q === '' ? null : parseLookup(q)), [q]);
  const legs = useMemo(() => (parsed?.ok === true ? parsed.legs : []), [parsed]);
  const data = useSettlementData(legs);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAtText(null);
    setParams(text.trim() === '' ? {} : { q: text.trim() });
  };

  // The moment defaults to the first fixture's start: the price a pre-match bet was taken at.
  const firstStart = data.views.get(data.fixtureIds[0] ?? '')?.startTime;
  const atMs = (atText === null ? null : fromInput(atText)) ?? (firstStart === undefined ? null : firstStart * 1000);
  const stake = Number(stakeText);

  return (
    <section className="settlement-page" aria-labelledby="settlement-title">
      <h2 id="settlement-title">Settlement lookup</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <form className="settlement-form" onSubmit={submit}>
        <label>
          oddsId, selection key or parlayId
          <textarea rows={2} value={text} onChange={(e) => { setText(e.target.value); }} aria-invalid={parsed?.ok === false} />
        </label>
        <button type="submit">Look up</button>
      </form>
      {parsed?.ok === false && (
        <ul className="settlement-errors" role="alert">
          {parsed.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {legs.length > 0 && (
        <>
          <div className="settlement-controls">
            <label>
              Stake{' '}
              <input type="number" min="0" step="any" value={stakeText} onChange={(e) => { setStakeText(e.target.value); }} aria-invalid={!(stake >= 0)} />
            </label>
            <label>
              The moment (UTC){' '}
              <input type="datetime-local" step="1" value={atText ?? (atMs === null ? '' : toInput(atMs))} onChange={(e) => { setAtText(e.target.value); }} />
            </label>
          </div>
          {data.lookupError != null && <p role="alert">{describeFailure(data.lookupError)}</p>}
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
          {atMs !== null && <SettlementLegs legs={legs} data={data} atMs={atMs} stake={stake} format={format} />}
        </>
      )}
    </section>
  );
}
