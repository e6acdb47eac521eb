import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadEvtxReader, readEvtxRecords } from '../src/evtx-input.js';
import { parseRuleText, readRuleFiles, scanEvtxParallel, scanRecords, SigmaEngine, type Json, type RuleMatch, type SourceResult } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED } from './helpers.js';

// Pool threads run the scan tasks from dist/ and read EVTX through @quarry/evtx's build.
const BUILT = existsSync(fileURLToPath(new URL('../dist/scan-task.js', import.meta.url)));
const EVTX_BUILT = existsSync(fileURLToPath(new URL('../../evtx/dist/index.js', import.meta.url)));
const reader = await loadEvtxReader();
const skip = !HAS_SHARED
  ? NO_SHARED_REASON
  : !BUILT
    ? 'dist/ not built (run npm run build -w @quarry/sigma)'
    : !EVTX_BUILT || !reader
      ? '@quarry/evtx not built'
      : '';

const evtxUnder = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? evtxUnder(p) : n.endsWith('.evtx') ? [p] : [];
    });

const key = (ms: RuleMatch[]) => ms.map((m) => [m.rule.id, m.recordId, m.timestamp, m.correlation?.events]);

describe.skipIf(skip !== '')(`parallel EVTX scan${skip ? ` (skipped: ${skip})` : ''}`, () => {
  // Sysmon, Security and PowerShell samples of different sizes, so both threads get files.
  const files = skip ? [] : evtxUnder(`${SHARED}/samples/evtx/EVTX-ATTACK-SAMPLES`).slice(0, 12);
  const rules = skip
    ? { documents: [], errors: [] }
    : readRuleFiles([`${SHARED}/rules/sigma/rules/windows/process_creation`, `${SHARED}/rules/sigma/rules/windows/powershell`]);
  // A correlation on the most frequent rule checks that correlations still see every match, in order.
  const withCorrelation = (single: RuleMatch[]): SourceResult => {
    const counts = new Map<string, number>();
    for (const m of single) counts.set(m.rule.id!, (counts.get(m.rule.id!) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const text = `title: busy host\ncorrelation:\n  type: event_count\n  rules: [${top}]\n  group-by: [Computer]\n  timespan: 1h\n  condition: {gte: 2}\n`;
    return { documents: [...rules.documents, ...parseRuleText(text, 'busy.yml').documents], errors: [] };
  };

  test('two threads give the same matches, in the same order, as one thread scanning record by record', async () => {
    const records: Json[] = [];
    for (const f of files) for await (const r of readEvtxRecords(reader!, f)) records.push(r);
    const all = withCorrelation(scanRecords(SigmaEngine.fromSourceResult(rules), records));
    const single = scanRecords(SigmaEngine.fromSourceResult(all), records);
    expect(single.filter((m) => m.correlation).length).toBeGreaterThan(0);
    const par = await scanEvtxParallel(files, { rules: all, threads: 2 });
    expect(par.threads).toBe(2);
    expect(par.records).toBe(records.length);
    expect(key(par.matches)).toEqual(key(single));
    const one = await scanEvtxParallel(files, { rules: all, threads: 1 });
    expect(key(one.matches)).toEqual(key(single));
  }, 120_000);
});
