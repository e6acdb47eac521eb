/**
 * EVTX records through @quarry/evtx when that package is built and exports `openEvtx`; loaded at
 * run time so this library does not depend on the parser at build time.
 */
import type { SigmaEngine } from './engine.js';
import type { Json } from './event.js';
import type { RuleMatch } from './match.js';

export interface EvtxModule {
  openEvtx(path: string): AsyncIterable<{ event: Json }>;
}

const EVTX_PACKAGE = '@quarry/evtx';

export const EVTX_MISSING = 'EVTX input requires @quarry/evtx (built, exporting openEvtx)';

export async function loadEvtxReader(): Promise<EvtxModule | undefined> {
  try {
    const mod = (await import(EVTX_PACKAGE)) as Partial<EvtxModule>;
    return typeof mod.openEvtx === 'function' ? (mod as EvtxModule) : undefined;
  } catch {
    return undefined;
  }
}

/** Records of one EVTX file in the evtx_dump JSON shape. */
export async function* readEvtxRecords(reader: EvtxModule, path: string): AsyncGenerator<Json> {
  for await (const r of reader.openEvtx(path)) yield r.event;
}

export interface FileMatches {
  matches: RuleMatch[];
  records: number;
}

/** Detection matches of one EVTX file, in record order (correlations are the caller's). */
export async function matchEvtxFile(reader: EvtxModule, engine: SigmaEngine, path: string): Promise<FileMatches> {
  const matches: RuleMatch[] = [];
  let records = 0;
  for await (const r of reader.openEvtx(path)) {
    records++;
    for (const m of engine.match(r.event)) matches.push(m);
  }
  return { matches, records };
}
