import { formatTime } from '../common/time-format.js';
import { importanceRank } from '../common/importance.js';
import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import { collectFindings, type Finding } from './findings-collect.js';
import { hostAnalyzer } from './host-analyzer.js';
import type { HostState } from './host-state.js';

export const FINDINGS = 'Findings';
export const FINDINGS_COLUMNS = ['Time', 'Importance', 'Result Type', 'Finding', 'Details', 'User', 'Evidence'] as const;

/** Oldest first (what happened first reads first), rows without a time last; Critical before High at the same time. */
export function findingOrder(a: Finding, b: Finding): number {
  if (a.time !== b.time) {
    if (a.time === null) return 1;
    if (b.time === null) return -1;
    return a.time - b.time;
  }
  return importanceRank(b.importance) - importanceRank(a.importance);
}

function build(state: HostState): Insight[] {
  const rows = collectFindings(state, FINDINGS)
    .sort(findingOrder)
    .map((f) => [formatTime(f.time), f.importance, f.resultType, f.finding, f.details, f.user, f.evidence.join('; ')]);
  return [{ Table: { title: FINDINGS, data: [[...FINDINGS_COLUMNS], ...rows], category: 'General' } }];
}

/** Findings (Table): the Critical/High rows of every result type of the job, one list by time; finished last so it reads the others. */
export const findings: AnalyzerFactory<'triage', HostState> = (_ctx, state) => hostAnalyzer(state, { name: FINDINGS, build, reportsOnJob: true });
