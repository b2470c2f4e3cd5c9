/**
 * One ECharts chart (echarts through echarts-for-react, core build: line and bar charts, grid, legend,
 * tooltip, canvas renderer — what the pages draw). Import it only from a module the page loads with
 * React.lazy (DashChart, ExamStatChart, PjBarChart), so echarts lands in its own chunk and pages
 * without charts never load it. `option` is an ECharts option object; `height` in px.
 */
import ReactEChartsCoreModule from 'echarts-for-react/lib/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// echarts-for-react/lib/core is CommonJS: in the production bundle its default export arrives wrapped ({ default }),
// and rendering the wrapper is React error #130 (found by e2e/dashboard.e2e.ts).
const ReactEChartsCore = (ReactEChartsCoreModule as unknown as { default?: typeof ReactEChartsCoreModule }).default ?? ReactEChartsCoreModule;

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export function EChart({ option, height }: { option: Record<string, unknown>; height: number }) {
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge />;
}
