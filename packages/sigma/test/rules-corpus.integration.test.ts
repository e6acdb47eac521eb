import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { listRuleFiles, SigmaEngine } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED } from './helpers.js';

const DIRS = ['rules', 'rules-emerging-threats', 'rules-threat-hunting', 'rules-placeholder'].map((d) => `${SHARED}/rules/sigma/${d}`);

/** Every placeholder the placeholder rules use, with a value an analyst might configure. */
function placeholderTable(): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const f of listRuleFiles(DIRS)) for (const m of readFileSync(f, 'utf8').matchAll(/%([A-Za-z0-9_.-]+)%/g)) table[m[1]!] = [`configured-${m[1]}`];
  return table;
}

describe.skipIf(!HAS_SHARED)(`SigmaHQ corpus${HAS_SHARED ? '' : ` (skipped: ${NO_SHARED_REASON})`}`, () => {
  const files = HAS_SHARED ? listRuleFiles(DIRS) : [];

  test('without a placeholder table: at least 99% load, every refusal has a reason', () => {
    const e = SigmaEngine.fromPaths(DIRS);
    const { loaded, refused, documents } = e.report;
    expect(documents).toBe(files.length);
    expect(loaded.rules + refused.length).toBe(documents);
    expect(loaded.rules / documents).toBeGreaterThanOrEqual(0.99);
    for (const r of refused) {
      expect(r.file).toBeTruthy();
      expect(r.reason).toMatch(/unresolved placeholder/);
    }
    console.log(`corpus: ${documents} documents, ${loaded.rules} loaded, ${refused.length} refused (placeholders without a table)`);
  });

  test('with a placeholder table every rule loads; Windows applicability is reported, never silent', () => {
    const e = SigmaEngine.fromPaths(DIRS, { placeholders: placeholderTable() });
    expect(e.report.refused.map((r) => `${r.file}: ${r.reason}`)).toEqual([]);
    expect(e.report.loaded.rules).toBe(files.length);
    const windowsFiles = files.filter((f) => f.includes('/windows/')).length;
    const notWindows = e.report.notForWindows.filter((n) => n.rule.file?.includes('/windows/'));
    // Windows rules without a mapped source must say why (e.g. category file_access has no EVTX channel).
    for (const n of notWindows) expect(n.reason).toMatch(/no Windows event source is mapped|no mapped Windows source/);
    console.log(`windows rules: ${windowsFiles}, with no Windows source: ${notWindows.length}, partial sources noted: ${e.report.partial.length}`);
    expect(notWindows.length).toBeLessThan(windowsFiles * 0.01);
  });
});
