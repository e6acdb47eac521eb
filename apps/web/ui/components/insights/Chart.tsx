'use client';

import type { Insight } from '@quarry/insights';
import { useMemo } from 'react';
import { IMPORTANCE_COLOR, asImportance } from '../../lib/importance';
import { useECharts } from '../../lib/use-echarts';

type ChartPayload = Extract<Insight, { Chart: unknown }>['Chart'];

/** A Chart insight as a bar chart (horizontal: labels like "4624 Security" stay readable) or a pie. */
export function ChartInsight({ insight }: { insight: ChartPayload }) {
  const pie = insight.display_mode === 'pie';
  const option = useMemo(() => {
    if (pie) {
      return {
        tooltip: { trigger: 'item' },
        legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
        series: [
          { type: 'pie', radius: ['35%', '70%'], center: ['40%', '50%'], data: insight.data.map(([name, value]) => ({ name, value, ...levelColour(name) })) },
        ],
      };
    }
    const data = [...insight.data].reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: data.map(([l]) => l), axisLabel: { width: 220, overflow: 'truncate' } },
      series: [{ type: 'bar', data: data.map(([, v]) => v), itemStyle: { color: '#4c6ef5' } }],
    };
  }, [insight.data, pie]);
  const ref = useECharts(option);
  const height = pie ? 320 : Math.max(160, Math.min(700, 28 * insight.data.length + 40));
  if (insight.data.length === 0) return <p>No data.</p>;
  return <div ref={ref} style={{ width: '100%', height }} role="img" aria-label={`${pie ? 'Pie' : 'Bar'} chart: ${insight.title}`} />;
}

/** Slices named by a level ("critical", "High") take that importance's colour, as everywhere else. */
function levelColour(label: string): { itemStyle?: { color: string } } {
  const level = asImportance(label);
  return level ? { itemStyle: { color: IMPORTANCE_COLOR[level] } } : {};
}
