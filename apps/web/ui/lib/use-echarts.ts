'use client';

import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { loadECharts, type EChartsType } from './echarts';

/**
 * Draws `option` into the returned element's ref with ECharts (SVG renderer: crisp, and text
 * stays selectable for screenshots and tests); resizes with the element; disposes on unmount.
 * `onZoom` hears the dataZoom window move (a brush), with the chart to read the window from.
 */
export function useECharts(option: EChartsCoreOption, onClick?: (params: { dataIndex: number }) => void, onZoom?: (chart: EChartsType) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const zoom = useRef(onZoom);
  zoom.current = onZoom;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadECharts().then((echarts) => {
      if (disposed || !ref.current) return;
      chart.current = echarts.init(ref.current, null, { renderer: 'svg' });
      chart.current.on('click', (p) => click.current?.(p as { dataIndex: number }));
      chart.current.on('datazoom', () => {
        if (chart.current) zoom.current?.(chart.current);
      });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(ref.current);
      chart.current.setOption(option);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // Initialised once; option changes are applied by the effect below.
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return ref;
}
