import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadedRuleSet, SigmaRules } from '@quarry/insights';
import { SigmaEngine, readRuleFiles, resolveWindowsLogsource, type RuleDocument, type RuleInfo, type SourceResult } from '@quarry/sigma';
import { setLabel } from '../rule-sets/set-record.js';
import { sigmaAnnotation } from './sigma-threads.js';

/** The rules this project writes (key detections for the EVTX result types), shipped with the package. */
export const BUILTIN_SIGMA_RULES = fileURLToPath(new URL('../../rules/sigma/', import.meta.url));

/**
 * The community rule directories besides the built-in pack: the `QUARRY_SIGMA_RULES` value
 * (`:`-separated paths, passed in: only @quarry/config reads the environment) and
 * `<dataDir>/rules/sigma` (where `npm run rules -- update` puts the SigmaHQ release) when present.
 */
export function sigmaRuleDirs(opts: { sigmaRules?: string | undefined; dataDir?: string | undefined }): string[] {
  const dirs = (opts.sigmaRules ?? '')
    .split(':')
    .map((d) => d.trim())
    .filter(Boolean);
  // Listed even when absent: loadCommunityRules skips missing directories, and the reload check
  // then picks the folder up once `rules update` (or a copy) creates it.
  if (opts.dataDir) {
    const fetched = join(opts.dataDir, 'rules', 'sigma');
    if (!dirs.includes(fetched)) dirs.push(fetched);
  }
  return dirs;
}

/** A compiled rule set: what EVTX analysis needs (SigmaRules), and what scans and rule retrieval need. */
export interface CommunityRules extends SigmaRules {
  directories: string[];
  /** Rule files by the names a rule answers to (title, and `name` when set), for rule retrieval. */
  filesByName: Map<string, string[]>;
  /** Every refused rule as `<file>: <reason>`: skipped, never blocking the rest. */
  refusedReasons: string[];
  /** The parsed rule files, for parser threads that compile the same set (sigma-threads.ts). */
  documents: RuleDocument[];
  sets: LoadedRuleSet[];
}

/** Loads the built-in pack plus `directories` (missing ones are skipped and not listed). */
export function loadCommunityRules(directories: readonly string[]): CommunityRules {
  const dirs = [BUILTIN_SIGMA_RULES, ...directories.filter((d) => existsSync(d))];
  const source: SourceResult = readRuleFiles(dirs);
  const engine = SigmaEngine.fromSourceResult(source);
  const byId = new Map<string, readonly string[] | null>();
  for (const doc of source.documents) {
    const d = doc.data;
    if (!d['detection'] || typeof d['logsource'] !== 'object' || d['logsource'] === null) continue;
    const res = resolveWindowsLogsource(d['logsource'] as Record<string, string>);
    if (!('targets' in res)) continue;
    const any = res.targets.some((t) => t.channels === undefined);
    const key = typeof d['id'] === 'string' ? d['id'] : String(d['title']);
    byId.set(key, any ? null : [...new Set(res.targets.flatMap((t) => t.channels ?? []))]);
  }
  const channels = new Map<RuleInfo, readonly string[] | null>();
  for (const info of engine.ruleInfos) {
    const c = byId.get(info.id ?? info.title);
    if (c !== undefined) channels.set(info, c);
  }
  const filesByName = new Map<string, string[]>();
  for (const info of engine.ruleInfos) {
    if (info.file === undefined) continue;
    for (const name of new Set([info.title, info.name].filter((n): n is string => typeof n === 'string'))) {
      const files = filesByName.get(name) ?? [];
      if (!files.includes(info.file)) files.push(info.file);
      filesByName.set(name, files);
    }
  }
  const refusedReasons = engine.report.refused.map((r) => `${r.file ?? '(text)'}: ${r.reason}`);
  const infos = engine.ruleInfos;
  const sets = dirs.map((directory, i) => {
    // A configured path may be one rule file rather than a directory.
    const inside = (file: string | undefined): boolean =>
      file !== undefined && (file === directory || file.startsWith(directory.endsWith(sep) ? directory : directory + sep));
    return {
      ...setLabel(directory, i === 0),
      directory,
      loaded: infos.filter((r) => inside(r.file)).length,
      refused: engine.report.refused.filter((r) => inside(r.file)).length,
    };
  });
  return {
    engine,
    directories: dirs,
    loaded: engine.report.loaded.rules,
    refused: engine.report.refused.length,
    channels,
    filesByName,
    refusedReasons,
    documents: source.documents,
    sets,
    annotation: sigmaAnnotation(engine, source.documents),
  };
}
