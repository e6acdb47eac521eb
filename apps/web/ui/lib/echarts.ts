import type { EChartsType } from 'echarts/core';

/**
 * ECharts, loaded on first use and only the parts the dashboard draws (bar, pie, and the
 * timeline's custom series with zoom), so pages without charts do not pay for it.
 */
let loading: Promise<typeof import('echarts/core')> | null = null;

export function loadECharts(): Promise<typeof import('echarts/core')> {
  loading ??= (async () => {
    const [core, charts, components, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    core.use([
      charts.BarChart,
      charts.PieChart,
      charts.CustomChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.DataZoomComponent,
      components.TitleComponent,
      renderers.SVGRenderer,
    ]);
    return core;
  })();
  return loading;
}

export type { EChartsType };
