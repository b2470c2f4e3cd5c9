/**
 * The bar chart of one rate item (counts of 1..5 stars), echarts through echarts-for-react. Loaded
 * only by PjResultDrawer with React.lazy, so echarts lands in its own chunk and no other page grows.
 */
import ReactECharts from 'echarts-for-react';

export default function PjBarChart({ distribution }: { distribution: readonly number[] }) {
  const option = {
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: ['1星', '2星', '3星', '4星', '5星'] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: [...distribution], barMaxWidth: 36, itemStyle: { color: '#faad14' }, label: { show: true, position: 'top' } }],
  };
  return <ReactECharts option={option} style={{ height: 200 }} notMerge />;
}
