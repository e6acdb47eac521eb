import type { Insight } from '../../types.js';
import type { TriageRecord } from '../model.js';
import { fact, joinCells, tableFacts } from './table-facts.js';
import { byTitle, cellTime, orNull, tableRows } from './table-rows.js';

/**
 * Each recorded run of each .pf, from "Executable Statistics" (one row per .pf, its Recorded Runs
 * cell lists the stored run times): the row names the .pf, the path and the volume, which
 * "Execution Timeline: Runs" entries only carry in their text.
 */
function runs(insights: readonly Insight[]): TriageRecord[] {
  const title = 'Executable Statistics';
  return tableRows(byTitle(insights, title)).flatMap(({ row, cells: c }) => {
    const file = c['Prefetch File'] ?? '';
    const f = {
      description: joinCells(`${c['Executable']} ran`, c['Path'] ? `from ${c['Path']}` : '', `(${c['Run Count']} runs in all)`),
      artifact: file,
      path: orNull(c['Path']),
      records: file ? { type: 'prefetch' as const, filters: [{ field: 'prefetch_file', value: file }] } : null,
    };
    return (c['Recorded Runs'] ?? '').split(', ').flatMap((cell) => {
      const time = cellTime(cell);
      return time === null ? [] : [fact('prefetch', title, row, time, 'executed', f, 'Informational')];
    });
  });
}

/** The Host Timeline facts of a prefetch member type's results: every recorded run, and volume creation times. */
export function prefetchFacts(insights: readonly Insight[]): TriageRecord[] {
  return [
    ...runs(insights),
    ...tableFacts('prefetch', insights, 'Volume Analysis', [{ column: 'Creation Time', kind: 'created' }], (c) => ({
      description: joinCells(`Volume ${c['Device Path']}`, `serial ${c['Serial']}`, 'created', c['Executables'] ? `(executables ${c['Executables']})` : ''),
    })),
  ];
}
