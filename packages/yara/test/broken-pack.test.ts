import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { decodeRuleBase64, loadPack, PackCache, retrieveRules, ScanPool, YaraError } from '../src/index.js';

const root = mkdtempSync(join(tmpdir(), 'quarry-yara-pack-'));
const a = join(root, 'packA');
const b = join(root, 'packB');
mkdirSync(join(a, 'sub'), { recursive: true });
mkdirSync(b);
writeFileSync(
  join(a, 'good.yar'),
  'rule Shared_Name : t1 t2 {\n  meta:\n    description = "from A"\n    author = "alice"\n    enabled = true\n  strings:\n    $a = "needle"\n  condition:\n    $a\n}\n',
);
writeFileSync(join(a, 'sub', 'broken.yara'), 'rule Broken {\n  strings:\n    $a = "x\n  condition:\n    $a\n}\n');
writeFileSync(join(a, 'notes.txt'), 'rule NotARuleFile { condition: true }');
writeFileSync(join(b, 'dup.yar'), 'rule Shared_Name {\n  meta:\n    description = "from B"\n  strings:\n    $b = "needle"\n  condition:\n    $b\n}\n');
writeFileSync(join(b, 'gate.yar'), 'global rule Small_Only { condition: filesize < 100 }\nrule Gated { strings: $g = "needle" condition: $g }\n');

describe('packs with broken files, duplicate names and global rules', () => {
  const pool = new ScanPool({ size: 1 });
  afterAll(async () => {
    await pool.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('a broken file is reported with its error and does not block the rest', async () => {
    const pack = await loadPack({ dirs: [a, b] });
    expect(pack.totals).toEqual({ files: 4, compiled: 3, failed: 1, rules: 4, warnings: 0 });
    const broken = pack.files.find((f) => !f.ok)!;
    expect(broken.namespace).toBe('packA/sub/broken.yara');
    expect(broken.errors[0]).toMatchObject({ code: 'E001', line: 3 });
    // Duplicate name -> second group; the global rule's file -> a group of its own.
    expect(pack.groups.map((g) => g.files.map((f) => f.namespace))).toEqual([['packA/good.yar'], ['packB/dup.yar'], ['packB/gate.yar']]);
  });

  test('both variants of a duplicated name match, each under its own namespace, with its own meta', async () => {
    const pack = await loadPack({ dirs: [a, b] });
    const small = await pool.scanBuffer(pack, Buffer.from('a needle'));
    expect(small.matches.map((m) => [m.namespace, m.rule, m.meta.description]).sort()).toEqual([
      ['packA/good.yar', 'Shared_Name', 'from A'],
      ['packB/dup.yar', 'Shared_Name', 'from B'],
      ['packB/gate.yar', 'Gated', undefined],
      ['packB/gate.yar', 'Small_Only', undefined],
    ]);
    const good = small.matches.find((m) => m.namespace === 'packA/good.yar')!;
    expect(good.tags).toEqual(['t1', 't2']);
    expect(good.meta.enabled).toBe(true);
    // The global rule gates only its own file's rules.
    const big = await pool.scanBuffer(pack, Buffer.concat([Buffer.from('needle'), Buffer.alloc(200)]));
    expect(big.matches.map((m) => m.namespace).sort()).toEqual(['packA/good.yar', 'packB/dup.yar']);
  });

  test('rule retrieval: exact case-sensitive names, several variants, invalid and missing names', async () => {
    const pack = await loadPack({ dirs: [a, b] });
    const r = retrieveRules([pack], ['Shared_Name']);
    expect(r.Shared_Name![0]).toBe('rule Shared_Name : t1 t2 {');
    expect(r.Shared_Name).toContain('');
    expect(r.Shared_Name!.filter((l) => l.startsWith('rule Shared_Name'))).toHaveLength(2);
    expect(r.Shared_Name![r.Shared_Name!.length - 1]).toBe('}');
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return e instanceof YaraError ? e.code : 'not a YaraError';
      }
      return undefined;
    };
    expect(code(() => retrieveRules([pack], ['shared_name']))).toBe('not-found');
    expect(code(() => retrieveRules([pack], ['Shared_Name', 'Missing']))).toBe('not-found');
    expect(code(() => retrieveRules([pack], []))).toBe('invalid-input');
    expect(code(() => retrieveRules([pack], ['bad name']))).toBe('invalid-input');
    expect(code(() => retrieveRules([pack], [42]))).toBe('invalid-input');
  });

  test('a worker keeps at most two compiled packs, and a dropped one is recompiled when used again', async () => {
    const packs = [await loadPack({ dirs: [a] }), await loadPack({ dirs: [b] }), await loadPack({ dirs: [a, b] })];
    expect(new Set(packs.map((p) => p.id)).size).toBe(3);
    for (const p of [...packs, packs[0]!, packs[2]!]) {
      const o = await pool.scanBuffer(p, Buffer.from('needle'));
      expect(o.matches.length).toBeGreaterThan(0);
    }
  });

  test('the pack cache reuses a loaded pack until a rule file changes', async () => {
    const cache = new PackCache();
    const first = await cache.get({ dirs: [a] });
    expect(await cache.get({ dirs: [a] })).toBe(first);
    writeFileSync(join(a, 'extra.yar'), 'rule Extra { strings: $e = "extra" condition: $e }\n');
    const second = await cache.get({ dirs: [a] });
    expect(second).not.toBe(first);
    expect(second.id).not.toBe(first.id);
    expect(second.totals.rules).toBe(first.totals.rules + 1);
  });
});

describe('API shaping', () => {
  test('base64 rule text is decoded strictly', () => {
    const text = 'rule r { condition: true }';
    expect(decodeRuleBase64(Buffer.from(text).toString('base64'))).toBe(text);
    for (const bad of ['', 'not base64!', 'abc', '//79/w==']) {
      expect(() => decodeRuleBase64(bad), bad).toThrowError(YaraError);
    }
  });
});
