import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { mulberry32 as rng } from '@quarry/testkit';
import { BUILTIN_RULES_DIR, customRule, outlineSource, ScanPool, YaraError } from '../src/index.js';

/** Bounded by default; QUARRY_FUZZ_ITERATIONS=20000 for a long run. */
const ITERATIONS = Number(process.env.QUARRY_FUZZ_ITERATIONS ?? 300);

const TOKENS = [
  '{',
  '}',
  '"',
  '/',
  '/*',
  '*/',
  '//',
  '\\',
  '\n',
  'rule ',
  'private ',
  'global ',
  ':',
  '=',
  '$a',
  'condition:',
  'strings:',
  'meta:',
  '[',
  ']',
  '(',
  ')',
  '\u0000',
  '\u00e9',
];

function mutate(src: string, r: () => number): string {
  let s = src;
  const edits = 1 + Math.floor(r() * 6);
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(r() * (s.length + 1));
    const op = r();
    if (op < 0.35) s = s.slice(0, at) + TOKENS[Math.floor(r() * TOKENS.length)]! + s.slice(at);
    else if (op < 0.6) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 20));
    else if (op < 0.8) s = s.slice(0, at);
    else {
      const from = Math.floor(r() * s.length);
      s = s.slice(0, at) + s.slice(from, from + Math.floor(r() * 80)) + s.slice(at);
    }
  }
  return s;
}

const seeds = readdirSync(BUILTIN_RULES_DIR)
  .filter((f) => f.endsWith('.yar'))
  .sort()
  .map((f) => readFileSync(join(BUILTIN_RULES_DIR, f), 'utf8'));

describe('fuzz', () => {
  test(`outline never throws and keeps line spans inside the text (${ITERATIONS} mutants)`, () => {
    const r = rng(7);
    for (let i = 0; i < ITERATIONS; i++) {
      const text = mutate(seeds[i % seeds.length]!, r);
      const lines = text.split('\n').length;
      const o = outlineSource(text);
      for (const rule of o.rules) {
        expect(rule.startLine, `iteration ${i}`).toBeGreaterThanOrEqual(1);
        expect(rule.endLine, `iteration ${i}`).toBeGreaterThanOrEqual(rule.startLine);
        expect(rule.endLine, `iteration ${i}`).toBeLessThanOrEqual(lines);
      }
    }
  });

  const pool = new ScanPool({ size: 1, timeoutMs: 20_000 });
  afterAll(() => pool.close());

  test(`mutated rule text only ever yields compile reports or YaraErrors, never a dead worker (${Math.ceil(ITERATIONS / 3)} mutants)`, async () => {
    const r = rng(11);
    const data = Buffer.from('sekurlsa::logonpasswords powershell -enc AAAA <?php eval($_POST["a"]); ?> MZ UPX0');
    let compiled = 0;
    for (let i = 0; i < Math.ceil(ITERATIONS / 3); i++) {
      const text = mutate(seeds[i % seeds.length]!, r);
      const report = await pool.compileRule(text);
      for (const d of [...report.errors, ...report.warnings]) expect(d.message.length, `iteration ${i}`).toBeGreaterThan(0);
      if (report.errors.length > 0 || text.trim() === '') continue;
      compiled++;
      try {
        await pool.scanBuffer(customRule(text), data);
      } catch (e) {
        // A rule that validates compiles; only engine-level scan errors are acceptable here.
        expect(e, `iteration ${i}`).toBeInstanceOf(YaraError);
        expect(['scan', 'compile'], `iteration ${i}: ${(e as YaraError).message}`).toContain((e as YaraError).code);
      }
    }
    // The mutator is gentle enough that some mutants still compile and get scanned.
    expect(compiled).toBeGreaterThan(0);
  }, 120_000);
});
