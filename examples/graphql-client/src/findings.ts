import type { ResultOf } from 'gql.tada';
import type { JobFindings } from './documents.js';

type Insight = NonNullable<ResultOf<typeof JobFindings>['job']['insights']>[number];

export interface SigmaMatch {
  rule: string;
  level: string;
  matches: number;
  recordIds: number[];
}

export interface Findings {
  sigma: SigmaMatch[];
  /** Nodes of the Process Inference Graph, or null when the job has none. */
  processGraphNodes: number | null;
  errors: string[];
}

/** The cell under `column` in a row, by the header's name (columns are titled by INSIGHTS.md). */
function cell(columns: readonly string[], row: readonly string[], column: string): string {
  const i = columns.findIndex((c) => c === column || c.startsWith(`${column} `));
  return i < 0 ? '' : (row[i] ?? '');
}

/** The Sigma matches table and the process graph's size, from a finished EVTX job's insights. */
export function findingsOf(insights: readonly Insight[]): Findings {
  const findings: Findings = { sigma: [], processGraphNodes: null, errors: [] };
  for (const insight of insights) {
    if (insight.__typename === 'TableInsight' && insight.title === 'Overview: Sigma Matches') {
      for (const row of insight.rows) {
        findings.sigma.push({
          rule: cell(insight.columns, row, 'Rule'),
          level: cell(insight.columns, row, 'Level'),
          matches: Number(cell(insight.columns, row, 'Matches')),
          recordIds: cell(insight.columns, row, 'Record IDs')
            .split(/[,\s]+/)
            .filter(Boolean)
            .map(Number),
        });
      }
    } else if (insight.__typename === 'GraphInsight' && insight.title === 'Process Inference Graph') {
      findings.processGraphNodes = insight.nodeCount;
    } else if (insight.__typename === 'ErrorInsight') {
      findings.errors.push(insight.message);
    }
  }
  return findings;
}
