/**
 * The score distribution of ExamStat: one bar per bucket of 10 % of the total score, echarts through
 * echarts-for-react (core build: bar chart, grid, tooltip, canvas renderer). Loaded only by ExamStat
 * with React.lazy, so echarts lands in its own chunk (as pj's PjBarChart).
 */
import { EChart } from '../../../components/EChart';
import type { ExamStatBucket } from '@kaopei/contracts/exam-stat';


export default function ExamStatChart({ buckets }: { buckets: readonly ExamStatBucket[] }) {
  const option = {
    grid: { left: 40, right: 16, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: buckets.map((b) => b.label), name: '分数段' },
    yAxis: { type: 'value', minInterval: 1, name: '人数' },
    series: [{ type: 'bar', data: buckets.map((b) => b.count), barMaxWidth: 40, itemStyle: { color: '#1677ff' }, label: { show: true, position: 'top' } }],
  };
  return (
    <div data-testid="exam-stat-chart">
      <EChart option={option} height={260} />
    </div>
  );
}
