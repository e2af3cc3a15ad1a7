import type * as EchartsCore from 'echarts/core';

/**
 * Apache ECharts (about 4 MB of modules with zrender) loads on the first chart asked for, not when
 * the web process starts: every process serves guests, few ever draw a sales chart (decision 439).
 */
let loaded: Promise<typeof EchartsCore> | null = null;
const loadEcharts = () =>
  (loaded ??= Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]).then(
    ([echarts, charts, components, renderers]) => {
      echarts.use([charts.BarChart, charts.LineChart, components.GridComponent, components.LegendComponent, renderers.SVGRenderer]);
      return echarts;
    },
  ));

/**
 * The sales chart as an SVG string, drawn on the server by Apache ECharts (decision 251): no
 * chart script reaches the browser, and the page shows the chart before any script runs. The
 * numbers also stand in a table beside it, which is what assistive technology reads.
 */
export async function salesChartSvg(input: {
  labels: readonly string[];
  current: { name: string; values: readonly number[] };
  previous: { name: string; values: readonly number[] };
  width?: number;
  height?: number;
}): Promise<string> {
  const echarts = await loadEcharts();
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
