import { importanceRank } from '../common/importance.js';
import type { Importance, Insight } from '../types.js';
import { cellTime, rowLink, tableRowsWhere } from './facts/table-rows.js';
import type { HostState } from './host-state.js';
import { titleOf } from './host-state.js';
import { importanceOf } from './execution-sighting.js';

/** One Critical or High row of a result type of the job. */
export interface Finding {
  time: number | null;
  importance: Importance;
  /** The result type as the job lists it (a per-type one as `<type label> · <title>`). */
  resultType: string;
  finding: string;
  details: string;
  user: string;
  /** This row's link first, then the links the row itself cites (a host row's Evidence cell). */
  evidence: string[];
}

/** Its entries are the member types' rows again (triage/host-timeline.ts). */
const HOST_TIMELINE = 'Host Timeline';

const LEVEL_COLUMNS = ['Importance', 'Level', 'Severity'];
/** The time a row is about, most telling first; else its first cell that holds a time. */
const TIME_COLUMNS = ['Time', 'Last Run', 'Last Seen', 'Last Used', 'Last Event', 'First Seen', 'Last Modified', 'Last Write'];
const USER_COLUMNS = ['User', 'Users', 'Target User', 'Account', 'Subject', 'Accounts'];
const DETAIL_COLUMNS = ['Reasons', 'Rule', 'Details', 'Description'];
/** What a row is about, by the columns per-type and host tables name it with. */
const SUBJECT_COLUMNS = [
  'Executable',
  'Image',
  'Rule',
  'Item',
  'Path',
  'Program',
  'Process',
  'Source Image',
  'Target User',
  'Account',
  'Share',
  'IP',
  'Member',
];

/** `Setting: Value`, `Mechanism: Data` for configuration and persistence rows; else the subject column, else the first cell that is not a time. */
function subject(cells: Record<string, string>, columns: readonly string[]): string {
  if (cells.Setting !== undefined && cells.Value !== undefined) return `${cells.Setting}: ${cells.Value}`;
  if (cells.Mechanism !== undefined) return `${cells.Mechanism}: ${cells.Data || cells.Value || cells.Key || cells.Name || ''}`;
  const column = SUBJECT_COLUMNS.find((c) => (cells[c] ?? '') !== '') ?? columns.find((c) => (cells[c] ?? '') !== '' && cellTime(cells[c]) === null);
  return column ? cells[column]! : '';
}

/** A row of an insight as the job lists it (a per-type one already retitled), in rowLink's spelling. */
const listedLink = (listed: string, row: number): string => `${listed}#row-${row}`;

const serious = (i: Importance): boolean => importanceRank(i) >= importanceRank('High');

function rowTime(cells: Record<string, string>): number | null {
  for (const c of TIME_COLUMNS) {
    const t = cellTime(cells[c]);
    if (t !== null) return t;
  }
  for (const v of Object.values(cells)) {
    const t = cellTime(v);
    if (t !== null) return t;
  }
  return null;
}

function tableFindings(listed: string, insight: Insight, columns: readonly string[]): Finding[] {
  const level = LEVEL_COLUMNS.find((c) => columns.includes(c));
  if (!level) return [];
  return tableRowsWhere(insight, level, (cell) => serious(importanceOf(cell))).map((r) => {
    const what = subject(r.cells, columns);
    const detailColumn = DETAIL_COLUMNS.find((c) => (r.cells[c] ?? '') !== '' && r.cells[c] !== what);
    return {
      time: rowTime(r.cells),
      importance: importanceOf(r.cells[level]),
      resultType: listed,
      finding: what,
      details: detailColumn ? r.cells[detailColumn]! : '',
      user: USER_COLUMNS.map((c) => r.cells[c] ?? '').find((u) => u !== '') ?? '',
      evidence: [listedLink(listed, r.row), ...(r.cells.Evidence ?? '').split('; ').filter((e) => e !== '')],
    };
  });
}

/** The Critical and High rows of one insight: table rows by their Importance (Level, Severity) column, Timeline entries by theirs. */
export function insightFindings(insight: Insight, listed: string): Finding[] {
  if ('Timeline' in insight)
    return insight.Timeline.data
      .map((e, row) => ({ e, row }))
      .filter(({ e }) => serious(e.importance))
      .map(({ e, row }) => ({
        time: e.timestamp_start,
        importance: e.importance,
        resultType: listed,
        finding: e.short_name,
        details: e.description,
        user: '',
        evidence: [listedLink(listed, row)],
      }));
  if ('Table' in insight) return tableFindings(listed, insight, insight.Table.data[0] ?? []);
  if ('IndexTable' in insight) return tableFindings(listed, insight, insight.IndexTable.columns);
  return [];
}

/**
 * Every Critical and High row of the job: the host result types' first, then each member type's.
 * A per-type row a host row already cites (e.g. a ShimCache entry folded into an Evidence of
 * Execution row that is itself High) is left out: the correlated row says it with more context.
 * The Host Timeline is left out too: each of its entries restates a per-type row (with that row's
 * importance), which is listed itself.
 */
export function collectFindings(state: HostState, ownName: string): Finding[] {
  const host: Finding[] = [];
  for (const [name, insights] of state.hostInsights)
    if (name !== ownName && name !== HOST_TIMELINE) for (const i of insights) host.push(...insightFindings(i, titleOf(i) ?? name));
  const cited = new Set(host.flatMap((f) => f.evidence.slice(1)));
  const perType: Finding[] = [];
  for (const results of state.results.values())
    for (const i of results.insights) {
      const title = titleOf(i);
      if (title === null) continue;
      const listed = rowLink(results.type, title, null);
      perType.push(...insightFindings(i, listed).filter((f) => !cited.has(f.evidence[0]!)));
    }
  return [...host, ...perType];
}
