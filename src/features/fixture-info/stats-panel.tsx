// The live statistics tab: one row per statistic with both participants' values, as the stream's
// `stats` channel last sent the table (it sends the whole table, at most every 5 s while live).
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { StatsPayload } from '../../wire/shared-schemas.ts';
import { statName, streamOnlyText } from './extras-text.ts';
import type { Side } from '../../domain/fixture-text.ts';

export function StatsPanel({ stats, sides }: { readonly stats: StatsPayload | undefined; readonly sides: readonly [Side, Side] | null }) {
  const { format } = useTimeZone();
  if (stats === undefined) return <p className="extras-empty">{streamOnlyText('live statistics', 'stats')}</p>;
  const rows = Object.entries(stats.stats).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (rows.length === 0) return <p className="extras-empty">No statistics yet for this fixture.</p>;
  return (
    <table className="extras-table">
      <caption>
        Live statistics, updated <time dateTime={stats.updatedAt}>{format(Date.parse(stats.updatedAt))}</time>
      </caption>
      <thead>
        <tr>
          <th scope="col">Statistic</th>
          <th scope="col">{sides?.[0].name ?? 'Participant 1'}</th>
          <th scope="col">{sides?.[1].name ?? 'Participant 2'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, values]) => (
          <tr key={key}>
            <th scope="row">{statName(key)}</th>
            <td className="numeric">{values.participant1}</td>
            <td className="numeric">{values.participant2}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
