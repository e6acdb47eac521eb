import type { HostState } from './host-state.js';
import { cellTime, rowLink, tableRows, type TableRow } from './facts/table-rows.js';
import type { ArtifactType } from '@quarry/vocabulary';
import { importanceOf, reasonList, type ExecSighting, type ExecSource } from './execution-sighting.js';
import { normalisePath } from './normalise-path.js';

/** The parts of a sighting every source fills the same way. */
function sighting(source: ExecSource, path: string, type: ArtifactType, title: string, r: TableRow, more: Partial<ExecSighting>): ExecSighting {
  return {
    source,
    path,
    key: normalisePath(path),
    user: '',
    users: [],
    runCount: null,
    first: null,
    last: null,
    importance: importanceOf(r.cells.Importance),
    reasons: reasonList(r.cells.Reasons),
    evidence: rowLink(type, title, r.row),
    ...more,
  };
}

const PF_STATS = 'Executable Statistics';
const PF_ANOMALIES = 'Anomaly Detection';

/** Prefetch: run count and the (up to 8) recorded runs of each .pf; the Anomaly Detection rows' verdicts on the same path. */
export function prefetchSightings(state: HostState): ExecSighting[] {
  const anomalies = new Map<string, TableRow[]>();
  for (const r of tableRows(state.insight('prefetch', PF_ANOMALIES))) {
    const key = normalisePath(r.cells.Path ?? '');
    const rows = anomalies.get(key);
    if (rows) rows.push(r);
    else anomalies.set(key, [r]);
  }
  const out: ExecSighting[] = [];
  for (const r of tableRows(state.insight('prefetch', PF_STATS))) {
    const path = r.cells.Path || r.cells.Executable || '';
    if (path === '') continue;
    const runs = (r.cells['Recorded Runs'] ?? '')
      .split(', ')
      .map((t) => cellTime(t))
      .filter((t): t is number => t !== null);
    const s = sighting('prefetch', path, 'prefetch', PF_STATS, r, {
      runCount: Number(r.cells['Run Count']) || null,
      first: runs.length ? Math.min(...runs) : cellTime(r.cells['First Recorded Run']),
      last: cellTime(r.cells['Last Run']),
      prefetchRuns: r.cells['Recorded Runs'] ?? '',
    });
    for (const a of anomalies.get(s.key) ?? []) {
      const level = importanceOf(a.cells.Importance);
      out.push({
        ...s,
        runCount: null,
        prefetchRuns: '',
        importance: level,
        reasons: [`prefetch ${a.cells.Rule ?? ''}: ${a.cells.Details ?? ''}`],
        evidence: rowLink('prefetch', PF_ANOMALIES, a.row),
      });
    }
    out.push(s);
  }
  return out;
}

const SHIMCACHE = 'Application Data: ShimCache';

/** ShimCache: position, the file's last-modified time (not a run time) and the executed flag where the OS records it. */
export function shimcacheSightings(state: HostState): ExecSighting[] {
  return tableRows(state.insight('registry', SHIMCACHE))
    .filter((r) => (r.cells.Path ?? '') !== '')
    .map((r) => {
      const parts = [
        `#${r.cells.Position ?? ''}`,
        r.cells['Last Modified'] ? `modified ${r.cells['Last Modified']}` : '',
        r.cells.Executed ? `executed ${r.cells.Executed}` : '',
        r.cells.Hive ? `(${r.cells.Hive})` : '',
      ];
      return sighting('shimcache', r.cells.Path!, 'registry', SHIMCACHE, r, { shimcache: parts.filter((p) => p !== '').join(' ') });
    });
}

const TRACES = 'Application Data: Application Traces';

/** Amcache InventoryApplicationFile (and Win8 File) entries: SHA-1 from the Details cell, first seen = the entry key's last write. */
export function amcacheSightings(state: HostState): ExecSighting[] {
  return tableRows(state.insight('registry', TRACES))
    .filter((r) => r.cells.Source === 'Amcache File' && (r.cells.Item ?? '') !== '')
    .map((r) => {
      const sha1 = /\bSHA1 ([0-9a-f]{40})\b/i.exec(r.cells.Details ?? '')?.[1]?.toLowerCase() ?? '';
      const seen = cellTime(r.cells['Last Write']);
      return sighting('amcache', r.cells.Item!, 'registry', TRACES, r, { sha1, first: seen, last: null });
    });
}

const USER_ACTIVITY = 'User Activity';
const BAM = 'User Activity: Program Execution';

/**
 * UserAssist names programs under a known folder by the folder's name (`System32\cmd.exe`,
 * `Program Files (x86)\…`; the decoder resolves the GUIDs): spelt as paths so they join.
 */
function userAssistPath(item: string): string {
  const m = /^(windows|syswow64|system32|program files(?: \(x86\))?|programdata)\\/i.exec(item);
  if (!m) return item;
  const root = m[1]!.toLowerCase();
  const folder = root === 'syswow64' || root === 'system32' ? `\\Windows\\${m[1]}` : `\\${m[1]}`;
  return `${folder}${item.slice(m[0].length - 1)}`;
}

/** UserAssist entries of programs (`.exe`): user, count and last run, from each user's hive. */
export function userAssistSightings(state: HostState): ExecSighting[] {
  return tableRows(state.insight('registry', USER_ACTIVITY))
    .filter((r) => r.cells.Source === 'UserAssist' && /\.exe$/i.test(r.cells.Item ?? ''))
    .map((r) => {
      const last = cellTime(r.cells['Last Used']);
      return sighting('userassist', userAssistPath(r.cells.Item!), 'registry', USER_ACTIVITY, r, {
        user: r.cells.User ?? '',
        runCount: r.cells.Count === '' || r.cells.Count === undefined ? null : Number(r.cells.Count),
        first: last,
        last,
      });
    });
}

/** BAM/DAM: the last run of each program per user SID (shown with its account name where the SAM says). */
export function bamSightings(state: HostState, names: ReadonlyMap<string, string>): ExecSighting[] {
  return tableRows(state.insight('registry', BAM))
    .filter((r) => (r.cells.Program ?? '').includes('\\'))
    .map((r) => {
      const sid = r.cells.User ?? '';
      const last = cellTime(r.cells['Last Run']);
      return sighting('bam', r.cells.Program!, 'registry', BAM, r, {
        user: names.has(sid) ? `${names.get(sid)} (${sid})` : sid,
        first: last,
        last,
      });
    });
}

/** SID → account name, from the SAM accounts of the registry's Authentication Data. */
export function accountNames(state: HostState): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of tableRows(state.insight('registry', 'Authentication Data'))) if (r.cells.SID && r.cells.User) names.set(r.cells.SID, r.cells.User);
  return names;
}
