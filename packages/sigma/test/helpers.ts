import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SigmaEngine, type EngineOptions, type Json, type RuleMatch } from '../src/index.js';

import { SHARED_DIR as SHARED } from '@quarry/testkit';

/** The read-only shared corpus (rules, samples); tests that need it skip when it is absent. */
export { SHARED };
export const HAS_SHARED = existsSync(`${SHARED}/rules/sigma`);
export const NO_SHARED_REASON = `shared corpus not found at ${SHARED} (set QUARRY_SHARED)`;

/** Every EVTX file of samples/evtx, in a stable order (sorted per directory). */
export function sampleEvtxFiles(): string[] {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.evtx')) files.push(p);
    }
  };
  walk(join(SHARED, 'samples', 'evtx'));
  return files;
}

/** A one-rule engine from a detection block over generic JSON records. */
export function ruleWith(detection: string, extra = '', options: EngineOptions = {}): SigmaEngine {
  const text = `title: t\nid: 11111111-2222-4333-8444-555555555555\nlogsource:\n  product: test\n${extra}detection:\n${detection
    .split('\n')
    .map((l) => '  ' + l)
    .join('\n')}\n`;
  const e = SigmaEngine.fromText(text, options);
  const refused = e.report.refused[0];
  if (refused) throw refused.error;
  return e;
}

export function matches(e: SigmaEngine, record: Json): boolean {
  return e.match(record).length > 0;
}

export function ids(ms: RuleMatch[]): (string | undefined)[] {
  return ms.map((m) => m.rule.id);
}

/** A Sysmon-shaped Windows record in the evtx_dump JSON layout. */
export function sysmonRecord(eventId: number, data: Record<string, Json>, extra: { channel?: string; time?: string; recordId?: number } = {}): Json {
  return {
    Event: {
      System: {
        Provider: { '#attributes': { Name: 'Microsoft-Windows-Sysmon' } },
        EventID: eventId,
        Channel: extra.channel ?? 'Microsoft-Windows-Sysmon/Operational',
        Computer: 'host1',
        EventRecordID: extra.recordId ?? 1,
        TimeCreated: { '#attributes': { SystemTime: extra.time ?? '2025-01-01T00:00:00.000000Z' } },
      },
      EventData: data,
    },
  };
}
