import { Verdict } from '../common/importance.js';
import { toolName } from '../common/tool-names.js';
import type { Insight } from '../types.js';
import { jobAnalyzer, type PrefetchJob } from './collect.js';
import { volumeOf, type PrefetchEntry } from './entry.js';
import { stagingOf } from './executable-rules.js';
import { table, type Row } from './table.js';

const COLUMNS = ['Module', 'Path', 'Volume', 'Type', 'Loaded By', 'Load Count', 'Unusual Path', 'Importance', 'Reasons'];

const MODULE = /\.(dll|exe|sys|ocx|cpl|drv)$/i;
/** Where installed code lives (INSIGHTS.md §5); anything else is an unusual path. */
const USUAL = /^\\(WINDOWS|PROGRAM FILES|PROGRAM FILES \(X86\)|PROGRAMDATA\\MICROSOFT)\\/i;
const SYSTEM32 = /^\\WINDOWS\\SYSTEM32\\[^\\]+$/i;

interface ModuleGroup {
  path: string;
  volume: string;
  loaders: PrefetchEntry[];
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('\\') + 1);

/**
 * "Module Analysis": each loaded .dll/.exe/.sys/.ocx/.cpl/.drv, once per volume and path over the
 * job. Side-loading looks across all files: a DLL name some file loads from `\WINDOWS\SYSTEM32\`,
 * loaded elsewhere from an unusual path. Copies under `\WINDOWS\` (SysWOW64, WinSxS) and Program
 * Files are how Windows and installed programs ship them (450 false rows on the samples otherwise, README).
 */
export function buildModuleAnalysis(job: PrefetchJob): Insight[] {
  const groups = new Map<string, ModuleGroup>();
  const system32 = new Set<string>();
  for (const e of job.entries) {
    for (const r of e.references) {
      if (!MODULE.test(r.path)) continue;
      const volume = volumeOf(e, r)?.cell ?? '';
      const key = `${volume}|${r.path.toUpperCase()}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { path: r.path, volume, loaders: [] }));
      if (!g.loaders.includes(e)) g.loaders.push(e);
      if (SYSTEM32.test(r.path) && /\.dll$/i.test(r.path)) system32.add(baseName(r.path).toUpperCase());
    }
  }
  const rows: Row[] = [...groups.values()].map((g) => {
    const name = baseName(g.path);
    const unusual = !USUAL.test(g.path);
    const v = new Verdict();
    const staging = stagingOf(g.path);
    if (staging) v.hit(staging.level, staging.reason);
    const tool = toolName(g.path);
    if (tool) v.hit('High', `L5 tool ${tool}`);
    if (unusual && /\.dll$/i.test(name) && system32.has(name.toUpperCase())) v.hit('High', `side-loading: ${name} also loaded from \\WINDOWS\\SYSTEM32\\`);
    if (unusual) v.hit('Medium', 'unusual path');
    return {
      cells: {
        Module: name,
        Path: g.path,
        Volume: g.volume,
        Type: name.slice(name.lastIndexOf('.') + 1).toUpperCase(),
        'Loaded By': [...new Set(g.loaders.map((l) => l.executable))].join(', '),
        'Load Count': String(g.loaders.length),
        'Unusual Path': unusual ? 'Yes' : 'No',
        Reasons: v.text,
      },
      importance: v.importance,
      time: Math.max(...g.loaders.map((l) => l.runs[0] ?? -Infinity)),
    };
  });
  return [
    table(
      'Module Analysis',
      'Process',
      COLUMNS,
      rows.map((r) => ({ ...r, time: Number.isFinite(r.time) ? r.time : null })),
    ),
  ];
}

export const moduleAnalysis = jobAnalyzer(buildModuleAnalysis);
