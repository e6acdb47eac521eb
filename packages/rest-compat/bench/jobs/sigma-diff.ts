/**
 * Per-rule Sigma match counts: ours (the job's "Overview: Sigma Matches" table) against Chainsaw's
 * (its JSON Lines output, one detection per rule and document; an aggregate detection counts its
 * documents), keyed by rule id (title when a rule has none).
 */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Insight } from './service.js';

export interface RuleCount {
  key: string;
  title: string;
  level: string;
  count: number;
}

export function oursSigma(insights: Insight[]): Map<string, RuleCount> {
  const table = insights.find((i) => i.Table?.title === 'Overview: Sigma Matches')?.Table;
  const out = new Map<string, RuleCount>();
  if (!table) return out;
  const [header, ...rows] = table.data;
  const col = (name: string) => header!.indexOf(name);
  const [iTitle, iLevel, iCount, iId] = [col('Rule'), col('Level'), col('Matches'), col('Rule ID')];
  for (const r of rows) {
    const key = r[iId] || r[iTitle]!;
    out.set(key, { key, title: r[iTitle]!, level: r[iLevel] ?? '', count: Number(r[iCount]) });
  }
  return out;
}

export function overviewMeta(insights: Insight[]): Record<string, string> {
  return insights.find((i) => i.Metadata?.title === 'Overview')?.Metadata?.data ?? {};
}

/** One detection of Chainsaw's `--jsonl` output (the fields the bench reads). */
export interface ChainsawDetection {
  id?: string;
  name: string;
  level?: string;
  kind: string;
  document?: ChainsawDocument;
  documents?: ChainsawDocument[];
}

export interface ChainsawDocument {
  path: string;
  data?: { Event?: { System?: { EventRecordID?: number } } };
}

/** Chainsaw's `--jsonl` output, a detection at a time: memory is one line. */
export async function* chainsawDetections(path: string): AsyncGenerator<ChainsawDetection> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of rl) {
    const t = line.trim();
    if (!t || t === '[' || t === ']') continue;
    yield JSON.parse(t.replace(/,$/, '')) as ChainsawDetection;
  }
}

/** Per-rule match counts of Chainsaw's `--jsonl` output (an aggregate detection counts its documents). */
export async function chainsawSigma(path: string): Promise<{ counts: Map<string, RuleCount>; detections: number }> {
  const counts = new Map<string, RuleCount>();
  let detections = 0;
  for await (const d of chainsawDetections(path)) {
    const n = d.kind === 'aggregate' ? (d.documents?.length ?? 1) : 1;
    const key = d.id || d.name;
    const c = counts.get(key) ?? { key, title: d.name, level: d.level ?? '', count: 0 };
    c.count += n;
    counts.set(key, c);
    detections += n;
  }
  return { counts, detections };
}

/** Counts lines of a file without holding it (the big job's Chainsaw output). */
export async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path)) {
    const b = chunk as Buffer;
    for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
  }
  return n;
}

export interface RuleMeta {
  title: string;
  path: string;
  /** logsource category and service, as written in the rule */
  category?: string;
  service?: string;
}

/** What Chainsaw's Sigma mapping file covers: rule titles it excludes, logsources it binds. */
export interface ChainsawMapping {
  exclusions: Set<string>;
  categories: Set<string>;
  services: Set<string>;
  /** Sigma field names its field list maps (others are looked for at the document's root). */
  fields: Set<string>;
}

export function readChainsawMapping(path: string): ChainsawMapping {
  const text = readFileSync(path, 'utf8');
  const block = /^exclusions:\n((?:- .*\n)+)/m.exec(text)?.[1] ?? '';
  return {
    exclusions: new Set(
      block
        .split('\n')
        .map((l) => l.replace(/^- /, '').trim())
        .filter(Boolean),
    ),
    categories: new Set([...text.matchAll(/logsource\.category:\s*(\S+)/g)].map((m) => m[1]!)),
    services: new Set([...text.matchAll(/logsource\.service:\s*(\S+)/g)].map((m) => m[1]!)),
    fields: new Set([...text.matchAll(/^\s*- from:\s*(\S+)/gm)].map((m) => m[1]!)),
  };
}

/** id → title/path of every rule file under the directories (a cheap read of `id:`/`title:`). */
export function ruleIndex(dirs: string[]): Map<string, RuleMeta> {
  const out = new Map<string, RuleMeta>();
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/i.test(n)) {
        const text = readFileSync(p, 'utf8');
        const id = /^id:\s*['"]?([^'"\s]+)/m.exec(text)?.[1];
        const title = /^title:\s*['"]?(.*?)['"]?\s*$/m.exec(text)?.[1] ?? n;
        const logsource = /^logsource:\n((?:[ \t]+.*\n)+)/m.exec(text)?.[1] ?? '';
        const category = /^\s+category:\s*(\S+)/m.exec(logsource)?.[1];
        const service = /^\s+service:\s*(\S+)/m.exec(logsource)?.[1];
        out.set(id ?? title, { title, path: p, ...(category ? { category } : {}), ...(service ? { service } : {}) });
      }
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

export interface DiffRow {
  key: string;
  title: string;
  level: string;
  ours: number;
  chainsaw: number;
  note: string;
}

export function diffCounts(
  ours: Map<string, RuleCount>,
  theirs: Map<string, RuleCount>,
  builtin: Map<string, RuleMeta>,
  community: Map<string, RuleMeta>,
  chainsawRefused: Set<string>,
  mapping?: ChainsawMapping,
): { equal: number; rows: DiffRow[] } {
  const keys = new Set([...ours.keys(), ...theirs.keys()]);
  let equal = 0;
  const rows: DiffRow[] = [];
  for (const key of [...keys].sort()) {
    const o = ours.get(key);
    const t = theirs.get(key);
    if (o && t && o.count === t.count) {
      equal++;
      continue;
    }
    let note: string;
    if (!community.has(key) && builtin.has(key)) note = 'built-in Quarry rule: not in the SigmaHQ set given to Chainsaw';
    else if (chainsawRefused.has(key)) note = 'Chainsaw does not load this rule (chainsaw lint refuses it)';
    else if (mapping && mapping.exclusions.has(o?.title ?? t?.title ?? '')) note = "excluded by title in Chainsaw's mapping file";
    else if (mapping && community.get(key)?.category && !mapping.categories.has(community.get(key)!.category!))
      note = `logsource category ${community.get(key)!.category} has no entry in Chainsaw's mapping (run unmapped on every event: no channel or field translation)`;
    else if (mapping && !community.get(key)?.category && community.get(key)?.service && !mapping.services.has(community.get(key)!.service!))
      note = `logsource service ${community.get(key)!.service} has no entry in Chainsaw's mapping (run unmapped on every event: no channel or field translation)`;
    else if (!t) note = 'matched by Quarry only';
    else if (!o) note = 'matched by Chainsaw only';
    else note = o.count > t.count ? 'Quarry matches more records' : 'Chainsaw matches more records';
    rows.push({ key, title: o?.title ?? t?.title ?? '', level: o?.level || t?.level || '', ours: o?.count ?? 0, chainsaw: t?.count ?? 0, note });
  }
  return { equal, rows };
}
