import type { Insight } from '../types.js';
import { jobAnalyzer, type PrefetchJob } from './collect.js';
import { lastRun } from './describe.js';
import { jobFindings } from './job-findings.js';
import { cellTime } from './time.js';
import { table, type Row } from './table.js';

const COLUMNS = ['Executable', 'Path', 'Rule', 'Details', 'Run Count', 'Last Run', 'Importance'];

/**
 * "Anomaly Detection": one row per finding (A1–A8), none for clean executables. A recon burst (A6)
 * spans files and is one row. A file the parser could not read, or read with damage, is a row too,
 * naming the file, so the job still completes and the loss is visible (issue 17).
 */
export function buildAnomalyDetection(job: PrefetchJob): Insight[] {
  const findings = jobFindings(job);
  const rows: Row[] = [];
  for (const e of job.entries) {
    for (const a of findings.anomalies.get(e) ?? []) {
      rows.push({
        cells: { Executable: e.executable, Path: e.exe?.path ?? '', Rule: a.rule, Details: a.reason, 'Run Count': String(e.runCount), 'Last Run': lastRun(e) },
        importance: a.level,
        time: e.runs[0] ?? null,
      });
    }
  }
  for (const b of findings.bursts) {
    rows.push({
      cells: {
        Executable: '(recon burst)',
        Path: b.entries.map((e) => e.exe?.path ?? e.executable).join(', '),
        Rule: 'A6 recon burst',
        Details: `${b.tools.length} recon programs (${b.tools.join(', ')}) ran ${b.runs} times between ${cellTime(b.start)} and ${cellTime(b.end)}`,
        'Run Count': String(b.runs),
        'Last Run': cellTime(b.end),
      },
      importance: 'Medium',
      time: b.end,
    });
  }
  for (const u of job.unreadable) {
    rows.push({
      cells: { Executable: u.fileName, Rule: 'Unreadable file', Details: `${u.fileName} (file ${u.recordId}) could not be read: ${u.error}` },
      importance: 'Low',
      time: null,
    });
  }
  return [table('Anomaly Detection', 'Process', COLUMNS, rows)];
}

export const anomalyDetection = jobAnalyzer(buildAnomalyDetection);
