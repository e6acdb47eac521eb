/**
 * EVTX records through @quarry/evtx when that package is built and exports `openEvtx`; loaded at
 * run time so this library does not depend on the parser at build time.
 */
import type { Json } from './event.js';

interface EvtxModule {
  openEvtx(path: string): AsyncIterable<{ event: Json }>;
}

const EVTX_PACKAGE = '@quarry/evtx';

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
