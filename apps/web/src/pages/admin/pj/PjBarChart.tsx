/**
 * The bar chart of one rate item (counts of 1..5 stars), echarts through echarts-for-react (core
 * build: only the bar chart, grid, tooltip and canvas renderer are bundled). Loaded only by
 * PjResultDrawer with React.lazy, so echarts lands in its own chunk and no other page grows.
 */
import { EChart } from '../../../components/EChart';


export default function PjBarChart({ distribution }: { distribution: readonly number[] }) {
  const option = {
    grid: { left: 40, right: 16, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: ['1星', '2星', '3星', '4星', '5星'] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: [...distribution], barMaxWidth: 36, itemStyle: { color: '#faad14' }, label: { show: true, position: 'top' } }],
  };
  return <EChart option={option} height={200} />;
}
