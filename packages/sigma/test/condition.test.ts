import { describe, expect, test } from 'vitest';
import { parseCondition, SigmaError } from '../src/index.js';
import { matches, ruleWith } from './helpers.js';

const searches = 'a:\n  A: 1\nb:\n  B: 1\nc:\n  C: 1\nsel_x:\n  X: 1\nsel_y:\n  Y: 1\n_hidden:\n  H: 1\n';
const rec = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, 1]));
const cond = (c: string) => ruleWith(`${searches}condition: ${c}`);

describe('condition grammar', () => {
  test('not binds tighter than and, and tighter than or', () => {
    expect(parseCondition('a or b and not c')).toEqual({
      type: 'or',
      args: [
        { type: 'id', name: 'a' },
        {
          type: 'and',
          args: [
            { type: 'id', name: 'b' },
            { type: 'not', arg: { type: 'id', name: 'c' } },
          ],
        },
      ],
    });
    const e = cond('a or b and not c');
    expect(matches(e, rec('A', 'C'))).toBe(true);
    expect(matches(e, rec('B', 'C'))).toBe(false);
    expect(matches(e, rec('B'))).toBe(true);
  });
  test('parentheses override precedence', () => {
    const e = cond('(a or b) and not c');
    expect(matches(e, rec('A', 'C'))).toBe(false);
    expect(matches(e, rec('A'))).toBe(true);
  });
  test('not not, nested parentheses', () => {
    expect(matches(cond('not not ((a))'), rec('A'))).toBe(true);
    expect(matches(cond('not (a and b)'), rec('A', 'B'))).toBe(false);
  });
  test('1 of / all of with patterns', () => {
    expect(matches(cond('1 of sel_*'), rec('Y'))).toBe(true);
    expect(matches(cond('all of sel_*'), rec('Y'))).toBe(false);
    expect(matches(cond('all of sel_*'), rec('X', 'Y'))).toBe(true);
    expect(matches(cond('any of sel_*'), rec('X'))).toBe(true);
  });
  test("'them' covers every identifier except those starting with _", () => {
    expect(matches(cond('1 of them'), rec('H'))).toBe(false);
    expect(matches(cond('1 of them'), rec('C'))).toBe(true);
    expect(matches(cond('all of them'), rec('A', 'B', 'C', 'X', 'Y'))).toBe(true);
    expect(matches(cond('all of them'), rec('A', 'B', 'C', 'X'))).toBe(false);
  });
  test('of inside boolean expressions', () => {
    const e = cond('a and not 1 of sel_*');
    expect(matches(e, rec('A'))).toBe(true);
    expect(matches(e, rec('A', 'X'))).toBe(false);
  });
  test('a list of conditions matches when any holds', () => {
    const e = ruleWith(`${searches}condition:\n  - a and b\n  - c`);
    expect(matches(e, rec('C'))).toBe(true);
    expect(matches(e, rec('A'))).toBe(false);
  });
  test('operators are case-insensitive', () => {
    expect(matches(cond('a AND NOT b'), rec('A'))).toBe(true);
  });
});

describe('condition errors', () => {
  test.each([
    ['a and', /expected an identifier/],
    ['(a or b', /expected '\)'/],
    ['a b', /unexpected token/],
    ['nosuch', /'nosuch', which is not a search identifier/],
    ['1 of zz*', /matches no search identifier/],
    ['1 of', /after 'of'/],
    ['all a', /expected 'of'/],
    ['a | count() > 5', /pipe aggregation/],
    ['', /condition is empty/],
    [')', /expected an identifier/],
  ])('%j', (c, reason) => {
    try {
      cond(c === '' ? "''" : `'${c}'`);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(SigmaError);
      expect((e as SigmaError).reason).toMatch(reason);
      expect((e as SigmaError).location.path).toBe('detection.condition');
    }
  });
  test('deep nesting is refused, not a stack overflow', () => {
    expect(() => parseCondition('('.repeat(5000) + 'a' + ')'.repeat(5000))).toThrow(/nesting too deep/);
    expect(() => parseCondition('not '.repeat(5000) + 'a')).toThrow(/nesting too deep/);
  });
});
