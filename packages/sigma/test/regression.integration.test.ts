import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseJsonRecords, SigmaEngine, type Json } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED } from './helpers.js';

const REGRESSION = `${SHARED}/rules/sigma-regression`;

function folders(): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    for (const n of readdirSync(p).sort()) {
      const c = join(p, n);
      if (statSync(c).isDirectory()) walk(c);
      else if (n === 'info.yml') out.push(p);
    }
  };
  walk(REGRESSION);
  return out;
}

/** The sample's records: evtx_dump JSON, or (for non-Windows rules) raw log lines as `{message}`. */
function samples(dir: string): Json[] {
  const out: Json[] = [];
  for (const n of readdirSync(dir)) {
    const text = readFileSync(join(dir, n), 'utf8');
    if (n.endsWith('.json')) out.push(...parseJsonRecords(text, n));
    else if (n.endsWith('.raw')) for (const line of text.split('\n')) if (line.trim()) out.push({ message: line });
  }
  return out;
}

describe.skipIf(!HAS_SHARED)(`sigma-regression${HAS_SHARED ? '' : ` (skipped: ${NO_SHARED_REASON})`}`, () => {
  const dirs = HAS_SHARED ? folders() : [];
  const engine = HAS_SHARED
    ? SigmaEngine.fromPaths(['rules', 'rules-emerging-threats', 'rules-threat-hunting'].map((d) => `${SHARED}/rules/sigma/${d}`))
    : undefined;

  test('the literal pre-filter never changes a result (every regression record, every rule)', () => {
    const full = SigmaEngine.fromPaths(
      ['rules', 'rules-emerging-threats', 'rules-threat-hunting'].map((d) => `${SHARED}/rules/sigma/${d}`),
      { prefilter: false },
    );
    let compared = 0;
    for (const d of dirs)
      for (const r of samples(d)) {
        const a = engine!.match(r).map((m) => m.rule.id);
        expect(a).toEqual(full.match(r).map((m) => m.rule.id));
        compared += a.length;
      }
    expect(compared).toBeGreaterThan(dirs.length);
  });

  test('there are regression folders', () => {
    expect(dirs.length).toBeGreaterThanOrEqual(147);
  });

  test.each(dirs.map((d) => [relative(REGRESSION, d), d]))('%s matches its rule', (_name, dir) => {
    const info = parse(readFileSync(join(dir, 'info.yml'), 'utf8')) as { rule_metadata: { id: string }[] };
    const id = info.rule_metadata[0]!.id;
    const records = samples(dir);
    expect(records.length).toBeGreaterThan(0);
    const hits = records.filter((r) => engine!.match(r).some((m) => m.rule.id === id));
    expect(hits.length, `rule ${id} matched none of ${records.length} record(s)`).toBeGreaterThan(0);
  });
});
