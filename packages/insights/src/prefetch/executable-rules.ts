import type { RuleHit } from '../common/importance.js';
import { masquerade } from '../common/masquerade.js';
import { stagingPath } from '../common/staging-paths.js';
import { toolName } from '../common/tool-names.js';
import { volumeOf, type PrefetchEntry } from './entry.js';

/** One anomaly of one executable (INSIGHTS.md §5, A1–A5, A7, A8). */
export interface EntryAnomaly extends RuleHit {
  /** "A1 staging path" etc.: the Rule cell. */
  rule: string;
}

/**
 * A1: the executable's folder is a staging place. A file at a volume root counts (L1); the shared
 * check knows roots only with a drive letter, and prefetch paths have none.
 */
export function stagingOf(path: string): RuleHit | null {
  if (/^\\[^\\]+$/.test(path)) return { level: 'High', reason: 'L1 staging path (volume root)' };
  const hit = stagingPath(path);
  return hit ? { level: hit.importance, reason: hit.reason } : null;
}

/** Base name without its extension; the stored name may be cut at 29 characters (`…0.EX`). */
function stem(executable: string): string {
  const dot = executable.lastIndexOf('.');
  return dot > 0 ? executable.slice(0, dot) : executable;
}

const PF_NAME = /^(.+)-([0-9A-F]{8})\.pf$/i;

/** The per-file anomaly rules; `system` holds the job's system volumes (systemVolumes). */
export function entryAnomalies(e: PrefetchEntry, system: ReadonlySet<string>): EntryAnomaly[] {
  const out: EntryAnomaly[] = [];
  const add = (rule: string, hit: RuleHit | null) => {
    if (hit) out.push({ rule, ...hit });
  };
  const path = e.exe?.path ?? '';
  if (path) {
    add('A1 staging path', stagingOf(path));
    const m = masquerade(path);
    add('A2 masquerade', m ? { level: m.importance, reason: m.reason } : null);
  }
  const s = stem(e.executable);
  if (s.length > 0 && (s.length <= 2 || /^[0-9a-f]{8,}$/i.test(s))) {
    add('A3 odd name', { level: 'Medium', reason: s.length <= 2 ? `name of ${s.length} character${s.length === 1 ? '' : 's'}` : 'name of hex digits only' });
  }
  const tool = toolName(path || e.executable);
  add('A4 attack tool', tool ? { level: 'High', reason: `L5 tool ${tool}` } : null);
  const vol = volumeOf(e, e.exe);
  if (vol && !system.has(vol.key)) add('A5 other volume', { level: 'Medium', reason: `runs from volume ${vol.cell}, not the system volume` });
  if (e.volumes.length > 1)
    add('A5 other volume', { level: 'Medium', reason: `the file records ${e.volumes.length} volumes (${e.volumes.map((v) => v.cell).join(', ')})` });
  // The upload's name may carry folders; Windows names the file itself.
  const name = PF_NAME.exec(e.fileName.split(/[\\/]/).pop() ?? '');
  if (name?.[1] && name[2]) {
    if (name[1].toUpperCase() !== e.executable.toUpperCase())
      add('A7 file name mismatch', { level: 'Medium', reason: `file name says ${name[1]}, header says ${e.executable}` });
    if (name[2].toUpperCase() !== e.hash)
      add('A7 file name mismatch', { level: 'Medium', reason: `file name hash ${name[2].toUpperCase()}, header hash ${e.hash}` });
  }
  if (e.runCount > 0 && e.runs.length === 0 && e.badRuns === 0)
    add('A8 no run time', { level: 'Low', reason: `run count ${e.runCount} but no run time stored` });
  if (e.warnings.length > 0 || e.badRuns > 0) {
    const notes = [...e.warnings, ...(e.badRuns > 0 ? [`${e.badRuns} run time${e.badRuns === 1 ? '' : 's'} out of range`] : [])];
    add('Damaged file', { level: 'Low', reason: `${e.fileName}: ${notes.join('; ')}` });
  }
  return out;
}
