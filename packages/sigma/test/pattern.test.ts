import { describe, expect, test } from 'vitest';
import { strMatch } from '../src/eval-node.js';
import { compilePattern, lowerPattern, ONE, parseSigmaString, STAR } from '../src/pattern.js';
import { matches, ruleWith } from './helpers.js';

describe('Sigma string escaping (spec: wildcards and backslashes)', () => {
  test.each([
    ['abc', ['abc']],
    ['a*c', ['a', STAR, 'c']],
    ['a?c', ['a', ONE, 'c']],
    ['a\\*c', ['a*c']],
    ['a\\?c', ['a?c']],
    ['a\\\\c', ['a\\c']],
    ['C:\\Windows\\', ['C:\\Windows\\']],
    ['\\\\*', ['\\', STAR]],
    ['\\\\\\*', ['\\*']],
    ['end\\', ['end\\']],
    ['', []],
  ])('%j parses to %j', (raw, parts) => {
    expect(parseSigmaString(raw)).toEqual(parts);
  });

  test('compiled patterns', () => {
    const t = (raw: string, s: string) => strMatch(compilePattern(lowerPattern(parseSigmaString(raw))), s.toLowerCase());
    expect(t('*.exe', 'C:\\a.EXE')).toBe(true);
    expect(t('*.exe', 'C:\\a.exe.txt')).toBe(false);
    expect(t('a?c', 'abc')).toBe(true);
    expect(t('a?c', 'ac')).toBe(false);
    expect(t('a\\*c', 'a*c')).toBe(true);
    expect(t('a\\*c', 'abc')).toBe(false);
    expect(t('*', '')).toBe(true);
    expect(t('a*b*c', 'a--b--c')).toBe(true);
    expect(t('a*b*c', 'a--c--b')).toBe(false);
    expect(t('x.y', 'xzy')).toBe(false);
  });

  test('escapes inside rules, case-insensitive by default', () => {
    // YAML 'C:\Temp\\*.exe' is the Sigma string C:\Temp\\*.exe: a backslash, then a wildcard.
    const e = ruleWith(String.raw`sel:
  Path: 'C:\Temp\\*.exe'
  Literal: 'star\*'
condition: sel`);
    expect(matches(e, { Path: 'c:\\temp\\X.EXE', Literal: 'STAR*' })).toBe(true);
    expect(matches(e, { Path: 'c:\\temp\\X.EXE', Literal: 'starX' })).toBe(false);
    expect(matches(e, { Path: 'd:\\temp\\X.EXE', Literal: 'star*' })).toBe(false);
  });

  test('a backslash before a wildcard makes it literal (C:\\Temp\\*.exe)', () => {
    const e = ruleWith(String.raw`sel:
  Path: 'C:\Temp\*.exe'
condition: sel`);
    expect(matches(e, { Path: 'C:\\Temp*.exe' })).toBe(true);
    expect(matches(e, { Path: 'C:\\Temp\\a.exe' })).toBe(false);
  });
});
