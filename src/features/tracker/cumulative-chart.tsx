// The tracker's cumulative chart: running CLV (percentage points, left axis) and P/L (right axis)
// in the order the bets were placed, so a record's drift shows before its results do.
import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { cumulativeSeries, type TrackedBet } from '../../domain/tracked-bet.ts';

export function CumulativeChart({ bets }: { readonly bets: readonly TrackedBet[] }) {
  const data = cumulativeSeries(bets).map((point, i) => ({ bet: i + 1, clv: point.clv * 100, profit: point.profit }));
  if (data.length < 2) return null;
  const last = data[data.length - 1];
  return (
    <figure className="tracker-chart" aria-label="Cumulative CLV and P/L">
      <figcaption>
        Cumulative CLV and P/L over {data.length} bets{last === undefined ? '' : `: ${last.clv.toFixed(1)} CLV points, P/L ${last.profit.toFixed(2)}`}
      </figcaption>
      <div style={{ height: 240 }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 240 }}>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="bet" />
            <YAxis yAxisId="clv" width={56} unit="%" />
            <YAxis yAxisId="profit" orientation="right" width={56} />
            <Line yAxisId="clv" dataKey="clv" name="Cumulative CLV" stroke="#2563eb" dot={false} isAnimationActive={false} />
            <Line yAxisId="profit" dataKey="profit" name="Cumulative P/L" stroke="#16a34a" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
