// `/settlement/:fixtureId`: a fixture's whole settlement sheet for support staff. Every selection
// the service graded with its rule and the domain grader's check, the score by period, and per
// bookmaker the kick-off close and last price; filters by market family and bookmaker, one-click
// oddsId copies, CSV export, and legs picked here go to the ticket check.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { describeFailures } from '../../api/api-error.ts';
import { bookmakersQuery, fixtureHistoryQuery, fixtureQuery, marketsByIdsQuery, settlementQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { usePlayerNameOf } from '../../api/use-player-names.ts';
import { downloadText } from '../../components/csv-download.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { toCsv } from '../../domain/csv.ts';
import { canonicalParlayId } from '../../domain/ids.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { FixtureResult } from './fixture-result.tsx';
import { buildSheetRows, familyOf, SHEET_CSV_HEADER, sheetCsvRows } from './settlement-sheet.ts';
import { SettlementSheetTable } from './settlement-sheet-table.tsx';
import './settlement.css';

export function SettlementSheetPage() {
  const { fixtureId = '' } = useParams();
  const client = useApiClient();
  const [family, setFamily] = useState('');
  const [bookmaker, setBookmaker] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  const fixture = useQuery(fixtureQuery(client, fixtureId));
  const settlement = useQuery({ ...settlementQuery(client, fixtureId), retry: false });
  const bookmakers = useQuery(bookmakersQuery(client));
  const marketIds = useMemo(() => [...new Set(settlement.data?.selections.map((s) => s.marketId) ?? [])].sort((a, b) => a - b), [settlement.data]);
  const markets = useQuery({ ...marketsByIdsQuery(client, marketIds), enabled: marketIds.length > 0 });
  const slugs = useMemo(() => (bookmakers.data ?? []).map((b) => b.bookmaker).sort(), [bookmakers.data]);
  // Every recorded price of the fixture in one request (cached per fixture): the sheet's closes.
  const history = useQuery({ ...fixtureHistoryQuery(client, { fixtureId, bookmakers: slugs }), enabled: slugs.length > 0 && settlement.data !== undefined, retry: false });

  const playerIds = useMemo(() => settlement.data?.selections.map((s) => s.playerId) ?? [], [settlement.data]);
  const playerNameOf = usePlayerNameOf(playerIds);
  const kickOffMs = (fixture.data?.startTime ?? 0) * 1000;
  const rows = useMemo(() => {
    if (settlement.data === undefined) return [];
    const byId = new Map((markets.data ?? []).map((m) => [m.marketId, m]));
    return buildSheetRows(settlement.data, byId, history.data, kickOffMs, playerNameOf);
  }, [settlement.data, markets.data, history.data, kickOffMs, playerNameOf]);
  const families = useMemo(() => [...new Set(rows.map(familyOf))].sort(), [rows]);
  const shown = rows.filter((row) => family === '' || familyOf(row) === family);
  const names = new Map((bookmakers.data ?? []).map((b) => [b.bookmaker, bookmakerLabel(b)]));
  const failures = describeFailures([fixture.error, settlement.error, bookmakers.error, markets.error, history.error]);

  const exportCsv = () => {
    const csv = toCsv([[...SHEET_CSV_HEADER], ...sheetCsvRows(shown, bookmaker === '' ? null : bookmaker)]);
    downloadText(csv, `settlement-${fixtureId}.csv`, 'text/csv;charset=utf-8');
  };
  const togglePick = (oddsId: string) => {
    const next = new Set(picked);
    if (!next.delete(oddsId)) next.add(oddsId);
    setPicked(next);
  };
  const ticketLink = `/settlement?q=${encodeURIComponent(canonicalParlayId([...picked]))}${kickOffMs > 0 ? `&at=${String(kickOffMs)}` : ''}`;

  return (
    <section className="settlement-page" aria-labelledby="sheet-title">
      <h2 id="sheet-title">Settlement sheet</h2>
      <p>
        <Link to="/settlement">Back to the search</Link> · <Link to={`/fixtures/${encodeURIComponent(fixtureId)}`}>Fixture page</Link>
      </p>
      {failures.map((sentence) => (
        <p key={sentence} role="alert">
          {sentence}
        </p>
      ))}
      {fixture.data === null && <p role="alert">No fixture {fixtureId} is known to this service (or the key may not see it).</p>}
      {settlement.data !== undefined && <FixtureResult fixtureId={fixtureId} view={fixture.data ?? undefined} settlement={settlement.data} />}
      {settlement.data !== undefined && settlement.data.selections.length === 0 && <p>No selection of this fixture has been graded yet.</p>}
      {rows.length > 0 && (
        <>
          <div className="filter-bar sheet-filters">
            <FilterSelect id="sheet-family" label="Market family" value={family} anyLabel="All market families" options={families.map((f) => ({ value: f, label: f }))} onChange={setFamily} />
            <FilterSelect id="sheet-bookmaker" label="Bookmaker" value={bookmaker} anyLabel="All bookmakers" options={slugs.map((s) => ({ value: s, label: names.get(s) ?? s }))} onChange={setBookmaker} />
            <button type="button" onClick={exportCsv}>
              Export CSV
            </button>
            {picked.size > 0 && (
              <Link to={ticketLink} data-testid="check-ticket">
                Check {picked.size} picked leg{picked.size === 1 ? '' : 's'} as a ticket
              </Link>
            )}
          </div>
          {history.isPending && slugs.length > 0 && <p>Loading the recorded prices…</p>}
          <SettlementSheetTable rows={shown} bookmaker={bookmaker === '' ? null : bookmaker} names={names} picked={picked} onPick={togglePick} />
        </>
      )}
    </section>
  );
}
