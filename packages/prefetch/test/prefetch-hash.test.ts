import { describe, expect, test } from 'vitest';
import { checkPrefetchHash, formatHash, prefetchHash2008, prefetchHashVista, prefetchHashXp } from '../src/index.js';
import { rng } from './helpers/random.js';

describe('prefetch hash functions', () => {
  test('XP: the libscca format documentation example', () => {
    expect(formatHash(prefetchHashXp('\\DEVICE\\HARDDISKVOLUME1\\WINDOWS\\NOTEPAD.EXE'))).toBe('0x189578da');
  });

  test.each([
    ['\\DEVICE\\HARDDISKVOLUME1\\WINDOWS\\SYSTEM32\\CALC.EXE', prefetchHashXp, '0x02cd573a'],
    ['\\DEVICE\\HARDDISKVOLUME2\\WINDOWS\\SYSTEM32\\CALC.EXE', prefetchHash2008, '0x77fdf17f'],
    ['\\DEVICE\\HARDDISKVOLUME3\\WINDOWS\\SYSTEM32\\NOTEPAD.EXE', prefetchHashVista, '0xc5670914'],
  ])('%s gives the hash in its real prefetch file name', (path, hash, expected) => {
    expect(formatHash(hash(path))).toBe(expected);
  });

  test('the 2008 function is the Vista function unrolled (37^7 and -37^8 mod 2^32)', () => {
    const next = rng(11);
    for (let i = 0; i < 200; i++) {
      const path = Array.from({ length: Math.floor(next() * 80) }, () => String.fromCharCode(32 + Math.floor(next() * 0x3000))).join('');
      expect(prefetchHash2008(path)).toBe(prefetchHashVista(path));
    }
  });
});

describe('checkPrefetchHash', () => {
  const path = '\\DEVICE\\HARDDISKVOLUME2\\WINDOWS\\SYSTEM32\\CALC.EXE';
  const hash = prefetchHashVista(path);

  test('a Windows 10 hash string that hashes to the stored value matches', () => {
    expect(checkPrefetchHash(30, hash, 'CALC.EXE', path, [])).toMatchObject({ status: 'match', source: 'hash-string', executablePath: path });
  });

  test('a stored hash a few above the computed one is explained as a /prefetch:N switch', () => {
    const check = checkPrefetchHash(30, (hash + 3) >>> 0, 'CALC.EXE', path, []);
    expect(check.status).toBe('mismatch');
    expect(check.note).toMatch(/prefetch:3/);
  });

  test('an unknown device number is searched and marked as inferred', () => {
    const check = checkPrefetchHash(30, hash, 'CALC.EXE', null, [{ relativePath: '\\WINDOWS\\SYSTEM32\\CALC.EXE', deviceName: null }]);
    expect(check).toMatchObject({ status: 'match', deviceInferred: true, executablePath: path });
  });

  test('a hosting executable mismatch carries the reason', () => {
    const check = checkPrefetchHash(23, 1, 'DLLHOST.EXE', null, [
      { relativePath: '\\WINDOWS\\SYSTEM32\\DLLHOST.EXE', deviceName: '\\DEVICE\\HARDDISKVOLUME1' },
    ]);
    expect(check.status).toBe('mismatch');
    expect(check.note).toMatch(/command line/);
  });

  test('no candidate path leaves the status unknown', () => {
    expect(checkPrefetchHash(17, 5, 'X.EXE', null, []).status).toBe('unknown');
  });
});
