import { describe, expect, test } from 'vitest';
import { StructureError, Warnings } from '../src/index.js';

class DemoError extends StructureError<'DEMO'> {
  override readonly name = 'DemoError';
}

describe('StructureError', () => {
  test('the message names the format, structure and offset, and the sizes of a short read', () => {
    const e = new DemoError('truncated', { format: 'DEMO', structure: 'entry 3', offset: 96, needed: 8, available: 2 });
    expect(e.message).toBe('DEMO entry 3 at offset 96: truncated (needed 8 bytes, 2 available)');
    expect(e.reason).toBe('truncated (needed 8 bytes, 2 available)');
    expect(e.toJSON()).toEqual({
      name: 'DemoError',
      message: e.message,
      format: 'DEMO',
      structure: 'entry 3',
      offset: 96,
      needed: 8,
      available: 2,
    });
    expect(new DemoError('bad', { format: 'DEMO', structure: 'header', offset: 0 }).toJSON()).not.toHaveProperty('needed');
  });
});

describe('Warnings', () => {
  test('a section that throws a StructureError becomes a warning and yields the fallback', () => {
    const w = new Warnings();
    expect(
      w.section(7, () => {
        throw new DemoError('bad magic', { format: 'DEMO', structure: 'header', offset: 4 });
      }),
    ).toBe(7);
    expect(w.list).toEqual([{ structure: 'header', offset: 4, message: 'bad magic' }]);
  });

  test('any other error is not swallowed', () => {
    expect(() =>
      new Warnings().section(0, () => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });

  test('past fifty warnings only a count is kept', () => {
    const w = new Warnings();
    for (let i = 0; i < 53; i++) w.add('entry', i, 'damaged');
    expect(w.list).toHaveLength(51);
    expect(w.list.at(-1)).toEqual({ structure: 'warnings', offset: 0, message: '3 more warnings not listed' });
  });

  test('fit trusts no declared count past the bytes available', () => {
    const w = new Warnings();
    expect(w.fit('table', 16, 4, 8, 64)).toBe(4);
    expect(w.fit('table', 16, 10, 8, 64)).toBe(6);
    expect(w.fit('table', 80, 1, 8, 64)).toBe(0);
    expect(w.list.map((x) => x.message)).toEqual(['declared 10 entries of 8 bytes, only 6 fit', 'declared 1 entries of 8 bytes, only 0 fit']);
  });
});
