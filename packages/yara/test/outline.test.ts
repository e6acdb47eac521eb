import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadPack, outlineSource } from '../src/index.js';
import { checkRule } from '../src/custom-rule.js';
import { COMMUNITY_DIRS, HAVE_SHARED, realFiles } from './shared.js';

describe('outlineSource', () => {
  test('finds rules, modifiers, tags, meta and line spans around braces in strings, regexes, hex and comments', () => {
    const src = [
      'import "pe"',
      '/* rule Fake { condition: true } */',
      'private global rule First : tagA tagB {',
      '  meta:',
      '    description = "has } and { inside"',
      '    score = -5',
      '    enabled = true',
      '  strings:',
      '    $h = { 4D 5A [2-4] ( 90 | 91 ) }',
      '    $r = /a\\/\\}x/ nocase',
      '    $s = "\\"}" // rule Commented { }',
      '  condition:',
      '    filesize \\ 2 > 1 and any of them',
      '}',
      'rule Second { condition: filesize > 0 }',
    ].join('\n');
    const o = outlineSource(src);
    expect(o.imports).toEqual(['pe']);
    expect(o.rules.map((r) => [r.name, r.modifiers, r.tags, r.startLine, r.endLine])).toEqual([
      ['First', ['private', 'global'], ['tagA', 'tagB'], 3, 14],
      ['Second', [], [], 15, 15],
    ]);
    expect(o.rules[0]!.meta).toEqual([
      { key: 'description', value: 'has } and { inside' },
      { key: 'score', value: -5 },
      { key: 'enabled', value: true },
    ]);
    // The engine agrees this text is valid, so the spans above are of a real rule file.
    expect(checkRule(src).errors).toEqual([]);
  });

  test('never throws on unterminated input and keeps what it found', () => {
    const o = outlineSource('rule A { condition: true }\nrule B { strings: $a = "unterminated\n condition: $a');
    expect(o.rules.map((r) => r.name)).toEqual(['A', 'B']);
    expect(o.rules[1]!.endLine).toBe(3);
  });
});

describe.skipIf(!HAVE_SHARED)(realFiles('outline against the community packs'), () => {
  test('every outlined rule name is a real rule of its file, and none is missed', async () => {
    const pack = await loadPack({ dirs: COMMUNITY_DIRS });
    let checked = 0;
    for (const f of pack.files) {
      const src = readFileSync(f.path, 'utf8');
      // Independent estimate: declarations at line start (how every file in these packs writes
      // them), outside block comments that start a line (how these packs disable rules).
      const declared = src.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, '').match(/^[ \t]*((private|global)[ \t]+)*rule[ \t]+[A-Za-z_]\w*/gm)?.length ?? 0;
      expect(f.rules.length, f.namespace).toBe(declared);
      if (f.rules.length === 0) continue;
      // A probe rule that references every name compiles only if each name is a declared rule.
      const probe = `${src}\nrule __quarry_probe { condition: ${f.rules.join(' or ')} }`;
      expect(
        checkRule(probe).errors.map((e) => e.title),
        f.namespace,
      ).toEqual([]);
      checked++;
    }
    // 4 files hold only commented-out rules.
    expect(checked).toBe(1011);
    expect(pack.totals.rules).toBe(7087);
  }, 180_000);
});
