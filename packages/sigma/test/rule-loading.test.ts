import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRuleText, SigmaEngine } from '../src/index.js';

const rule = (extra: string) => `title: t\nlogsource: {product: windows}\ndetection:\n  sel: {A: 1}\n  condition: sel\n${extra}`;
const reasons = (text: string) => SigmaEngine.fromText(text, {}, 'x.yml').report.refused.map((r) => r.reason);

describe('documents and collections', () => {
  test('multi-document files give one rule per document', () => {
    const e = SigmaEngine.fromText(`${rule('')}---\n${rule('id: 11111111-2222-4333-8444-555555555555\n')}`);
    expect(e.report.loaded.rules).toBe(2);
  });
  test('action: global merges into the following documents; reset clears; repeat reuses the previous one', () => {
    const text = `action: global\ntitle: shared\nlogsource: {product: windows}\ndetection:\n  condition: sel\n---\ndetection:\n  sel: {A: 1}\n---\ntitle: own\ndetection:\n  sel: {B: 1}\n---\naction: repeat\ndetection:\n  sel: {C: 1}\n---\naction: reset\n---\n${rule('')}`;
    const r = parseRuleText(text);
    expect(r.errors).toEqual([]);
    expect(r.documents.map((d) => d.data['title'])).toEqual(['shared', 'own', 'own', 't']);
    const e = SigmaEngine.fromText(text);
    expect(e.report.loaded.rules).toBe(4);
    // repeat deep-merges into the previous document: its selection holds B and C.
    expect(e.match({ B: 1, C: 1 }).map((m) => m.rule.title)).toEqual(['own', 'own']);
    expect(e.match({ C: 1 })).toEqual([]);
  });
  test('directories are searched recursively for .yml/.yaml', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigma-'));
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'one.yml'), rule(''));
    writeFileSync(join(dir, 'a', 'b', 'two.yaml'), rule(''));
    writeFileSync(join(dir, 'a', 'notes.txt'), 'not a rule');
    expect(SigmaEngine.fromPaths([dir]).report.loaded.rules).toBe(2);
  });
});

describe('validation against the v2.1 specification', () => {
  test.each([
    ['logsource: {product: windows}\ndetection: {sel: {A: 1}, condition: sel}', "missing required attribute 'title'"],
    ['title: t\ndetection: {sel: {A: 1}, condition: sel}', "missing required attribute 'logsource'"],
    ['title: t\nlogsource: {}\ndetection: {sel: {A: 1}, condition: sel}', "'logsource' needs at least one of product, category or service"],
    ['title: t\nlogsource: {product: windows}', "missing required attribute 'detection'"],
    ['title: t\nlogsource: {product: windows}\ndetection: {sel: {A: 1}}', "missing required attribute 'detection.condition'"],
    [rule('level: severe'), "'level' is 'severe', expected one of informational, low, medium, high, critical"],
    [rule('status: beta'), "'status' is 'beta', expected one of stable, test, experimental, deprecated, unsupported"],
    [rule('id: not-a-uuid'), "'id' must be a UUID, got 'not-a-uuid'"],
    [rule('date: 2024/01/02'), "'date' must be a date YYYY-MM-DD, got '2024/01/02'"],
    [rule('tags: [attack]'), "tag 'attack' is not 'namespace.name'"],
    [rule('related: [{id: x, type: cousin}]'), "related type 'cousin' is not one of derived, obsolete, merged, renamed, similar"],
    [rule(`title2: x\ntitle: again`), 'YAML syntax error: Map keys must be unique'],
    ['title: [unclosed', 'YAML syntax error'],
    ['- a\n- b', 'a rule document must be a map, got a list'],
    // Fuzz crasher: an alias without its anchor used to escape as a ReferenceError.
    ['title: t\nlogsource: {product: windows}\ndetection:\n  sel: {A: *nope}\n  condition: sel', 'YAML error: Unresolved alias'],
    // Alias expansion bombs are cut off, not expanded.
    [`a: &a [${'x,'.repeat(9)}x]\nb: &b [${'*a,'.repeat(9)}*a]\nc: &c [${'*b,'.repeat(9)}*b]\nd: [${'*c,'.repeat(9)}*c]`, 'YAML error: Excessive alias count'],
    [`title: ${'x'.repeat(300)}\nlogsource: {product: windows}\ndetection: {sel: {A: 1}, condition: sel}`, "'title' is longer than 256 characters"],
  ])('%#: %s', (text, reason) => {
    const got = reasons(text);
    expect(got).toHaveLength(1);
    expect(got[0]).toContain(reason);
  });
  test('refusals carry file, document and key path in the message', () => {
    const e = SigmaEngine.fromText(`${rule('')}---\n${rule('level: severe')}`, {}, 'rules/x.yml');
    expect(e.report.refused[0]!.error.message).toBe(
      "Invalid Sigma rule format: 'level' is 'severe', expected one of informational, low, medium, high, critical (at level, in rules/x.yml:7, document 2)",
    );
  });
});
