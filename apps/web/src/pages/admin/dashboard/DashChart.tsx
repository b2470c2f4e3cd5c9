/**
 * The dashboard's trend charts (SPEC §2 Dashboard: user trend, exam overview line chart, learning
 * statistics), echarts through echarts-for-react (core build: line and bar charts, grid, legend,
 * tooltip, canvas renderer). Loaded only by Dashboard with React.lazy, so echarts lands in its own
 * chunk and pages without charts never load it.
 */
import { EChart } from '../../../components/EChart';



/** One series: the row field it shows, its legend name, line or bar, and whether it reads the right-hand axis. */
export interface DashSeries {
  field: string;
  name: string;
  type?: 'line' | 'bar';
  right?: boolean;
  color: string;
}

/** A chart of `rows` (one per day, x axis `dateStr` shown as MM-dd); `rightName` names the right-hand axis when a series uses it. */
export default function DashChart({ rows, series, rightName }: { rows: readonly Record<string, unknown>[]; series: readonly DashSeries[]; rightName?: string }) {
  const hasRight = series.some((s) => s.right);
  const option = {
    color: series.map((s) => s.color),
    grid: { left: 48, right: hasRight ? 56 : 24, top: 40, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: series.map((s) => s.name) },
    xAxis: { type: 'category', boundaryGap: series.some((s) => s.type === 'bar'), data: rows.map((r) => String(r.dateStr).slice(5)) },
    yAxis: [{ type: 'value', minInterval: 1 }, ...(hasRight ? [{ type: 'value', name: rightName, splitLine: { show: false } }] : [])],
    series: series.map((s) => ({
      name: s.name,
      type: s.type ?? 'line',
      smooth: true,
      yAxisIndex: s.right ? 1 : 0,
      barMaxWidth: 24,
      data: rows.map((r) => Number(r[s.field] ?? 0)),
    })),
  };
  return <EChart option={option} height={280} />;
}
