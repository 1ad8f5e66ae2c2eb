/**
 * A small chart of on hand over time, from the stock history's running balances. Loaded on use
 * (`lazy` in material-page.tsx): recharts is heavy and only this screen draws it.
 */
import '@mantine/charts/styles.layer.css';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatQty } from '@glazier/shared/rules/money';
import { LineChart } from '@mantine/charts';

export interface OnHandPoint {
  /** 'YYYY-MM-DD' */
  date: string;
  on_hand: number;
}

export default function OnHandChart({ points }: { points: OnHandPoint[] }) {
  const data = points.map((p) => ({ date: formatDate(p.date), on_hand: p.on_hand }));
  return (
    <LineChart
      h={180}
      data={data}
      dataKey="date"
      series={[{ name: 'on_hand', label: 'On hand', color: 'blue.7' }]}
      curveType="stepAfter"
      valueFormatter={(v) => formatQty(v)}
      gridAxis="y"
      tickLine="none"
      withDots={data.length < 40}
      // Room for the last point and its date at the right edge.
      lineChartProps={{ margin: { right: 24, left: 0, top: 8, bottom: 0 } }}
      aria-label="On hand over time"
      role="img"
    />
  );
}
