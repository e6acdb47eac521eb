import { EVIDENCE_TYPES, evidenceTypes, type EvidenceType, type FilterField } from '@quarry/vocabulary';
import { describe, expect, test } from 'vitest';
import { ROW_SHAPES, usesEventTemplates } from '../src/record-store/rows/shapes.js';
import type { RowShape } from '../src/record-store/rows/shape.js';

// @ts-expect-error a shape record that lacks an evidence type does not compile
const incomplete: { [K in EvidenceType]: () => RowShape<K> } = { winevtx: () => ROW_SHAPES.winevtx(), prefetch: () => ROW_SHAPES.prefetch() };

describe('every evidence type has its row shape', () => {
  test('one per descriptor, nothing else', () => {
    expect(incomplete).toBeDefined();
    expect(Object.keys(ROW_SHAPES).sort()).toEqual([...EVIDENCE_TYPES].sort());
  });

  test.each(EVIDENCE_TYPES)("%s: the shape serves its descriptor's search table, filter fields and time semantics", (type) => {
    const shape = ROW_SHAPES[type]();
    const search = evidenceTypes[type].search;
    expect(shape.category).toBe(type);
    expect(shape.title).toBe(search.title);
    expect([...shape.columns]).toEqual([...search.columns]);
    expect(shape.severalTimes).toBe(search.time.several);
    expect(typeof shape.rebuilder).toBe('function');
    const fields: readonly FilterField[] = search.filterFields;
    for (const f of fields) {
      // A prefix field takes any name after it: one the events of the samples use stands for all.
      const name = f.prefix ? `${f.name}Image` : f.name;
      expect([name, shape.field(name) !== undefined]).toEqual([name, true]);
    }
  });

  test('only the EVTX writer asks for event templates (its Message column), so only EVTX jobs load them', () => {
    expect(EVIDENCE_TYPES.filter((type) => usesEventTemplates(type))).toEqual(['winevtx']);
  });
});
