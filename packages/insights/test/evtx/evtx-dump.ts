import { execFileSync } from 'node:child_process';
import { findTool, toolGate } from '@quarry/testkit';
import { samplePath } from '../support/inputs.js';

/** evtx_dump (the Rust evtx crate's CLI) is the reference: expected values come from its JSON, not from our parser. */
export const EVTX_DUMP = findTool('evtx_dump');
export const DUMP_GATE = toolGate('evtx_dump');

type J = Record<string, any>;

/** One event as evtx_dump renders it, with the System fields tests need pulled out. */
export interface DumpedEvent {
  id: number;
  channel: string;
  recordId: number;
  computer: string;
  time: string;
  data: J;
}

const scalar = (v: unknown): unknown => (v !== null && typeof v === 'object' && '#text' in (v as J) ? (v as J)['#text'] : v);

/** Every record of a sample (path relative to ../shared/samples) through evtx_dump. */
export function dumpEvents(rel: string): DumpedEvent[] {
  const out = execFileSync(EVTX_DUMP!, ['-o', 'jsonl', samplePath(rel)], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      const e = JSON.parse(l).Event as J;
      const s = e['System'] as J;
      const ud = e['UserData'] as J | undefined;
      const data = (e['EventData'] ?? (ud ? Object.values(ud).find((x) => typeof x === 'object') : {}) ?? {}) as J;
      return {
        id: Number(scalar(s['EventID'])),
        channel: String(s['Channel']),
        recordId: Number(s['EventRecordID']),
        computer: String(s['Computer']),
        time: String(s['TimeCreated']['#attributes']['SystemTime']),
        data,
      };
    });
}

/** A data field as text ("" when absent). */
export const str = (e: DumpedEvent, k: string): string => (e.data[k] === undefined || e.data[k] === null ? '' : String(scalar(e.data[k])));
