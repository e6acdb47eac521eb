import { describe, expect, test } from 'vitest';
import { ImplausibleItems, KEPT_PER_INPUT, implausibleLines } from '../../src/pipeline/implausible-items.js';
import type { InputRef } from '../../src/pipeline/input.js';

const ref = (position: number): InputRef => ({ position, fileId: `f${position}`, name: `f${position}.evtx`, size: 0, sha256: '' });

describe('the job list of implausible items', () => {
  test('keeps the first items of each input, counts all, keeps a repeated item once', () => {
    const items = new ImplausibleItems();
    for (let i = 0; i < KEPT_PER_INPUT + 7; i++)
      items.add({ input: ref(1), structure: 'EVTX record', offset: `record ${i}`, reason: 'time in 1601, before 1980-01-01' });
    items.add({ input: ref(1), structure: 'EVTX record', offset: 'record 0', reason: 'time in 1601, before 1980-01-01' });
    items.add({ input: ref(0), structure: 'x', offset: 'byte 0x80', reason: 'r' });
    items.add({ input: null, structure: 'Key Event Timeline entry "a"', offset: 'record 3', reason: 'r' });
    expect(items.of(ref(1))).toHaveLength(KEPT_PER_INPUT);
    expect(items.count(ref(1))).toBe(KEPT_PER_INPUT + 7);
    expect(items.count(ref(0))).toBe(1);
    expect(items.count(null)).toBe(1);
    expect(items.total()).toBe(KEPT_PER_INPUT + 9);
    expect(
      items
        .all()
        .map((i) => i.input?.position ?? null)
        .slice(0, 3),
    ).toEqual([null, 0, 1]);
    const lines = implausibleLines(items.of(ref(1)), items.count(ref(1)), 'f1.evtx: ');
    expect(lines[0]).toBe('f1.evtx: not shown: EVTX record at record 0: time in 1601, before 1980-01-01');
    expect(lines.at(-1)).toBe('f1.evtx: … and 7 more items not shown');
  });
});
