import { describe, expect, test } from 'vitest';
import { byteMutations, fuzz, mulberry32, mutate } from '../src/index.js';

class Refusal extends Error {}
const SEEDS = [{ name: 'eight bytes', bytes: Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]) }];

describe('mutation fuzzing', () => {
  test('a mutant replays from its seed and never changes the seed input', () => {
    const input = Uint8Array.from({ length: 64 }, (_, i) => i);
    const a = mutate(input, mulberry32(9), byteMutations());
    const b = mutate(input, mulberry32(9), byteMutations());
    expect(a).toEqual(b);
    expect(input).toEqual(Uint8Array.from({ length: 64 }, (_, i) => i));
  });

  test("the parser's own refusals are counted; any other error is a failure with its input", () => {
    let calls = 0;
    const result = fuzz(
      SEEDS,
      {
        parse: () => {
          calls++;
          if (calls % 2) throw new Refusal('damaged');
          throw new TypeError('bug');
        },
        rejects: (e) => e instanceof Refusal,
        mutations: byteMutations(),
      },
      10,
      1,
    );
    expect(result.runs).toBe(10);
    expect(result.rejected).toBe(5);
    expect(result.failures).toHaveLength(5);
    expect(result.failures[0]?.reason).toContain('TypeError: bug');
  });

  test('a result that cannot serialise is a failure', () => {
    const result = fuzz(SEEDS, { parse: () => ({ n: 1n }), rejects: () => false, mutations: byteMutations() }, 3, 1);
    expect(result.failures).toHaveLength(3);
  });
});
