// The moves feed as a table: one row per move, the books that moved (price from → to, at what
// time) and the books still on the old price (since when). The fixture opens its odds screen.
import { Link } from 'react-router';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { formatPrice } from '../../domain/odds-format.ts';
import type { MoveEvent } from '../../domain/moves.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { formatPoints, KIND_LABEL } from './move-text.ts';
import type { MoveLabel } from './use-move-labels.ts';

export function MovesTable({ moves, labels }: { readonly moves: readonly MoveEvent[]; readonly labels: ReadonlyMap<string, MoveLabel> }) {
  const nameOf = useBookmakerNameOf();
  const oddsFormat = useSettings((s) => s.oddsFormat);
  const { format } = useTimeZone();
  const price = (p: number): string => formatPrice(p, oddsFormat);
  return (
    <table className="moves-table">
      <thead>
        <tr>
          <th scope="col">Last change</th>
          <th scope="col">Move</th>
          <th scope="col">Fixture</th>
          <th scope="col">Market, outcome</th>
          <th scope="col">Size</th>
          <th scope="col">Books moved</th>
          <th scope="col">Still on the old price</th>
        </tr>
      </thead>
      <tbody>
        {moves.map((move) => {
          const label = labels.get(move.id);
          return (
            <tr key={move.id} data-move-id={move.id} data-move-kind={move.kind} data-fixture-id={move.fixtureId} data-outcome-id={move.outcomeId}>
              <td>{format(move.updatedAtMs)}</td>
              <td>
                {KIND_LABEL[move.kind]} <span className={`moves-direction is-${move.direction}`}>{move.direction === 'shortening' ? '▲ shortening' : '▼ drifting'}</span>
              </td>
              <td>
                <Link to={`/fixtures/${encodeURIComponent(move.fixtureId)}`}>{label?.fixture ?? move.fixtureId}</Link>
              </td>
              <td>{label === undefined ? move.selectionKey : `${label.market}: ${label.outcome}`}</td>
              <td className="moves-size">{formatPoints(move.points)}</td>
              <td>
                <ul className="moves-books" aria-label="Books moved">
                  {move.moved.map((b) => (
                    <li key={b.bookmaker} data-bookmaker={b.bookmaker}>
                      <strong>{nameOf(b.bookmaker)}</strong> {price(b.fromPrice)} → {price(b.toPrice)} ({b.points > 0 ? '+' : ''}
                      {b.points.toFixed(1)}) at {format(b.atMs)}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {move.still.length === 0 ? (
                  <span className="moves-none">none</span>
                ) : (
                  <ul className="moves-books" aria-label="Still on the old price">
                    {move.still.map((b) => (
                      <li key={b.bookmaker} data-bookmaker={b.bookmaker}>
                        <strong>{nameOf(b.bookmaker)}</strong> {price(b.price)} since {format(b.sinceMs)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
