import { maxImportance } from '../../common/importance.js';
import type { Importance, Insight } from '../../types.js';
import type { TriageRecord } from '../model.js';
import { fact, joinCells, tableFacts } from './table-facts.js';
import { byTitle, cellImportance, cellTime, orNull, tableRows } from './table-rows.js';

/** An executable's importance from the tables that judge it (LOLBIN Detection, Anomaly Detection), by name and path. */
function verdicts(insights: readonly Insight[]): Map<string, Importance> {
  const out = new Map<string, Importance>();
  for (const title of ['LOLBIN Detection', 'Anomaly Detection'])
    for (const { cells: c } of tableRows(byTitle(insights, title))) {
      const key = `${c['Executable']}|${c['Path']}`;
      out.set(key, maxImportance(out.get(key) ?? 'Informational', cellImportance(c['Importance'])));
    }
  return out;
}

/**
 * Each recorded run of each .pf, from "Executable Statistics" (one row per .pf, its Recorded Runs
 * cell lists the stored run times): the row names the .pf, the path and the volume, which
 * "Execution Timeline: Runs" entries only carry in their text. Its importance is the executable's
 * in LOLBIN Detection and Anomaly Detection (the statistics row has none).
 */
function runs(insights: readonly Insight[]): TriageRecord[] {
  const title = 'Executable Statistics';
  const judged = verdicts(insights);
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
      return time === null ? [] : [fact('prefetch', title, row, time, 'executed', f, judged.get(`${c['Executable']}|${c['Path']}`) ?? 'Informational')];
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
