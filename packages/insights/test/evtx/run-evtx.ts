import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runPipeline, type Insight, type SigmaRules } from '../../src/index.js';
import { SAMPLES, inputsOf } from '../support/inputs.js';

/** Every .evtx under a samples folder, relative to ../shared/samples. */
export function evtxSamples(dir = 'evtx'): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.evtx')) out.push(relative(SAMPLES, p));
    }
  };
  walk(join(SAMPLES, dir));
  return out;
}

/** Runs the registered EVTX analyzers over sample files as one job; with `sigmaRules`, Sigma too (run_sigma_rules). */
export function runEvtx(rels: string[], sigmaRules?: SigmaRules): Promise<Insight[]> {
  return runPipeline({ category: 'winevtx', inputs: inputsOf(rels), options: { runSigmaRules: sigmaRules !== undefined }, threads: 1, sigmaRules });
}

type Payload<K extends string> = Extract<Insight, Record<K, unknown>>[K & keyof Extract<Insight, Record<K, unknown>>];

/** The payload of the insight with this title (throws when absent). */
export function insight<K extends 'Table' | 'IndexTable' | 'Chart' | 'Graph' | 'Metadata' | 'Timeline'>(all: Insight[], kind: K, title: string): Payload<K> {
  for (const i of all)
    if (kind in i && (i as Record<string, { title: string }>)[kind]!.title === title) return (i as Record<string, unknown>)[kind] as Payload<K>;
  throw new Error(`no ${kind} "${title}" among: ${all.map((i) => Object.values(i)[0].title ?? 'Error').join(', ')}`);
}

/** Table rows as objects keyed by the header. */
export function rowsOf(table: { data: string[][] }): Record<string, string>[] {
  const [header = [], ...rows] = table.data;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
