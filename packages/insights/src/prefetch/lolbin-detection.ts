import type { Insight } from '../types.js';
import { jobAnalyzer, type PrefetchJob } from './collect.js';
import { lastRun } from './describe.js';
import { jobFindings } from './job-findings.js';
import { table, type Row } from './table.js';

const COLUMNS = ['Executable', 'Path', 'Run Count', 'Last Run', 'Tier', 'Expected Folder', 'LOLBAS Functions', 'Importance', 'Reasons'];

/**
 * "LOLBIN Detection": each .pf whose executable is an L2 LOLBIN. Importance is the tier, one level
 * up outside the usual folders (the shared L2 rule: Windows, Program Files, AppData\Local\Microsoft).
 * Expected Folder shows the folders LOLBAS names; they pin versions (Framework\v4.0.30319,
 * WindowsApps\…_1.11.2521.0_…), so they inform the analyst but do not decide the level.
 */
export function buildLolbinDetection(job: PrefetchJob): Insight[] {
  const { lolbins } = jobFindings(job);
  const rows: Row[] = [];
  for (const e of job.entries) {
    const l = lolbins.get(e);
    if (!l) continue;
    rows.push({
      cells: {
        Executable: e.executable,
        Path: e.exe?.path ?? '',
        'Run Count': String(e.runCount),
        'Last Run': lastRun(e),
        Tier: l.hit.tier,
        'Expected Folder': (l.facts?.folders ?? []).join(', '),
        'LOLBAS Functions': (l.facts?.functions ?? []).join(', '),
        Reasons: l.hit.reason,
      },
      importance: l.hit.importance,
      time: e.runs[0] ?? null,
    });
  }
  return [table('LOLBIN Detection', 'Process', COLUMNS, rows)];
}

export const lolbinDetection = jobAnalyzer(buildLolbinDetection);
