import { execFileSync } from 'node:child_process';
import { findTool } from '@quarry/testkit';
import { samplePath } from './support.js';

/** One event as evtx_dump prints it (the reference tool, not our parser). */
export interface DumpedEvent {
  id: string;
  recordId: string;
  provider: string;
  computer: string;
  data: Record<string, string>;
}

const scalar = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? scalar((v as Record<string, unknown>)['#text']) : String(v);

/** Every event of the files as evtx_dump reports them, with EventData flattened to strings. */
export function dumpEvents(rels: readonly string[]): DumpedEvent[] {
  const tool = findTool('evtx_dump')!;
  return rels.flatMap((rel) =>
    execFileSync(tool, ['-o', 'jsonl', samplePath(rel)], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 })
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((line) => {
        const ev = (JSON.parse(line) as { Event: Record<string, any> }).Event;
        const sys = ev['System'] as Record<string, any>;
        const data: Record<string, string> = {};
        for (const [k, v] of Object.entries((ev['EventData'] ?? {}) as Record<string, unknown>)) if (k !== '#attributes') data[k] = scalar(v);
        return {
          id: scalar(sys['EventID']),
          recordId: scalar(sys['EventRecordID']),
          provider: scalar(sys['Provider']?.['#attributes']?.['Name']),
          computer: scalar(sys['Computer']),
          data,
        };
      }),
  );
}
