import { Line } from '@ant-design/plots';

export type ChartPoint = { x: string; series: string; value: number };

/**
 * The funnel per day as lines (loaded only by the promotion page, through React.lazy: the chart library is its own
 * chunk). The figures are in the page's table too; the chart is an image of them.
 */
export default function FunnelChart({ data, label }: { data: ChartPoint[]; label: string }) {
  return (
    <div role="img" aria-label={label}>
      <Line data={data} xField="x" yField="value" colorField="series" height={320} autoFit axis={{ x: { title: false }, y: { title: false } }} />
    </div>
  );
}
