import { describe, expect, test } from 'vitest';
import { compileGroups, scanBlock } from '../src/engine.js';
import { EMPTY_EXTERNALS } from '../src/externals.js';

describe('compile groups', () => {
  test('a clash inside a group is split off at the file the compiler names, and both still scan', () => {
    // Grouping normally keeps duplicate names apart; this group is built by hand to force the fallback.
    const set = compileGroups([
      {
        files: [
          { namespace: 'p/one.yar', source: 'rule Alpha { strings: $a = "dup" condition: $a }\nrule Beta { condition: false }' },
          { namespace: 'p/two.yar', source: '\n\nrule Alpha { strings: $b = "dup" condition: $b }' },
          { namespace: 'p/three.yar', source: 'rule Gamma { strings: $c = "dup" condition: $c }' },
        ],
      },
    ]);
    expect(set.split).toEqual(['p/two.yar']);
    expect(set.groups).toHaveLength(2);
    const hits = scanBlock(set, Buffer.from('a dup here'), EMPTY_EXTERNALS, { maxMatchesPerPattern: 10 });
    expect(hits.map((h) => `${h.namespace}:${h.rule}`).sort()).toEqual(['p/one.yar:Alpha', 'p/three.yar:Gamma', 'p/two.yar:Alpha']);
    expect(hits.find((h) => h.namespace === 'p/two.yar')!.strings).toEqual([{ identifier: '$b', offset: 2, length: 3, data: 'dup' }]);
  });
});
