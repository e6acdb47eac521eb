import { implausibleTime, timeBounds, type TimeBounds } from '../common/plausibility.js';
import type { Analyzer, AnalyzerFactory } from '../pipeline/analyzer.js';
import type { ImplausibleItems } from '../pipeline/implausible-items.js';
import type { Insight, TimelineEntry } from '../types.js';
import { viewOf } from './event-view.js';

// Only cells in the time form hold times (INSIGHTS.md §1).
const CELL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/;

/** Where a row came from: its record ids when the table shows them, else its first cell. */
function rowOffset(header: readonly string[], row: readonly string[]): string {
  const at = header.findIndex((h) => /^Record IDs?$/i.test(h));
  return at >= 0 && row[at] ? `record ${row[at]}` : `row "${row[0] ?? ''}"`;
}

function cleanRows(title: string, header: readonly string[], rows: string[][], bounds: TimeBounds, items: ImplausibleItems): string[][] {
  return rows.map((row) =>
    row.map((cell, i) => {
      if (!CELL_TIME.test(cell)) return cell;
      const why = implausibleTime(cell, bounds);
      if (!why) return cell;
      items.add({ input: null, structure: `${title} ${header[i] ?? ''}`.trim(), offset: rowOffset(header, row), reason: why });
      return '';
    }),
  );
}

function cleanTimeline(title: string, data: TimelineEntry[], bounds: TimeBounds, items: ImplausibleItems): TimelineEntry[] {
  return data.filter((e) => {
    const why = implausibleTime(e.timestamp_start, bounds) ?? (e.timestamp_end === null ? null : implausibleTime(e.timestamp_end, bounds));
    if (why) items.add({ input: null, structure: `${title} entry "${e.short_name}"`, offset: `record ${e.record_id}`, reason: why });
    return !why;
  });
}

function clean(insight: Insight, bounds: TimeBounds, items: ImplausibleItems): Insight {
  if ('Table' in insight) {
    const [header = [], ...rows] = insight.Table.data;
    return { Table: { ...insight.Table, data: [header, ...cleanRows(insight.Table.title, header, rows, bounds, items)] } };
  }
  if ('IndexTable' in insight) {
    const t = insight.IndexTable;
    const data = t.data.map(([cells, detail]): [string[], Record<string, string>] => [
      cleanRows(t.title, t.columns, [cells], bounds, items)[0] ?? cells,
      detail,
    ]);
    return { IndexTable: { ...t, data } };
  }
  if ('Timeline' in insight) return { Timeline: { ...insight.Timeline, data: cleanTimeline(insight.Timeline.title, insight.Timeline.data, bounds, items) } };
  return insight;
}

/**
 * An EVTX result type whose insights hold no implausible time (common/plausibility.ts). Records
 * with implausible times never reach the analyzers (the reader keeps them out), but tables also
 * show times read from event data (a boot's StartTime, a task's date): such a cell is blanked and
 * a timeline entry dropped, each reported for the Overview. Bounds: 1980 to the newest record + 1 day.
 */
export function withPlausibleTimes<S>(make: AnalyzerFactory<'winevtx', S>): AnalyzerFactory<'winevtx', S> {
  return (ctx, state) => {
    const inner: Analyzer<'winevtx'> = make(ctx, state);
    let newest: number | null = null;
    const wrapped: Analyzer<'winevtx'> = {
      push(record, input) {
        const t = viewOf(record).time;
        if (newest === null || t > newest) newest = t;
        inner.push(record, input);
      },
      finish: () => {
        const bounds = timeBounds(newest);
        return inner.finish().map((i) => clean(i, bounds, ctx.implausible));
      },
    };
    if (inner.inputDone) wrapped.inputDone = (report) => inner.inputDone!(report);
    if (inner.reportsOnJob) wrapped.reportsOnJob = true;
    return wrapped;
  };
}
