import type * as EchartsCharts from 'echarts/charts';
import type * as EchartsComponents from 'echarts/components';
import type * as EchartsCore from 'echarts/core';
import type * as EchartsRenderers from 'echarts/renderers';
import { onFirstUse, requirePackage } from '#app/shared/on-first-use.server';

/**
 * Apache ECharts (about 4 MB of modules with zrender) loads with the first chart asked for, not
 * when the web process starts: every process serves guests, few ever draw a sales chart
 * (decisions 439, 440).
 */
const loadEcharts = onFirstUse(() => {
  const echarts = requirePackage<typeof EchartsCore>('echarts/core');
  const { BarChart, LineChart } = requirePackage<typeof EchartsCharts>('echarts/charts');
  const { GridComponent, LegendComponent } = requirePackage<typeof EchartsComponents>('echarts/components');
  const { SVGRenderer } = requirePackage<typeof EchartsRenderers>('echarts/renderers');
  echarts.use([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer]);
  return echarts;
});

/**
 * The sales chart as an SVG string, drawn on the server by Apache ECharts (decision 251): no
 * chart script reaches the browser, and the page shows the chart before any script runs. The
 * numbers also stand in a table beside it, which is what assistive technology reads.
 */
export function salesChartSvg(input: {
  labels: readonly string[];
  current: { name: string; values: readonly number[] };
  previous: { name: string; values: readonly number[] };
  width?: number;
  height?: number;
}): string {
  const echarts = loadEcharts();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: input.width ?? 720, height: input.height ?? 280 });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: 'sans-serif' },
      legend: { top: 0, data: [input.current.name, input.previous.name] },
      grid: { left: 64, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: [...input.labels] },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `${v.toLocaleString('en-US')}` } },
      series: [
        { type: 'bar', name: input.current.name, data: [...input.current.values], itemStyle: { color: '#8a5a3b' } },
        { type: 'line', name: input.previous.name, data: [...input.previous.values], itemStyle: { color: '#9aa0a6' }, lineStyle: { type: 'dashed' } },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
